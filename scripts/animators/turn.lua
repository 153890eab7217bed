-- Turn: the old screen turns about its vertical centre line until it is edge-on, and the new
-- screen turns on from edge-on to face the viewer, as if the screen were a card flipped over.
-- Port of VCTransitionsLibrary (ColinEberhardt/VCTransitionsLibrary,
-- AnimationControllers/CETurnAnimationController.m).
-- UIKit feature: two keyframes of 3D rotation under the container's perspective
-- (`containerView.layer.sublayerTransform`, m34 = -0.002): the old screen turns to 90° in the
-- first half, the new one from -90° to 0 in the second (a quarter turn each, so neither face
-- ever shows its back).
-- Parameters:
--   duration       seconds (CEReversibleAnimationController's default, 1.0)
--   flipDirection  "vertical" turns about the vertical (y) axis, the library's default;
--                  "horizontal" about the horizontal (x) axis
-- Presenting turns one way, dismissing (the library's `reverse`) the other. It animates the
-- presenter's view, so it presents fullScreen.
-- Run:  transit run scripts/animators/turn.lua  /  transit render scripts/animators/turn.lua -o turn.gif

local params = { duration = 1.0, flipDirection = "vertical" }

local TurnAnimator = NSObject:subclass("CETurnAnimationController")

function TurnAnimator:transitionDuration(transitionContext)
  return params.duration
end

local function rotate(angle)
  if params.flipDirection == "horizontal" then
    return CATransform3D.rotation(angle, 1, 0, 0)
  end
  return CATransform3D.rotation(angle, 0, 1, 0)
end

function TurnAnimator:animateTransition(transitionContext)
  local fromVC = transitionContext:viewController("from")
  local toVC = transitionContext:viewController("to")
  local fromView = transitionContext:view("from")
  local toView = transitionContext:view("to")
  local containerView = transitionContext.containerView
  local reverse = toVC.presentingViewController ~= fromVC   -- dismissing

  containerView:addSubview(toView)

  -- One perspective for both screens.
  local perspective = CATransform3D.identity
  perspective.m34 = -0.002
  containerView.layer.sublayerTransform = perspective

  -- Both screens start where the old one is.
  local initialFrame = transitionContext:initialFrame(fromVC)
  fromView.frame = initialFrame
  toView.frame = initialFrame

  local factor = reverse and 1 or -1
  -- The new screen starts edge-on, hidden.
  toView.layer.transform = rotate(factor * -math.pi / 2)

  UIView.animateKeyframes{ duration = self:transitionDuration(transitionContext), delay = 0,
    animations = function()
      UIView.addKeyframe(0.0, 0.5, function() fromView.layer.transform = rotate(factor * math.pi / 2) end)
      UIView.addKeyframe(0.5, 0.5, function() toView.layer.transform = rotate(0) end)
    end,
    completion = function(finished)
      -- Not in the library, which leaves them turned: the screen that is not shown any more
      -- faces the viewer again (UIKit shows the presenter's view again on dismissal, and a
      -- cancelled transition shows the old screen), and the perspective goes.
      if transitionContext.transitionWasCancelled then
        toView.layer.transform = CATransform3D.identity
        toView:removeFromSuperview()
      end
      fromView.layer.transform = CATransform3D.identity
      containerView.layer.sublayerTransform = CATransform3D.identity
      transitionContext:completeTransition(not transitionContext.transitionWasCancelled)
    end }
end

local animator = TurnAnimator.new()
animator.modalPresentationStyle = "fullScreen"
return animator
