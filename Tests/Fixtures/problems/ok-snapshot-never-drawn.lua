-- The corrected twin of snapshot-never-drawn.lua: the presented view has never been on
-- screen, so the zoom snapshots it with afterScreenUpdates: true, which renders it first.
-- Passes with no problem.
local Zoom = NSObject:subclass("SnapshotZoom")

function Zoom:transitionDuration(ctx) return ctx.isAnimated and 0.35 or 0 end

function Zoom:animateTransition(ctx)
  local toVC = ctx:viewController("to")
  local presenting = toVC.presentingViewController == ctx:viewController("from")
  local container = ctx.containerView
  if not presenting then
    local fromView = ctx:view("from")
    UIView.animate(self:transitionDuration(ctx), function() fromView.alpha = 0 end, function()
      ctx:completeTransition(not ctx.transitionWasCancelled)
    end)
    return
  end
  local toView = ctx:view("to")
  local final = ctx:finalFrame(toVC)
  toView.frame = final
  local snapshot = toView:snapshotView(true)
  snapshot.frame = final
  snapshot.transform = CGAffineTransform.scale(0.2, 0.2)
  container:addSubview(snapshot)
  UIView.animate(self:transitionDuration(ctx), function()
    snapshot.transform = CGAffineTransform.identity
  end, function()
    container:addSubview(toView)
    snapshot:removeFromSuperview()
    ctx:completeTransition(not ctx.transitionWasCancelled)
  end)
end

return Zoom.new()
