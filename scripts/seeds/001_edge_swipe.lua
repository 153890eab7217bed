-- Seed 001 (seeds/001_bb8ddc7319bf359b.txt): present a controller "like a push" and dismiss it
-- "like a pop" with a targetEdge swipe animator (the seed's code is Apple's
-- AAPLSwipeTransitionAnimator, docs/sources.md §1.2). The seed's duration is only in a screenshot;
-- we use Apple's sample's 0.35 s (docs/sources.md §1.2). As in Apple's sample, the delegate's
-- targetEdge is Right for the present and Left for the dismissal (Apple's second view
-- controller sets it to Left before unwinding), so the presented view enters from the right
-- and leaves to the right. The style is fullScreen, the seed era's default.
-- An effect:  transit run scripts/seeds/001_edge_swipe.lua [--trace] [--ios 7]
--   (--ios 7: the context has no view(key), the `if ctx.view` branch uses the controllers' views)

-- The custom animatedTransitioning (自定義animatedTransitioning)
local SwipeTransitionAnimator = NSObject:subclass("SwipeTransitionAnimator")

function SwipeTransitionAnimator:init(targetEdge)
  self.targetEdge = targetEdge
end

-- 動畫時長
function SwipeTransitionAnimator:transitionDuration(transitionContext)
  return transitionContext.isAnimated and 0.35 or 0
end

function SwipeTransitionAnimator:animateTransition(transitionContext)
  -- 源控制器
  local fromViewController = transitionContext:viewController("from")
  -- 目標控制器
  local toViewController = transitionContext:viewController("to")
  -- Present:
  --      fromView = The presenting view.
  --      toView   = The presented view.
  -- Dismiss:
  --      fromView = The presented view.
  --      toView   = The presenting view.

  -- 容器視圖
  local containerView = transitionContext.containerView

  local fromView, toView

  if transitionContext.view then  -- respondsToSelector:@selector(viewForKey:)
    -- iOS8之後
    fromView = transitionContext:view("from")
    toView = transitionContext:view("to")
  else
    -- iOS7
    fromView = fromViewController.view
    toView = toViewController.view
  end

  local isPresenting = (toViewController.presentingViewController == fromViewController)

  local fromFrame = transitionContext:initialFrame(fromViewController)
  local toFrame = transitionContext:finalFrame(toViewController)

  -- Based on our configured targetEdge, derive a normalized vector that will
  -- be used to offset the frame of the presented view controller.
  local offset
  if self.targetEdge == "top" then
    offset = CGVector(0, 1)
  elseif self.targetEdge == "bottom" then
    offset = CGVector(0, -1)
  elseif self.targetEdge == "left" then
    offset = CGVector(1, 0)
  elseif self.targetEdge == "right" then
    offset = CGVector(-1, 0)
  else
    error("targetEdge must be one of top, bottom, left, or right.")
  end

  -- Messages to nil do nothing in Objective-C; Lua needs the `if fromView` guards (fromView is
  -- nil when presenting a style that keeps the presenter's view).
  if isPresenting then
    -- For a presentation, the toView starts off-screen and slides in.
    if fromView then fromView.frame = fromFrame end
    toView.frame = toFrame:offsetBy(toFrame.width * offset.dx * -1,
                                    toFrame.height * offset.dy * -1)
  else
    fromView.frame = fromFrame
    if toView then toView.frame = toFrame end
  end

  -- We are responsible for adding the incoming view to the containerView
  -- for the presentation.
  if isPresenting then
    containerView:addSubview(toView)
  elseif toView then
    -- -addSubview places its argument at the front of the subview stack.
    -- For a dismissal animation we want the fromView to slide away,
    -- revealing the toView.  Thus we must place toView under the fromView.
    containerView:insertSubviewBelow(toView, fromView)
  end

  local transitionDuration = self:transitionDuration(transitionContext)
  -- 動畫
  UIView.animate(transitionDuration, function()
    if isPresenting then
      toView.frame = toFrame
    else
      -- For a dismissal, the fromView slides off the screen.
      fromView.frame = fromFrame:offsetBy(fromFrame.width * offset.dx,
                                          fromFrame.height * offset.dy)
    end
  end, function(finished)
    local wasCancelled = transitionContext.transitionWasCancelled

    if wasCancelled and toView then
      toView:removeFromSuperview()
    end

    transitionContext:completeTransition(not wasCancelled)
  end)
end

-- The custom transitioningDelegate (自定義transitioningdelegate): targetEdge picks the
-- direction; UIRectEdgeRight makes present look like a push.
local SwipeTransitionDelegate = NSObject:subclass("SwipeTransitionDelegate")

function SwipeTransitionDelegate:animationControllerForPresented(presented, presenting, source)
  return SwipeTransitionAnimator.new(self.targetEdge)
end

function SwipeTransitionDelegate:animationControllerForDismissed(dismissed)
  return SwipeTransitionAnimator.new(self.dismissTargetEdge)
end

local transitioningDelegate = SwipeTransitionDelegate.new()
transitioningDelegate.targetEdge = "right"        -- present: in from the right (push)
transitioningDelegate.dismissTargetEdge = "left"  -- dismiss: out to the right (pop)
transitioningDelegate.modalPresentationStyle = "fullScreen"
return transitioningDelegate
