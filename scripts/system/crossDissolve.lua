-- UIModalTransitionStyle.crossDissolve: "the current view fades out while the new view fades
-- in at the same time" (UIKit docs, docs/sources.md §3.7). UIKit's duration is undocumented; we use
-- Apple's own CrossDissolve sample's 0.35 s on the default easeInOut curve (docs/sources.md §1.2).
-- The view underneath stays opaque and only the top view's alpha animates, so the two
-- dissolve into each other without showing the window behind them at mid-point.

local DURATION = 0.35  -- Apple's AAPLCrossDissolveTransitionAnimator (docs/sources.md §1.2)

local CrossDissolve = NSObject:subclass("UICrossDissolveTransition")

local viewFor = require("system.support").viewFor

function CrossDissolve:transitionDuration(ctx)
  return ctx.isAnimated and DURATION or 0
end

function CrossDissolve:animateTransition(ctx)
  local container = ctx.containerView
  local fromVC, toVC = ctx:viewController("from"), ctx:viewController("to")
  local isPresenting = toVC.presentingViewController == fromVC
  local fromView, toView = viewFor(ctx, "from"), viewFor(ctx, "to")

  local fading
  if isPresenting then
    if fromView then fromView.frame = ctx:initialFrame(fromVC) end
    toView.frame = ctx:finalFrame(toVC)
    toView.alpha = 0
    container:addSubview(toView)
    fading = function() toView.alpha = 1 end
  else
    if toView then
      toView.frame = ctx:finalFrame(toVC)
      toView.alpha = 1
      container:insertSubviewBelow(toView, fromView)
    end
    fading = function() fromView.alpha = 0 end
  end

  UIView.animate(self:transitionDuration(ctx), fading, function()
    local cancelled = ctx.transitionWasCancelled
    if not isPresenting then
      if cancelled then
        if toView then toView:removeFromSuperview() end  -- UIKit leaves it (docs/sources.md §1.2)
      else
        fromView.alpha = 1  -- the presented view may be presented again
      end
    end
    ctx:completeTransition(not cancelled)
  end)
end

return CrossDissolve.new()
