-- A function stored in a class table is a static function of the Swift class, typed by its
-- calls; a local named self in it is a plain local (Swift names it after its class), and the
-- fields it sets on the object are stored properties.
local Interaction = UIPercentDrivenInteractiveTransition:subclass("EdgeInteraction")

function Interaction.attach(presented)
  local self = Interaction.new()
  self.presented = presented
  return self
end

local Delegate = NSObject:subclass("EdgeDelegate")

function Delegate:animationControllerForPresented(presented, presenting, source)
  self.interaction = Interaction.attach(presented)
  return nil
end

function Delegate:interactionControllerForDismissal(animator)
  return self.interaction
end

return Delegate
