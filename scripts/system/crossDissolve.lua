-- UIModalTransitionStyle.crossDissolve: "the current view fades out while the new view fades
-- in at the same time" (UIKit docs, docs/sources.md §3.7): both views' alphas animate. UIKit's
-- duration is undocumented; we use Apple's own CrossDissolve sample's 0.35 s on the default
-- easeInOut curve (docs/sources.md §1.2). A view the context withholds (the presenter of an
-- over or custom style) is not touched.

local DURATION = 0.35  -- Apple's AAPLCrossDissolveTransitionAnimator (docs/sources.md §1.2)

local CrossDissolve = NSObject:subclass("UICrossDissolveTransition")

local support = require("system.support")
local viewFor = support.viewFor

function CrossDissolve:transitionDuration(ctx)
  return ctx.isAnimated and DURATION or 0
end

function CrossDissolve:animateTransition(ctx)
  local container = ctx.containerView
  local fromVC, toVC = ctx:viewController("from"), ctx:viewController("to")
  local isPresenting = toVC.presentingViewController == fromVC
  local fromView, toView = viewFor(ctx, "from"), viewFor(ctx, "to")

  if isPresenting then
    if fromView then fromView.frame = ctx:initialFrame(fromVC) end
    toView.frame = support.finalFrame(ctx, toView, toVC)
    container:addSubview(toView)
  elseif toView then
    toView.frame = ctx:finalFrame(toVC)
    container:insertSubviewBelow(toView, fromView)
  end
  -- The old view fades out while the new one fades in.
  if toView then toView.alpha = 0 end
  UIView.animate(self:transitionDuration(ctx), function()
    if fromView then fromView.alpha = 0 end
    if toView then toView.alpha = 1 end
  end, function()
    local cancelled = ctx.transitionWasCancelled
    -- The view that left is faded out: give it back its alpha (it may be shown again).
    if fromView then fromView.alpha = 1 end
    if cancelled and not isPresenting and toView then
      toView:removeFromSuperview()  -- UIKit leaves it (docs/sources.md §1.2)
    end
    ctx:completeTransition(not cancelled)
  end)
end

return CrossDissolve.new()
