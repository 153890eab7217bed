-- Broken on purpose: bad-duration. transitionDuration says 0 while the animation takes
-- 0.3 s: UIKit uses the duration to run interactive transitions and alongside animations,
-- so it must be the animation's length (positive and finite) when the transition is animated.
local Fade = NSObject:subclass("ZeroDuration")
function Fade:transitionDuration(ctx) return 0 end
function Fade:animateTransition(ctx)
  local toVC = ctx:viewController("to")
  local presenting = toVC.presentingViewController == ctx:viewController("from")
  local view = presenting and ctx:view("to") or ctx:view("from")
  if presenting then
    view.frame = ctx:finalFrame(toVC)
    view.alpha = 0
    ctx.containerView:addSubview(view)
  end
  UIView.animate(ctx.isAnimated and 0.3 or 0, function() view.alpha = presenting and 1 or 0 end,
    function() ctx:completeTransition(not ctx.transitionWasCancelled) end)
end
return Fade.new()
