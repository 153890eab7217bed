-- A completion UIKit declares @Sendable (animateKeyframes'): UIKit calls it on the main thread,
-- so its body runs in MainActor.assumeIsolated, where the views may be touched.
local Keys = NSObject:subclass("Keys")

function Keys:transitionDuration(ctx)
  return 0.4
end

function Keys:animateTransition(ctx)
  local toView = ctx:view("to")
  ctx.containerView:addSubview(toView)
  toView.alpha = 0
  UIView.animateKeyframes{ duration = 0.4, animations = function()
    UIView.addKeyframe(0, 1, function() toView.alpha = 1 end)
  end, completion = function(finished)
    toView.alpha = 1
    ctx:completeTransition(not ctx.transitionWasCancelled)
  end }
end

return Keys
