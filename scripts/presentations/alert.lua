-- An alert-sized card in the middle of the screen over a dimmed background, in the spirit of
-- Presentr's `.alert` presentation (IcaliaLabs/Presentr: PresentationType.swift,
-- PresentrController.swift, CoverVerticalAnimation.swift, Presentr.swift): 270 × 180 pt,
-- centred, corners rounded 4 pt, a black chrome view at opacity 0.7 faded in alongside the
-- transition, a tap on the chrome dismisses; the card covers vertically from below the screen
-- (Presentr's default transition) in 0.4 s.
-- Shows: a UIPresentationController subclass (frameOfPresentedViewInContainerView, dimming
-- chrome through the transition coordinator) that is also its own animator.
-- Presentr can blur the background instead (blurBackground, a UIVisualEffectView); Transit has
-- no visual effect views yet, so this file dims.
--
-- | parameter      | value   | meaning (Presentr's defaults)                                  |
-- |----------------|---------|----------------------------------------------------------------|
-- | SIZE           | 270×180 | PresentationType.alert: ModalSize.custom(270) × custom(180)    |
-- | CORNER_RADIUS  | 4       | Presentr.cornerRadius; alerts and popups are rounded           |
-- | DIM_ALPHA      | 0.7     | Presentr.backgroundOpacity: black chrome at this opacity       |
-- | DURATION       | 0.4 s   | PresentrAnimation's .normal(duration: 0.4), easeInOut          |
--
-- Run:    transit run scripts/presentations/alert.lua
-- Check:  transit check scripts/presentations/alert.lua --matrix quick

local SIZE = CGSize(270, 180)
local CORNER_RADIUS = 4
local DIM_ALPHA = 0.7
local DURATION = 0.4

local AlertPresentationController = UIPresentationController:subclass("AlertPresentationController")

function AlertPresentationController:init(presented, presenting)
  -- UIKit asks the transitioning delegate for a presentation controller only for "custom".
  presented.modalPresentationStyle = "custom"
end

-- Centred, Presentr's ModalCenterPosition.center.
function AlertPresentationController:frameOfPresentedViewInContainerView()
  local bounds = self.containerView.bounds
  return CGRect(bounds.midX - SIZE.width / 2, bounds.midY - SIZE.height / 2, SIZE.width, SIZE.height)
end

function AlertPresentationController:presentationTransitionWillBegin()
  -- The chrome: full-container black at DIM_ALPHA, whose view alpha goes 0 → 1 with the
  -- transition (Presentr animates the view's alpha, not its colour).
  local chrome = UIView.new{ frame = self.containerView.bounds, name = "chromeView",
    backgroundColor = UIColor.black:withAlphaComponent(DIM_ALPHA), autoresizingMask = { "flexibleWidth", "flexibleHeight" } }
  chrome.alpha = 0
  chrome:addGestureRecognizer(UITapGestureRecognizer.new(function()
    self.presentingViewController:dismiss(true, nil)
  end))
  self.containerView:addSubview(chrome)
  self.chromeView = chrome

  local view = self.presentedViewController.view
  view.layer.cornerRadius = CORNER_RADIUS
  view.clipsToBounds = true

  -- Alongside the presentation: the block runs inside the animator's animation, so the fade
  -- follows its timing (and an interactive transition's scrubbing).
  self.presentedViewController.transitionCoordinator:animateAlongsideTransition(function(context)
    chrome.alpha = 1
  end, nil)
end

function AlertPresentationController:presentationTransitionDidEnd(completed)
  -- Cancelled: UIKit removes the container and what is in it; drop our reference.
  if not completed then self.chromeView = nil end
end

function AlertPresentationController:dismissalTransitionWillBegin()
  local chrome = self.chromeView
  self.presentedViewController.transitionCoordinator:animateAlongsideTransition(function(context)
    chrome.alpha = 0
  end, nil)
end

function AlertPresentationController:dismissalTransitionDidEnd(completed)
  if completed then self.chromeView = nil end
end

-- The chrome follows the container (rotation).
function AlertPresentationController:containerViewWillLayoutSubviews()
  if self.chromeView then self.chromeView.frame = self.containerView.bounds end
  self:presentedView().frame = self:frameOfPresentedViewInContainerView()
end

-- UIViewControllerAnimatedTransitioning: Presentr's CoverVerticalAnimation.

function AlertPresentationController:transitionDuration(ctx)
  return ctx.isAnimated and DURATION or 0
end

function AlertPresentationController:animateTransition(ctx)
  local isPresenting = ctx:viewController("to") == self.presentedViewController
  local view = isPresenting and ctx:view("to") or ctx:view("from")
  local shown = self:frameOfPresentedViewInContainerView()
  -- Presentr's cover-vertical start: the container's height plus the card's below the top,
  -- i.e. one card height below the bottom edge.
  local hidden = CGRect(shown.x, ctx.containerView.bounds.height + shown.height, shown.width, shown.height)
  if isPresenting then
    ctx.containerView:addSubview(view)
    view.frame = hidden
  end
  UIView.animate(self:transitionDuration(ctx), function()
    view.frame = isPresenting and shown or hidden
  end, function(finished)
    ctx:completeTransition(not ctx.transitionWasCancelled)
  end)
end

return AlertPresentationController
