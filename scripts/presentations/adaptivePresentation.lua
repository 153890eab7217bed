-- Apple's "Adaptive Presentation" demo from the CustomTransitions sample
-- (AAPLAdaptivePresentationController.m, AAPLAdaptivePresentationSecondViewController.m,
-- AAPLAdaptivePresentationSegue.m): in a regular-width environment (iPad) the presented screen
-- fades in as a card half the container's size in the middle, with a shadow and a round close
-- button on its top-left corner; in a compact width (iPhone) the presentation adapts to full
-- screen and shows the presented controller inside a UINavigationController instead.
-- Shows: UIAdaptivePresentationControllerDelegate (adaptivePresentationStyle and
-- viewControllerForAdaptivePresentationStyle), a presentation controller that wraps the
-- presented view (presentedView), sizeForChildContentContainer, viewWillTransitionToSize with
-- the coordinator's completion, and a presentation controller that is its own animator.
--
-- | parameter       | value      | meaning (Apple's numbers)                                  |
-- |-----------------|------------|------------------------------------------------------------|
-- | SIZE            | ½ × ½      | sizeForChildContentContainer: half the container each way  |
-- | OUTSET          | 20 pt      | the wrapper is the frame outset by 20, the view inset back |
-- | SHADOW          | 0.63, 17   | the wrapper's shadowOpacity and shadowRadius               |
-- | BUTTON          | 26 × 26    | the close button, centred on the view's top-left corner    |
-- | DURATION        | 0.35 s     | a fade, easeInOut (0 when not animated)                    |
-- | compact width   | fullScreen | adaptivePresentationStyle, in a UINavigationController     |
--
-- Run:    transit run scripts/presentations/adaptivePresentation.lua               (iPhone: adapts)
--         transit run scripts/presentations/adaptivePresentation.lua --device iPad (the card)
-- Apple's second view controller is the adaptivity delegate (it sets
-- self.presentationController.delegate = self in setTransitioningDelegate:); here a small
-- delegate object plays that part, set by the presentation controller when it is made.

local OUTSET = 20
local SHADOW_OPACITY, SHADOW_RADIUS = 0.63, 17
local BUTTON_SIZE = 26
local DURATION = 0.35

---------------------------------------------------------------------------------------------
-- AAPLAdaptivePresentationSecondViewController's UIAdaptivePresentationControllerDelegate part.
local AdaptivityDelegate = NSObject:subclass("AdaptivityDelegate")

-- UIKit asks only when the environment is horizontally compact: present full screen there.
function AdaptivityDelegate:adaptivePresentationStyle(controller, traitCollection)
  return "fullScreen"
end

-- In full screen the card's close button is gone: show the controller in a navigation
-- controller, whose bar would hold a Dismiss button.
function AdaptivityDelegate:viewControllerForAdaptivePresentationStyle(controller, style)
  return UINavigationController.new(controller.presentedViewController)
end

---------------------------------------------------------------------------------------------
-- AAPLAdaptivePresentationController
local AdaptivePresentationController = UIPresentationController:subclass("AAPLAdaptivePresentationController")

function AdaptivePresentationController:init(presentedViewController, presentingViewController)
  presentedViewController.modalPresentationStyle = "custom"
  self.delegate = AdaptivityDelegate.new()
end

function AdaptivePresentationController:presentedView()
  -- The wrapper made in presentationTransitionWillBegin: it carries the shadow.
  return self.presentationWrappingView
end

function AdaptivePresentationController:presentationTransitionWillBegin()
  -- UIKit's presented view, before our override: the controller's view.
  local presentedViewControllerView = UIPresentationController.presentedView(self)

  local wrapper = UIView.new{ name = "presentationWrappingView" }
  wrapper.layer.shadowOpacity = SHADOW_OPACITY
  wrapper.layer.shadowRadius = SHADOW_RADIUS
  self.presentationWrappingView = wrapper
  presentedViewControllerView.autoresizingMask = { "flexibleWidth", "flexibleHeight" }
  wrapper:addSubview(presentedViewControllerView)

  -- Apple's close button is an image; a dark circle with a cross stands in for it.
  local button = UIView.new{ frame = CGRect(0, 0, BUTTON_SIZE, BUTTON_SIZE), name = "dismissButton",
    backgroundColor = UIColor.darkGray }
  button.layer.cornerRadius = BUTTON_SIZE / 2
  button:addSubview(UILabel.new{ frame = CGRect(0, 0, BUTTON_SIZE, BUTTON_SIZE), text = "×", fontSize = 18,
    fontWeight = "bold", textColor = UIColor.white, textAlignment = "center" })
  button:addGestureRecognizer(UITapGestureRecognizer.new(function() self:dismissButtonTapped() end))
  self.dismissButton = button
  wrapper:addSubview(button)
end

function AdaptivePresentationController:dismissButtonTapped()
  self.presentingViewController:dismiss(true, nil)
end

-- Layout

function AdaptivePresentationController:viewWillTransitionToSize(size, coordinator)
  -- A shadow is costly to animate through a rotation: clip and drop it until the end.
  local wrapper = self.presentationWrappingView
  if not wrapper then return end
  wrapper.clipsToBounds = true
  wrapper.layer.shadowOpacity = 0
  wrapper.layer.shadowRadius = 0
  coordinator:animateAlongsideTransition(function(context) end, function(context)
    wrapper.clipsToBounds = false
    wrapper.layer.shadowOpacity = SHADOW_OPACITY
    wrapper.layer.shadowRadius = SHADOW_RADIUS
  end)
end

function AdaptivePresentationController:sizeForChildContentContainer(container, parentSize)
  if container == self.presentedViewController then
    return CGSize(parentSize.width / 2, parentSize.height / 2)
  end
  return UIPresentationController.sizeForChildContentContainer(self, container, parentSize)
end

function AdaptivePresentationController:frameOfPresentedViewInContainerView()
  local bounds = self.containerView.bounds
  local size = self:sizeForChildContentContainer(self.presentedViewController, bounds.size)
  local frame = CGRect(bounds.midX - size.width / 2, bounds.midY - size.height / 2, size.width, size.height)
  -- The wrapper reaches 20 pt further each way, so the close button over the corner fits in it.
  return frame:insetBy(-OUTSET, -OUTSET)
end

function AdaptivePresentationController:containerViewWillLayoutSubviews()
  UIPresentationController.containerViewWillLayoutSubviews(self)
  local wrapper = self.presentationWrappingView
  if not wrapper then return end
  wrapper.frame = self:frameOfPresentedViewInContainerView()
  local view = self.presentedViewController.view
  view.frame = wrapper.bounds:insetBy(OUTSET, OUTSET)
  self.dismissButton.center = CGPoint(view.frame.minX, view.frame.minY)
end

-- UIViewControllerAnimatedTransitioning: a fade, whichever style the presentation adapted to.

function AdaptivePresentationController:transitionDuration(transitionContext)
  return transitionContext.isAnimated and DURATION or 0
end

function AdaptivePresentationController:animateTransition(transitionContext)
  local fromViewController = transitionContext:viewController("from")
  local toViewController = transitionContext:viewController("to")
  local containerView = transitionContext.containerView
  local toView = transitionContext:view("to")
  local fromView = transitionContext:view("from")
  local isPresenting = fromViewController == self.presentingViewController

  if isPresenting then
    containerView:addSubview(toView)
    toView.alpha = 0
    -- fromView exists only when the presentation adapted to full screen (the presenter's view
    -- leaves the window then). Apple sets it to its final frame, which is zero for a view that
    -- is removed at the end: that would hide it at once instead of under the fade.
    local fromFinal = transitionContext:finalFrame(fromViewController)
    if fromView and fromFinal ~= CGRect.zero then fromView.frame = fromFinal end
    toView.frame = transitionContext:finalFrame(toViewController)
  elseif toView then
    -- Adapted to full screen, the presenter's view comes back: under the fading view (Apple
    -- adds it on top, which hides the fade).
    containerView:insertSubviewBelow(toView, fromView)
    toView.frame = transitionContext:finalFrame(toViewController)
  end

  UIView.animate(self:transitionDuration(transitionContext), function()
    if isPresenting then toView.alpha = 1 else fromView.alpha = 0 end
  end, function(finished)
    local wasCancelled = transitionContext.transitionWasCancelled
    transitionContext:completeTransition(not wasCancelled)
    -- The view may be shown again (a cancelled dismissal, or presented anew).
    if not isPresenting then fromView.alpha = 1 end
  end)
end

-- UIViewControllerTransitioningDelegate: scripts/system/effect.lua makes one controller per
-- presentation from this class and uses it as the animator, as Apple's segue does
-- (destination.transitioningDelegate = presentationController).

return AdaptivePresentationController
