-- A navigation delegate (push and pop) done right: the to view slides in from the right over
-- the from view. transit check pushes and pops it, animated and not; every cell passes.
local Slide = NSObject:subclass("NavSlide")
function Slide:transitionDuration(ctx) return ctx.isAnimated and 0.3 or 0 end
function Slide:animateTransition(ctx)
  local toView, fromView = ctx:view("to"), ctx:view("from")
  local final = ctx:finalFrame(ctx:viewController("to"))
  toView.frame = final:offsetBy(final.width, 0)
  ctx.containerView:addSubview(toView)
  UIView.animate(self:transitionDuration(ctx), function() toView.frame = final end,
    function() ctx:completeTransition(not ctx.transitionWasCancelled) end)
end
local delegate = {}
function delegate:animationControllerForOperation(nav, op, from, to) return Slide.new() end
return delegate
