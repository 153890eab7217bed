-- A value UIKit types as a protocol (interruptibleAnimator returns any
-- UIViewImplicitlyAnimating): what the protocol requires is called on it.
local Interruptible = NSObject:subclass("Interruptible")

function Interruptible:transitionDuration(ctx)
  return 0.3
end

function Interruptible:animateTransition(ctx)
  self:interruptibleAnimator(ctx):startAnimation()
end

function Interruptible:interruptibleAnimator(ctx)
  local toView = ctx:view("to")
  local animator = UIViewPropertyAnimator.new{ duration = 0.3, curve = "easeOut" }
  animator:addAnimations(function() toView.alpha = 1 end)
  return animator
end

return Interruptible
