-- Broken on purpose (reported as revealed-not-visible): an iOS 7 animator that, for a custom
-- presentation, adds the presenter's view to the container when dismissing, as iOS 7 code did:
--     [containerView addSubview:toViewController.view];
-- From iOS 8 the custom style keeps the presenter's view in the window under the container
-- (ctx:view("to") is nil), and UIKit removes the container, with what it holds, when the
-- dismissal completes: the presenter's view goes with it and the screen is black.
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
  else
    container:insertSubviewBelow(toVC.view, fromVC.view)   -- (wrong) the iOS 7 habit
  end
  UIView.animate(self:transitionDuration(ctx), function()
    if presenting then toVC.view.frame = bounds else fromVC.view.frame = offscreen end
  end, function()
    ctx:completeTransition(not ctx.transitionWasCancelled)
  end)
end

return Slide.new()
