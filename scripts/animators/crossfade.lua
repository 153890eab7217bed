-- Crossfade: the old screen fades out and uncovers the new one, which waits behind it.
-- Port of VCTransitionsLibrary (ColinEberhardt/VCTransitionsLibrary,
-- AnimationControllers/CECrossfadeAnimationController.m).
-- UIKit feature: the smallest complete animator. The to view goes *behind* the from view
-- (`addSubview` then `sendSubviewToBack`), only the from view's alpha animates, and the
-- completion puts that alpha back to 1 because UIKit reuses the view later (the presenter's
-- view comes back on dismissal).
-- Parameters:
--   duration  seconds (CEReversibleAnimationController's default, 1.0)
-- The same animator presents and dismisses; it animates the presenter's view, so it presents
-- fullScreen (UIKit hands the animator both views only when the presenter's view leaves).
-- Run:  transit run scripts/animators/crossfade.lua  /  transit render scripts/animators/crossfade.lua -o crossfade.gif

local params = { duration = 1.0 }

local CrossfadeAnimator = NSObject:subclass("CECrossfadeAnimationController")

function CrossfadeAnimator:transitionDuration(transitionContext)
  return params.duration
end

function CrossfadeAnimator:animateTransition(transitionContext)
  local toVC = transitionContext:viewController("to")
  local fromView = transitionContext:view("from")
  local toView = transitionContext:view("to")
  local containerView = transitionContext.containerView

  -- The new screen sits at its final place, underneath the old one.
  toView.frame = transitionContext:finalFrame(toVC)
  containerView:addSubview(toView)
  containerView:sendSubviewToBack(toView)

  UIView.animate(self:transitionDuration(transitionContext), function()
    fromView.alpha = 0
  end, function(finished)
    if not transitionContext.transitionWasCancelled then
      fromView:removeFromSuperview()
    end
    -- Either way the from view must be opaque again the next time UIKit shows it.
    fromView.alpha = 1
    transitionContext:completeTransition(not transitionContext.transitionWasCancelled)
  end)
end

local animator = CrossfadeAnimator.new()
animator.modalPresentationStyle = "fullScreen"
return animator
