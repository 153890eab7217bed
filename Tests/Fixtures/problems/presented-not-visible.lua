-- Broken on purpose: presented-not-visible. The animator fades the presented view in but never
-- adds it to ctx.containerView, so nothing is on screen when the presentation completes (the
-- most common first mistake; UIKit's animateTransition docs: "you must add the view to the
-- container"). The dismissal needs nothing more: the custom style leaves the presenter shown.
local Fade = NSObject:subclass("ForgetfulFade")
function Fade:transitionDuration(ctx) return ctx.isAnimated and 0.3 or 0 end
function Fade:animateTransition(ctx)
  local toVC = ctx:viewController("to")
  local presenting = toVC.presentingViewController == ctx:viewController("from")
  local view = presenting and ctx:view("to") or ctx:view("from")
  if presenting then
    view.frame = ctx:finalFrame(toVC)
    view.alpha = 0
    -- (missing) ctx.containerView:addSubview(view)
  end
  UIView.animate(self:transitionDuration(ctx), function() view.alpha = presenting and 1 or 0 end,
    function() ctx:completeTransition(not ctx.transitionWasCancelled) end)
end
return Fade.new()
