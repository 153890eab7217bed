-- Broken on purpose: snapshot-never-drawn. A zoom that animates a snapshot of the incoming
-- screen, ported from Swift with
--     let snapshot = toView.snapshotView(afterScreenUpdates: false)
-- The presented view has never been on screen when animateTransition runs, so iOS has nothing
-- rendered to copy: the snapshot is empty and the zoom shows a blank rectangle. A view that was
-- never drawn needs afterScreenUpdates: true.
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
  local snapshot = toView:snapshotView(false)   -- (wrong) never drawn: empty on iOS
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
