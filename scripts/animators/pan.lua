-- Pan: the new screen slides in from the right edge while the old one drifts half a screen to
-- the left (UINavigationController's push, as a modal); dismissing slides them back.
-- Port of VCTransitionsLibrary (ColinEberhardt/VCTransitionsLibrary,
-- AnimationControllers/CEPanAnimationController.m, by Alvin Zeng).
-- UIKit feature: frame animation of both views, and stacking order: presenting brings the new
-- screen to the front (it covers the old one), dismissing sends it to the back (the leaving
-- screen slides off on top of it).
-- The library hard-codes 320 and -160 pt, an iPhone screen of its day and half of it; here they
-- are the container's width and minus half of it, so the screens line up on any device.
-- Parameters:
--   duration  seconds (0.3: the library sets its duration to .3 in animateTransition)
-- It animates the presenter's view, so it presents fullScreen.
-- Run:  transit run scripts/animators/pan.lua  /  transit render scripts/animators/pan.lua -o pan.gif

local params = { duration = 0.3 }

local PanAnimator = NSObject:subclass("CEPanAnimationController")

function PanAnimator:transitionDuration(transitionContext)
  return params.duration
end

-- The same frame with another x.
local function atX(frame, x)
  return CGRect(x, frame.y, frame.width, frame.height)
end

function PanAnimator:animateTransition(transitionContext)
  local fromVC = transitionContext:viewController("from")
  local toVC = transitionContext:viewController("to")
  local fromView = transitionContext:view("from")
  local toView = transitionContext:view("to")
  local containerView = transitionContext.containerView
  local reverse = toVC.presentingViewController ~= fromVC   -- dismissing
  local width = containerView.bounds.width
  local offRight, halfLeft = width, -width / 2               -- the library's 320 and -160

  toView.frame = transitionContext:finalFrame(toVC)
  containerView:addSubview(toView)
  toView.frame = atX(toView.frame, reverse and halfLeft or offRight)
  if reverse then
    containerView:sendSubviewToBack(toView)
  else
    containerView:bringSubviewToFront(toView)
  end

  UIView.animate(self:transitionDuration(transitionContext), function()
    fromView.frame = atX(fromView.frame, reverse and offRight or halfLeft)
    toView.frame = atX(toView.frame, 0)
  end, function(finished)
    if transitionContext.transitionWasCancelled then
      toView.frame = atX(toView.frame, 0)
      fromView.frame = atX(fromView.frame, 0)
      -- Not in the library: UIKit does not take the to view out of the container after a
      -- cancelled dismissal (Apple's CustomTransitions sample says so), the animator must.
      if reverse then toView:removeFromSuperview() end
    else
      -- The old screen leaves the container and gets its place back for the next time (the
      -- library leaves it off screen, at -160 or 320).
      fromView:removeFromSuperview()
      fromView.frame = atX(fromView.frame, 0)
      toView.frame = atX(toView.frame, 0)
    end
    transitionContext:completeTransition(not transitionContext.transitionWasCancelled)
  end)
end

local animator = PanAnimator.new()
animator.modalPresentationStyle = "fullScreen"
return animator
