-- NatGeo: the old screen swings open like a door hinged on its left edge while the new screen
-- flies in from the right, tilted, and settles flat (after the National Geographic app).
-- Port of VCTransitionsLibrary (ColinEberhardt/VCTransitionsLibrary,
-- AnimationControllers/CENatGeoAnimationController.m, by Paweł Wrzosek, after
-- michaelhenry/MHNatGeoViewControllerTransition).
-- UIKit feature: keyframe animations of 3D layer transforms, each transform carrying its own
-- perspective (m34 = -1/500), and an anchor point moved to the hinge without moving the view
-- (set `anchorPoint`, then put the frame back). Cubic keyframes: the door swings over the last
-- 80 % of the time, the new screen flies over all of it; dismissal plays it backwards.
-- The library's x translations (320 and 170 pt) are an iPhone screen of its day, 320 pt wide;
-- here they are scaled by the container's width / 320 so the new screen starts off screen on
-- any device. The angles (5°, -45°, 10°, 80°) and depths (150, -30 pt) are the library's.
-- Parameters:
--   duration          seconds (CEReversibleAnimationController's default, 1.0)
--   firstPartRatio    the fraction of the time the door swings (kAnimationFirstPartRatio, 0.8)
-- It animates the presenter's view, so it presents fullScreen.
-- Run:  transit run scripts/animators/natgeo.lua  /  transit render scripts/animators/natgeo.lua -o natgeo.gif

local params = { duration = 1.0, firstPartRatio = 0.8 }

local PERSPECTIVE = 1.0 / -500
local function radians(degrees) return degrees / 180 * math.pi end

local NatGeoAnimator = NSObject:subclass("CENatGeoAnimationController")

function NatGeoAnimator:transitionDuration(transitionContext)
  return params.duration
end

local function withPerspective()
  local t = CATransform3D.identity
  t.m34 = PERSPECTIVE
  return t
end

-- The door, closed (flat, facing the viewer).
local function sourceFirstTransform(layer)
  layer.transform = withPerspective():translated(0, 0, 0)
end

-- The door, open: turned 80° about its hinge and pushed back.
local function sourceLastTransform(layer, scale)
  layer.transform = withPerspective():rotated(radians(80), 0, 1, 0):translated(0, 0, -30):translated(170 * scale, 0, 0)
end

-- The new screen, off to the right: tilted 5° in the screen plane, turned -45° and leaning 10°.
local function destinationFirstTransform(layer, scale)
  layer.transform = withPerspective()
    :rotated(radians(5), 0, 0, 1)
    :translated(320 * scale, -40, 150)
    :rotated(radians(-45), 0, 1, 0)
    :rotated(radians(10), 1, 0, 0)
end

-- The new screen in place (the library spells out every zero rotation; they are identity).
local function destinationLastTransform(layer)
  layer.transform = withPerspective()
end

function NatGeoAnimator:animateTransition(transitionContext)
  local fromViewController = transitionContext:viewController("from")
  local toViewController = transitionContext:viewController("to")
  local fromView = transitionContext:view("from")
  local toView = transitionContext:view("to")
  local containerView = transitionContext.containerView
  local reverse = toViewController.presentingViewController ~= fromViewController   -- dismissing
  local scale = containerView.bounds.width / 320

  toView.frame = transitionContext:finalFrame(toViewController)
  containerView:addSubview(fromView)
  containerView:addSubview(toView)

  if reverse then
    -- Dismissing: the presenter's view is the door, closing; the presented view flies away.
    toView.isUserInteractionEnabled = true
    local doorLayer = toView.layer
    local flyingLayer = fromView.layer
    sourceLastTransform(doorLayer, scale)
    destinationLastTransform(flyingLayer)

    UIView.animateKeyframes{ duration = params.duration, delay = 0, options = { "calculationModeCubic" },
      animations = function()
        UIView.addKeyframe(0.0, params.firstPartRatio, function() sourceFirstTransform(doorLayer) end)
        UIView.addKeyframe(0.0, 1.0, function() destinationFirstTransform(flyingLayer, scale) end)
      end,
      completion = function(finished)
        if transitionContext.transitionWasCancelled then
          -- Cancelled: the presented view is in front again, the door stays shut to touches.
          containerView:bringSubviewToFront(fromView)
          toView.isUserInteractionEnabled = false
        end
        fromView.layer.transform = CATransform3D.identity
        toView.layer.transform = CATransform3D.identity
        -- Not in the library: the door's hinge goes back to the centre once it is shut.
        if not transitionContext.transitionWasCancelled then
          local frame = toView.frame
          toView.layer.anchorPoint = CGPoint(0.5, 0.5)
          toView.frame = frame
        end
        transitionContext:completeTransition(not transitionContext.transitionWasCancelled)
      end }
  else
    -- Presenting: the presenter's view is the door, opening; the presented view flies in.
    fromView.isUserInteractionEnabled = false
    local doorLayer = fromView.layer
    local flyingLayer = toView.layer

    -- Hinge the door on its left edge without moving it: anchor, then the same frame again.
    local oldFrame = fromView.frame
    doorLayer.anchorPoint = CGPoint(0, 0.5)
    fromView.frame = oldFrame

    sourceFirstTransform(doorLayer)
    destinationFirstTransform(flyingLayer, scale)

    UIView.animateKeyframes{ duration = params.duration, delay = 0, options = { "calculationModeCubic" },
      animations = function()
        UIView.addKeyframe(0.0, 1.0, function() destinationLastTransform(flyingLayer) end)
        UIView.addKeyframe(1.0 - params.firstPartRatio, params.firstPartRatio, function() sourceLastTransform(doorLayer, scale) end)
      end,
      completion = function(finished)
        if transitionContext.transitionWasCancelled then
          containerView:bringSubviewToFront(fromView)
          fromView.isUserInteractionEnabled = true
        end
        fromView.layer.transform = CATransform3D.identity
        toView.layer.transform = CATransform3D.identity
        transitionContext:completeTransition(not transitionContext.transitionWasCancelled)
      end }
  end
end

local animator = NatGeoAnimator.new()
animator.modalPresentationStyle = "fullScreen"
return animator
