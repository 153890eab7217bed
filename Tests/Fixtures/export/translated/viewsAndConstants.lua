-- Foundation's constants (CGRect.zero) and an object made with no arguments (CAShapeLayer(),
-- NSObject's init); Transit's name for a view is a comment, as UIKit has none; `return f()`
-- in a hook that returns nothing is the call, then the return.
local Masked = NSObject:subclass("Masked")

function Masked:transitionDuration(ctx)
  return 0.3
end

function Masked:animateTransition(ctx)
  local toView = ctx:view("to")
  toView.name = "masked"
  local mask = CAShapeLayer()
  mask.frame = CGRect.zero
  toView.layer.mask = mask
  if not ctx.isAnimated then return ctx:completeTransition(true) end
  ctx.containerView:addSubview(toView)
  ctx:completeTransition(true)
end

return Masked
