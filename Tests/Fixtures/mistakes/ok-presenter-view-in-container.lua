-- The corrected twin of presenter-view-in-container.lua: the dismissal leaves the presenter's
-- view where UIKit keeps it for the custom style (in the window, under the container) and
-- only slides the presented view away. Passes with no problem.
local Slide = NSObject:subclass("iOS7SlideAnimator")

function Slide:transitionDuration(ctx) return ctx.isAnimated and 0.3 or 0 end

function Slide:animateTransition(ctx)
  local fromVC, toVC = ctx:viewController("from"), ctx:viewController("to")
  local container = ctx.containerView
  local presenting = toVC.presentingViewController == fromVC
  local bounds = container.bounds
  local offscreen = CGRect(bounds.width, 0, bounds.width, bounds.height)
  if presenting then
    toVC.view.frame = offscreen
    container:addSubview(toVC.view)
  end
  UIView.animate(self:transitionDuration(ctx), function()
    if presenting then toVC.view.frame = bounds else fromVC.view.frame = offscreen end
  end, function()
    ctx:completeTransition(not ctx.transitionWasCancelled)
  end)
end

return Slide.new()
