-- Broken on purpose: non-finite-geometry. A "zoom" decoration inside the presented view is
-- scaled by 1e308 (a scale computed from a near-zero divisor, say): every input is finite, but
-- its frame overflows to infinity. On iOS this is the "CALayer position contains NaN" crash.
local Zoom = NSObject:subclass("OverflowingZoom")
function Zoom:transitionDuration(ctx) return ctx.isAnimated and 0.3 or 0 end
function Zoom:animateTransition(ctx)
  local toVC = ctx:viewController("to")
  local presenting = toVC.presentingViewController == ctx:viewController("from")
  local view = presenting and ctx:view("to") or ctx:view("from")
  if presenting then
    view.frame = ctx:finalFrame(toVC)
    view.alpha = 0
    ctx.containerView:addSubview(view)
    local sparkle = UIView.new{ frame = CGRect(10, 10, 20, 20), name = "sparkle" }
    view:addSubview(sparkle)
    local tiny = 1e-308
    sparkle.transform = CGAffineTransform.scale(1 / tiny, 1 / tiny)
  end
  UIView.animate(self:transitionDuration(ctx), function() view.alpha = presenting and 1 or 0 end,
    function() ctx:completeTransition(not ctx.transitionWasCancelled) end)
end
return Zoom.new()
