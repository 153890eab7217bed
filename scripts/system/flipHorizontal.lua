-- UIModalTransitionStyle.flipHorizontal: "a horizontal 3D flip from right-to-left" on present
-- and "left-to-right" on dismissal, the view behind showing black (UIKit docs, docs/sources.md §3.7).
-- UIKit's duration, curve and perspective are undocumented. We use 0.75 s in two halves (the
-- front face turns edge-on with easeIn, the back face turns in with easeOut), perspective
-- m34 = -1/1000 on the container (the host's UIView.transition flips use the same value,
-- docs/semantics.md) and isDoubleSided = false. See docs/semantics.md (System styles).

local DURATION = 0.75         -- undocumented; chosen (two halves of 0.375 s)
local PERSPECTIVE = -1 / 1000 -- m34; undocumented, chosen

local FlipHorizontal = NSObject:subclass("UIFlipHorizontalTransition")

local viewFor = require("system.support").viewFor

function FlipHorizontal:transitionDuration(ctx)
  return ctx.isAnimated and DURATION or 0
end

local function turn(angle) return CATransform3D.rotation(angle, 0, 1, 0) end

function FlipHorizontal:animateTransition(ctx)
  local container = ctx.containerView
  local fromVC, toVC = ctx:viewController("from"), ctx:viewController("to")
  local isPresenting = toVC.presentingViewController == fromVC
  local fromView, toView = viewFor(ctx, "from"), viewFor(ctx, "to")
  local duration = self:transitionDuration(ctx)

  -- Black behind the card while it turns, as on a device.
  local backdrop = UIView.new{ frame = container.bounds, backgroundColor = UIColor.black, name = "flip backdrop" }
  container:insertSubview(backdrop, 1)

  -- A view the context withholds (nil: the presenter of an over/custom style stays outside the
  -- container) takes part in the flip as a snapshot.
  local snapshots = {}
  local front = fromView
  if not front then
    front = fromVC.view:snapshotView(false)
    front.frame = fromVC.view:convert(fromVC.view.bounds, container)
    container:addSubview(front)
    snapshots[#snapshots + 1] = front
  end
  local back = toView
  if isPresenting then
    toView.frame = ctx:finalFrame(toVC)
    container:addSubview(toView)
  elseif toView then
    toView.frame = ctx:finalFrame(toVC)
    container:insertSubviewBelow(toView, front)
  else
    back = toVC.view:snapshotView(false)
    back.frame = toVC.view:convert(toVC.view.bounds, container)
    container:insertSubviewBelow(back, front)
    snapshots[#snapshots + 1] = back
  end

  -- Right-to-left on present, left-to-right on dismissal: the leading edge comes towards
  -- the viewer. The back face starts a quarter turn the other way, edge-on, invisible.
  local quarter = (isPresenting and -1 or 1) * math.pi / 2
  local perspective = CATransform3D.identity
  perspective.m34 = PERSPECTIVE
  container.layer.sublayerTransform = perspective
  front.layer.isDoubleSided = false
  back.layer.isDoubleSided = false
  back.layer.transform = turn(-quarter)

  local function finish()
    local cancelled = ctx.transitionWasCancelled
    front.layer.transform = CATransform3D.identity
    back.layer.transform = CATransform3D.identity
    front.layer.isDoubleSided = true
    back.layer.isDoubleSided = true
    container.layer.sublayerTransform = CATransform3D.identity
    backdrop:removeFromSuperview()
    for _, snapshot in ipairs(snapshots) do snapshot:removeFromSuperview() end
    if cancelled and not isPresenting and toView then toView:removeFromSuperview() end
    ctx:completeTransition(not cancelled)
  end

  UIView.animate{ duration = duration / 2, options = { "curveEaseIn" },
    animations = function() front.layer.transform = turn(quarter) end }
  UIView.animate{ duration = duration / 2, delay = duration / 2, options = { "curveEaseOut" },
    animations = function() back.layer.transform = CATransform3D.identity end,
    completion = finish }
end

return FlipHorizontal.new()
