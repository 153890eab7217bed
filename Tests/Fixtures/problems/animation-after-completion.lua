-- Broken on purpose: animation-after-completion. The card's bounce runs 0.6 s but
-- completeTransition is called when the 0.3 s fade ends: UIKit tears the transition down while
-- an animation of it still runs (the last animation's completion is the place to call it).
local Fade = NSObject:subclass("EarlyCompletion")
function Fade:transitionDuration(ctx) return ctx.isAnimated and 0.3 or 0 end
function Fade:animateTransition(ctx)
  local toVC = ctx:viewController("to")
  local presenting = toVC.presentingViewController == ctx:viewController("from")
  local view = presenting and ctx:view("to") or ctx:view("from")
  if presenting then
    view.frame = ctx:finalFrame(toVC)
    view.alpha = 0
    ctx.containerView:addSubview(view)
  end
  local d = self:transitionDuration(ctx)
  UIView.animate(d, function() view.alpha = presenting and 1 or 0 end,
    function() ctx:completeTransition(not ctx.transitionWasCancelled) end)
  if presenting and d > 0 then
    local card = view.subviews[1]
    UIView.animate(2 * d, function() card.backgroundColor = UIColor.systemYellow end)
  end
end
return Fade.new()
