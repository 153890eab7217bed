-- Portal: the old screen splits down the middle and its two halves slide apart like doors,
-- while the new screen behind them grows from 80 % to full size; dismissing closes the doors
-- over the old screen as it shrinks back.
-- Port of VCTransitionsLibrary (ColinEberhardt/VCTransitionsLibrary,
-- AnimationControllers/CEPortalAnimationController.m, by Frédéric Adda).
-- UIKit feature: snapshots standing in for live views. Presenting, the real views leave the
-- container and only snapshots move (two halves of the old screen, a scaled whole of the new
-- one); the completion puts the real to view back and removes every snapshot. easeOut curve.
-- Written before Transit had `resizableSnapshotView(from:...)` (it has it now; the golden
-- reference records these views): a half is a clipping view around a full snapshot. The library grows the new screen's snapshot by setting its frame while it is scaled
-- (a frame under a transform is undefined in UIKit); animating the scale back to identity shows
-- the same thing.
-- Parameters:
--   duration   seconds (CEReversibleAnimationController's default, 1.0)
--   zoomScale  the new screen's starting scale (the library's ZOOM_SCALE, 0.8)
-- It animates the presenter's view, so it presents fullScreen.
-- Run:  transit run scripts/animators/portal.lua  /  transit render scripts/animators/portal.lua -o portal.gif

local params = { duration = 1.0, zoomScale = 0.8 }

local PortalAnimator = NSObject:subclass("CEPortalAnimationController")

function PortalAnimator:transitionDuration(transitionContext)
  return params.duration
end

-- `region` of `view` as a new view placed at `region` (resizableSnapshotView stand-in).
local function snapshotOfRegion(view, region, afterScreenUpdates)
  local clip = UIView.new{ frame = region, clipsToBounds = true, name = "portal door" }
  local picture = view:snapshotView(afterScreenUpdates)
  picture.frame = CGRect(-region.x, -region.y, view.bounds.width, view.bounds.height)
  clip:addSubview(picture)
  return clip
end

-- Removes every container subview but `viewToKeep`.
local function removeOtherViews(viewToKeep)
  for _, view in ipairs(viewToKeep.superview.subviews) do
    if view ~= viewToKeep then view:removeFromSuperview() end
  end
end

function PortalAnimator:executeForwardsAnimation(transitionContext, fromView, toView)
  local containerView = transitionContext.containerView
  toView.frame = transitionContext:finalFrame(transitionContext:viewController("to"))

  -- A reduced snapshot of the new screen, at the back.
  local toViewSnapshot = toView:snapshotView(true)
  toViewSnapshot.frame = toView.frame
  toViewSnapshot.layer.transform = CATransform3D.scale(params.zoomScale, params.zoomScale, 1)
  containerView:addSubview(toViewSnapshot)
  containerView:sendSubviewToBack(toViewSnapshot)

  -- The old screen in two halves, the doors.
  local size = fromView.frame.size
  local leftHandView = snapshotOfRegion(fromView, CGRect(0, 0, size.width / 2, size.height), false)
  containerView:addSubview(leftHandView)
  local rightHandView = snapshotOfRegion(fromView, CGRect(size.width / 2, 0, size.width / 2, size.height), false)
  containerView:addSubview(rightHandView)

  -- Only the snapshots play.
  fromView:removeFromSuperview()

  UIView.animate{ duration = self:transitionDuration(transitionContext), delay = 0, options = { "curveEaseOut" },
    animations = function()
      -- Open the doors.
      leftHandView.frame = leftHandView.frame:offsetBy(-leftHandView.frame.width, 0)
      rightHandView.frame = rightHandView.frame:offsetBy(rightHandView.frame.width, 0)
      -- Zoom the new screen in.
      toViewSnapshot.layer.transform = CATransform3D.identity
    end,
    completion = function(finished)
      if transitionContext.transitionWasCancelled then
        containerView:addSubview(fromView)
        removeOtherViews(fromView)
      else
        -- The real new screen replaces the snapshots.
        containerView:addSubview(toView)
        removeOtherViews(toView)
      end
      transitionContext:completeTransition(not transitionContext.transitionWasCancelled)
    end }
end

function PortalAnimator:executeReverseAnimation(transitionContext, fromView, toView)
  local containerView = transitionContext.containerView
  containerView:addSubview(fromView)

  -- The new screen goes in the container, off screen, so its halves can be snapshotted.
  local finalFrame = transitionContext:finalFrame(transitionContext:viewController("to"))
  toView.frame = finalFrame:offsetBy(finalFrame.width, 0)
  containerView:addSubview(toView)

  -- Its two halves start beyond the screen's edges: the doors, open.
  local size = toView.frame.size
  local leftHandView = snapshotOfRegion(toView, CGRect(0, 0, size.width / 2, size.height), true)
  leftHandView.frame = leftHandView.frame:offsetBy(-leftHandView.frame.width, 0)
  containerView:addSubview(leftHandView)
  local rightHandView = snapshotOfRegion(toView, CGRect(size.width / 2, 0, size.width / 2, size.height), true)
  rightHandView.frame = rightHandView.frame:offsetBy(rightHandView.frame.width, 0)
  containerView:addSubview(rightHandView)

  UIView.animate{ duration = self:transitionDuration(transitionContext), delay = 0, options = { "curveEaseOut" },
    animations = function()
      -- Close the doors.
      leftHandView.frame = leftHandView.frame:offsetBy(leftHandView.frame.width, 0)
      rightHandView.frame = rightHandView.frame:offsetBy(-rightHandView.frame.width, 0)
      -- Shrink the old screen behind them.
      fromView.layer.transform = CATransform3D.scale(params.zoomScale, params.zoomScale, 1)
    end,
    completion = function(finished)
      if transitionContext.transitionWasCancelled then
        removeOtherViews(fromView)
      else
        removeOtherViews(toView)
        toView.frame = containerView.bounds
      end
      -- Not in the library: the dismissed view is full size again should it be shown again.
      fromView.layer.transform = CATransform3D.identity
      transitionContext:completeTransition(not transitionContext.transitionWasCancelled)
    end }
end

function PortalAnimator:animateTransition(transitionContext)
  local reverse = transitionContext:viewController("to").presentingViewController ~= transitionContext:viewController("from")
  local fromView, toView = transitionContext:view("from"), transitionContext:view("to")
  if reverse then
    self:executeReverseAnimation(transitionContext, fromView, toView)
  else
    self:executeForwardsAnimation(transitionContext, fromView, toView)
  end
end

local animator = PortalAnimator.new()
animator.modalPresentationStyle = "fullScreen"
return animator
