-- Apple's "Cross Dissolve" demo from the CustomTransitions sample
-- (AAPLCrossDissolveTransitionAnimator.m; docs/sources.md §1.2): duration 0.35 s, the default
-- easeInOut curve, fromView.alpha 1 → 0 while toView.alpha 0 → 1, the same animator for
-- present and dismiss, presented fullScreen (the demo's modalPresentationStyle).
-- Run:  transit run scripts/animators/crossDissolve.lua   /   transit render ... -o x.png

local CrossDissolveTransitionAnimator = NSObject:subclass("AAPLCrossDissolveTransitionAnimator")

function CrossDissolveTransitionAnimator:transitionDuration(transitionContext)
  return 0.35
end

function CrossDissolveTransitionAnimator:animateTransition(transitionContext)
  local fromViewController = transitionContext:viewController("from")
  local toViewController = transitionContext:viewController("to")

  local containerView = transitionContext.containerView

  -- For a presentation: fromView = the presenting view, toView = the presented view;
  -- for a dismissal the other way round. (Both exist: the style is fullScreen.)
  local fromView = transitionContext:view("from")
  local toView = transitionContext:view("to")

  fromView.frame = transitionContext:initialFrame(fromViewController)
  toView.frame = transitionContext:finalFrame(toViewController)

  fromView.alpha = 1.0
  toView.alpha = 0.0

  -- We are responsible for adding the incoming view to the containerView.
  containerView:addSubview(toView)

  local transitionDuration = self:transitionDuration(transitionContext)

  UIView.animate(transitionDuration, function()
    fromView.alpha = 0.0
    toView.alpha = 1.0
  end, function(finished)
    -- When we complete, tell the transition context passing along the BOOL that indicates
    -- whether the transition finished or not.
    local wasCancelled = transitionContext.transitionWasCancelled
    -- Not in Apple's sample: the presenter's view goes back to alpha 1 for later transitions
    -- (Apple's demo never shows it again without this animator).
    fromView.alpha = 1.0
    transitionContext:completeTransition(not wasCancelled)
  end)
end

local animator = CrossDissolveTransitionAnimator.new()
animator.modalPresentationStyle = "fullScreen"
return animator
