-- Broken on purpose: revealed-not-visible (the black screen). A full-screen cross-fade that
-- fades the presenter's view out when presenting and, when dismissing, only fades the
-- presented view away: the revealed view is still at alpha 0 when the dismissal completes.
local Fade = NSObject:subclass("OneWayCrossFade")
function Fade:transitionDuration(ctx) return ctx.isAnimated and 0.3 or 0 end
function Fade:animateTransition(ctx)
  local toVC = ctx:viewController("to")
  local presenting = toVC.presentingViewController == ctx:viewController("from")
  local fromView, toView = ctx:view("from"), ctx:view("to")
  if presenting then
    toView.frame = ctx:finalFrame(toVC)
    toView.alpha = 0
    ctx.containerView:addSubview(toView)
  else
    toView.frame = ctx:finalFrame(toVC)
    ctx.containerView:insertSubviewBelow(toView, fromView)
  end
  UIView.animate(self:transitionDuration(ctx), function()
    fromView.alpha = 0
    if presenting then toView.alpha = 1 end   -- (missing) the same for the dismissal
  end, function()
    if not presenting then fromView.alpha = 1 end
    ctx:completeTransition(not ctx.transitionWasCancelled)
  end)
end
local animator = Fade.new()
animator.modalPresentationStyle = "fullScreen"
return animator
