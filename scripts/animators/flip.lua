-- Flip: a page turn. The old screen's left half lifts off and folds over onto the right like
-- a book page, its back being the new screen's right half; a shadow darkens each half as it
-- turns away from the light.
-- Port of VCTransitionsLibrary (ColinEberhardt/VCTransitionsLibrary,
-- AnimationControllers/CEFlipAnimationController.m).
-- UIKit feature: half-screen snapshots turned in 3D. The perspective is the container's
-- `layer.sublayerTransform` (m34 = -0.002), shared by every page; each turning half hinges on
-- the spine because its `anchorPoint` is moved there (and its frame shifted to make up for it).
-- Two keyframes: the old half turns to 90° (edge-on) in the first half of the time, the new
-- half turns from -90° to -0.001 rad (not 0: Core Animation orders siblings by depth, and the
-- sliver of turn keeps the new half in front of the static half it lands on) in the second.
-- Written before Transit had `resizableSnapshotView(from:...)` and `CAGradientLayer` (it has
-- both now; the golden reference records these views): a half is a clipping view around a full
-- snapshot, and the gradient shadow (clear to black 0.5 across the page) is drawn as a row of
-- strips of growing alpha.
-- Parameters:
--   duration     seconds (CEReversibleAnimationController's default, 1.0)
--   perspective  the container's m34 (-0.002)
-- Presenting turns the page right to left, dismissing (the library's `reverse`) left to right.
-- It animates the presenter's view, so it presents fullScreen.
-- Run:  transit run scripts/animators/flip.lua  /  transit render scripts/animators/flip.lua -o flip.gif

local params = { duration = 1.0, perspective = -0.002 }

local FlipAnimator = NSObject:subclass("CEFlipAnimationController")

function FlipAnimator:transitionDuration(transitionContext)
  return params.duration
end

local function rotate(angle)
  return CATransform3D.rotation(angle, 0, 1, 0)
end

-- `region` of `view` as a new view placed at `region` (resizableSnapshotView stand-in).
local function snapshotOfRegion(view, region, afterScreenUpdates)
  local clip = UIView.new{ frame = region, clipsToBounds = true, name = "flip half" }
  local picture = view:snapshotView(afterScreenUpdates)
  picture.frame = CGRect(-region.x, -region.y, view.bounds.width, view.bounds.height)
  clip:addSubview(picture)
  return clip
end

-- A horizontal gradient from clear to black at `alpha` (CAGradientLayer stand-in): dark on
-- the left when `darkLeft`, else on the right.
local function gradientShade(bounds, darkLeft, alpha)
  local shade = UIView.new{ frame = bounds, name = "flip shadow" }
  local strips = 16
  local width = bounds.width / strips
  for i = 0, strips - 1 do
    local t = (i + 0.5) / strips
    local darkness = darkLeft and (1 - t) or t
    shade:addSubview(UIView.new{ frame = CGRect(i * width, 0, width, bounds.height),
      backgroundColor = UIColor.black:withAlphaComponent(alpha * darkness) })
  end
  return shade
end

-- Left and right halves of `view`, added on top of the container; the view itself goes back.
local function createSnapshots(view, afterScreenUpdates)
  local containerView = view.superview
  local half = view.frame.width / 2
  local leftHandView = snapshotOfRegion(view, CGRect(0, 0, half, view.frame.height), afterScreenUpdates)
  containerView:addSubview(leftHandView)
  local rightHandView = snapshotOfRegion(view, CGRect(half, 0, half, view.frame.height), afterScreenUpdates)
  containerView:addSubview(rightHandView)
  containerView:sendSubviewToBack(view)
  return { leftHandView, rightHandView }
end

-- Wraps `view` in a view of the same frame that also holds a gradient shadow on top; returns
-- the wrapper and its shadow.
local function addShadowToView(view, reverse)
  local containerView = view.superview
  local viewWithShadow = UIView.new{ frame = view.frame, name = "flip page" }
  containerView:insertSubviewAbove(viewWithShadow, view)
  view:removeFromSuperview()
  -- The library's gradient runs from clear at startPoint.x = (reverse ? 0 : 1) to black 0.5.
  local shadowView = gradientShade(viewWithShadow.bounds, not reverse, 0.5)
  view.frame = view.bounds
  viewWithShadow:addSubview(view)
  viewWithShadow:addSubview(shadowView)
  return viewWithShadow, shadowView
end

-- Moves the anchor point and shifts the frame back so the view does not jump.
local function updateAnchorPointAndOffset(anchorPoint, view)
  view.layer.anchorPoint = anchorPoint
  local xOffset = anchorPoint.x - 0.5
  view.frame = view.frame:offsetBy(xOffset * view.frame.width, 0)
end

-- Removes every container subview but `viewToKeep`.
local function removeOtherViews(viewToKeep)
  for _, view in ipairs(viewToKeep.superview.subviews) do
    if view ~= viewToKeep then view:removeFromSuperview() end
  end
end

function FlipAnimator:animateTransition(transitionContext)
  local fromVC = transitionContext:viewController("from")
  local toVC = transitionContext:viewController("to")
  local fromView = transitionContext:view("from")
  local toView = transitionContext:view("to")
  local reverse = toVC.presentingViewController ~= fromVC   -- dismissing
  local containerView = transitionContext.containerView

  containerView:addSubview(toView)
  containerView:sendSubviewToBack(toView)

  -- One perspective for all the pages: the container's sublayerTransform.
  local perspective = CATransform3D.identity
  perspective.m34 = params.perspective
  containerView.layer.sublayerTransform = perspective

  -- Both screens start where the old one is.
  local initialFrame = transitionContext:initialFrame(fromVC)
  fromView.frame = initialFrame
  toView.frame = initialFrame

  local toViewSnapshots = createSnapshots(toView, true)   -- just added: after its layout
  local flippedSectionOfToView = toViewSnapshots[reverse and 1 or 2]
  local fromViewSnapshots = createSnapshots(fromView, false)
  local flippedSectionOfFromView = fromViewSnapshots[reverse and 2 or 1]

  local fromShadow, toShadow
  flippedSectionOfFromView, fromShadow = addShadowToView(flippedSectionOfFromView, not reverse)
  fromShadow.alpha = 0
  flippedSectionOfToView, toShadow = addShadowToView(flippedSectionOfToView, reverse)
  toShadow.alpha = 1

  -- Hinge each turning half on the spine.
  updateAnchorPointAndOffset(CGPoint(reverse and 0 or 1, 0.5), flippedSectionOfFromView)
  updateAnchorPointAndOffset(CGPoint(reverse and 1 or 0, 0.5), flippedSectionOfToView)

  -- The new half starts edge-on, hidden.
  flippedSectionOfToView.layer.transform = rotate(reverse and math.pi / 2 or -math.pi / 2)

  UIView.animateKeyframes{ duration = self:transitionDuration(transitionContext), delay = 0,
    animations = function()
      UIView.addKeyframe(0.0, 0.5, function()
        flippedSectionOfFromView.layer.transform = rotate(reverse and -math.pi / 2 or math.pi / 2)
        fromShadow.alpha = 1
      end)
      UIView.addKeyframe(0.5, 0.5, function()
        flippedSectionOfToView.layer.transform = rotate(reverse and 0.001 or -0.001)
        toShadow.alpha = 0
      end)
    end,
    completion = function(finished)
      -- Only the screen that ends up shown stays in the container.
      if transitionContext.transitionWasCancelled then
        removeOtherViews(fromView)
      else
        removeOtherViews(toView)
      end
      -- Not in the library: the container's perspective is the transition's, not the app's.
      containerView.layer.sublayerTransform = CATransform3D.identity
      transitionContext:completeTransition(not transitionContext.transitionWasCancelled)
    end }
end

local animator = FlipAnimator.new()
animator.modalPresentationStyle = "fullScreen"
return animator
