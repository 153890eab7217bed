-- Values stored in a class table are static constants of the Swift class.
local Switcher = NSObject:subclass("Switcher")
Switcher.TypePresent = "present"
Switcher.TypeDismiss = "dismiss"  -- the other way
Switcher.Duration = 0.3

function Switcher:transitionDuration(ctx)
  return Switcher.Duration
end

function Switcher:animationControllerForPresented(presented, presenting, source)
  self.kind = Switcher.TypePresent
  return self
end

function Switcher:animationControllerForDismissed(dismissed)
  self.kind = Switcher.TypeDismiss
  return self
end

function Switcher:animateTransition(ctx)
  if self.kind == Switcher.TypeDismiss then
    ctx:view("from").alpha = 0
  end
  ctx:completeTransition(true)
end

return Switcher.new()
