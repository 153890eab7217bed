local Pull = UIPercentDrivenInteractiveTransition:subclass("PullInteraction")

function Pull.attach(presented)
  local interaction = Pull.new()
  presented.view:addGestureRecognizer(UIPanGestureRecognizer.new(function(g) interaction:handlePan(g) end))
  interaction = Pull.new()
  return interaction
end

function Pull:handlePan(recognizer)
  self:finish()
end

local Delegate = NSObject:subclass("PullDelegate")

function Delegate:animationControllerForPresented(presented, presenting, source)
  self.interaction = Pull.attach(presented)
  return nil
end

return Delegate
