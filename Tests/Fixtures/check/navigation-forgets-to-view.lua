-- A navigation delegate that never adds the to view to the container: the navigation
-- controller does not add it either (Apple's animateTransition docs: the animator adds it), so
-- every push shows nothing new (presented-not-visible) and every pop a blank screen
-- (revealed-not-visible), judged when completeTransition is called.
local Slide = NSObject:subclass("NavSlide")
function Slide:transitionDuration(ctx) return ctx.isAnimated and 0.3 or 0 end
function Slide:animateTransition(ctx)
  local toView, fromView = ctx:view("to"), ctx:view("from")
  local final = ctx:finalFrame(ctx:viewController("to"))
  toView.frame = final:offsetBy(final.width, 0)
  -- (missing) ctx.containerView:addSubview(toView)
  UIView.animate(self:transitionDuration(ctx), function() toView.frame = final end,
    function() ctx:completeTransition(not ctx.transitionWasCancelled) end)
end
local delegate = {}
function delegate:animationControllerForOperation(nav, op, from, to) return Slide.new() end
return delegate
