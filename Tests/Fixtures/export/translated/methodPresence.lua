-- An Objective-C port's test that a method exists (`if ctx.view then`, its
-- respondsToSelector:) is always true: the branch that runs is written, the others are not.
local Fallback = NSObject:subclass("Fallback")

function Fallback:transitionDuration(ctx)
  return 0.3
end

function Fallback:animateTransition(ctx)
  local toView = ctx:viewController("to").view
  if ctx.view then  -- iOS 8 and later
    toView = ctx:view("to")
  else
    -- iOS 7
    toView.alpha = 1
  end
  ctx.containerView:addSubview(toView)
  ctx:completeTransition(true)
end

return Fallback
