-- Cube: the two screens are two faces of a cube that turns by a quarter, the leaving face
-- darkening as it turns away and the arriving one brightening.
-- Port of VCTransitionsLibrary (ColinEberhardt/VCTransitionsLibrary,
-- AnimationControllers/CECubeAnimationController.m, by Andrés Brun).
-- UIKit feature: 3D layer transforms. Each face gets its own perspective (m34 = -1/200 on the
-- face's transform, not the container's sublayerTransform) and turns 90° about the cube edge it
-- shares with the other face: moving `layer.anchorPoint` to that edge makes the rotation hinge
-- there (and shifts the view by half its size, which the translation of the whole container
-- makes up for). The "shadows" are black views at alpha 0.8 laid over each face and faded.
-- Parameters:
--   duration  seconds (CEReversibleAnimationController's default, 1.0)
--   way       "horizontal" (turn about the vertical axis, the library's default) or "vertical"
-- Presenting turns one way, dismissing (the library's `reverse`) the other. It animates the
-- presenter's view, so it presents fullScreen.
-- Run:  transit run scripts/animators/cube.lua  /  transit render scripts/animators/cube.lua -o cube.gif

local params = { duration = 1.0, way = "horizontal" }

local PERSPECTIVE = -1.0 / 200.0   -- the library's m34
local ROTATION_ANGLE = math.pi / 2 -- a quarter turn

local CubeAnimator = NSObject:subclass("CECubeAnimationController")

function CubeAnimator:transitionDuration(transitionContext)
  return params.duration
end

-- A black veil over `view`, the library's "shadow" of a face turned away from the light.
local function addShade(view)
  local shade = UIView.new{ frame = view.bounds, backgroundColor = UIColor.black:withAlphaComponent(0.8), name = "cube shade" }
  view:addSubview(shade)
  return shade
end

function CubeAnimator:animateTransition(transitionContext)
  local fromVC = transitionContext:viewController("from")
  local toVC = transitionContext:viewController("to")
  local fromView = transitionContext:view("from")
  local toView = transitionContext:view("to")
  local reverse = toVC.presentingViewController ~= fromVC   -- dismissing
  toView.frame = transitionContext:finalFrame(toVC)

  -- The library animates the transition's container itself: it slides by half a screen while
  -- the faces turn, so the cube seems to turn about its centre.
  local container = transitionContext.containerView
  local width, height = container.frame.width, container.frame.height
  local dir = reverse and 1 or -1

  local fromTransform, toTransform
  if params.way == "horizontal" then
    fromTransform = CATransform3D.rotation(dir * ROTATION_ANGLE, 0, 1, 0)
    toTransform = CATransform3D.rotation(-dir * ROTATION_ANGLE, 0, 1, 0)
    toView.layer.anchorPoint = CGPoint(dir == 1 and 0 or 1, 0.5)
    fromView.layer.anchorPoint = CGPoint(dir == 1 and 1 or 0, 0.5)
    container.transform = CGAffineTransform.translation(dir * width / 2, 0)
  else
    fromTransform = CATransform3D.rotation(-dir * ROTATION_ANGLE, 1, 0, 0)
    toTransform = CATransform3D.rotation(dir * ROTATION_ANGLE, 1, 0, 0)
    toView.layer.anchorPoint = CGPoint(0.5, dir == 1 and 0 or 1)
    fromView.layer.anchorPoint = CGPoint(0.5, dir == 1 and 1 or 0)
    container.transform = CGAffineTransform.translation(0, dir * height / 2)
  end
  -- CATransform3D is a value: set m34 on the copies, then assign them.
  fromTransform.m34 = PERSPECTIVE
  toTransform.m34 = PERSPECTIVE
  toView.layer.transform = toTransform

  local fromShade = addShade(fromView)
  local toShade = addShade(toView)
  fromShade.alpha = 0
  toShade.alpha = 1

  container:addSubview(toView)

  UIView.animate(self:transitionDuration(transitionContext), function()
    if params.way == "horizontal" then
      container.transform = CGAffineTransform.translation(-dir * width / 2, 0)
    else
      container.transform = CGAffineTransform.translation(0, -dir * height / 2)
    end
    fromView.layer.transform = fromTransform
    toView.layer.transform = CATransform3D.identity
    fromShade.alpha = 1
    toShade.alpha = 0
  end, function(finished)
    -- Put everything the animation bent back in its place, anchors included (an anchor point
    -- left at an edge would move the view the next time its frame is set).
    container.transform = CGAffineTransform.identity
    fromView.layer.transform = CATransform3D.identity
    toView.layer.transform = CATransform3D.identity
    fromView.layer.anchorPoint = CGPoint(0.5, 0.5)
    toView.layer.anchorPoint = CGPoint(0.5, 0.5)
    fromShade:removeFromSuperview()
    toShade:removeFromSuperview()
    if transitionContext.transitionWasCancelled then
      toView:removeFromSuperview()
    else
      fromView:removeFromSuperview()
    end
    transitionContext:completeTransition(not transitionContext.transitionWasCancelled)
  end)
end

local animator = CubeAnimator.new()
animator.modalPresentationStyle = "fullScreen"
return animator
