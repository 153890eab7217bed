-- The presented screen covers the bottom half of the display over a dimmed background, in the
-- spirit of Presentr's `.bottomHalf` presentation (IcaliaLabs/Presentr: PresentationType.swift,
-- ModalSize.swift, ModalCenterPosition.swift, CoverVerticalAnimation.swift): full width, half
-- the height (floored), centred at 3/4 of the height, square corners, black chrome at 0.7
-- faded alongside; it covers vertically from below in 0.4 s; a tap on the chrome dismisses.
-- Shows: sizing and placing a presented view by its centre (Presentr's model), a dimming
-- chrome driven by the transition coordinator.
-- Presentr can blur the background (a UIVisualEffectView); Transit has none yet: this dims.
--
-- | parameter      | value  | meaning (Presentr's defaults)                               |
-- |----------------|--------|-------------------------------------------------------------|
-- | HEIGHT         | ½      | ModalSize.half: floor(parent height / 2), full width         |
-- | CENTER_Y       | ¾      | ModalCenterPosition.bottomCenter: y = 3/4 of the height      |
-- | DIM_ALPHA      | 0.7    | Presentr.backgroundOpacity                                   |
-- | DURATION       | 0.4 s  | cover vertical, easeInOut                                    |
--
-- Run:    transit run scripts/presentations/bottomHalf.lua

local DIM_ALPHA = 0.7
local DURATION = 0.4

local BottomHalfPresentationController = UIPresentationController:subclass("BottomHalfPresentationController")

function BottomHalfPresentationController:init(presented, presenting)
  presented.modalPresentationStyle = "custom"
end

function BottomHalfPresentationController:frameOfPresentedViewInContainerView()
  local bounds = self.containerView.bounds
  local height = math.floor(bounds.height / 2)
  local centerY = bounds.y + bounds.height * 3 / 4
  return CGRect(bounds.x, centerY - height / 2, bounds.width, height)
end

function BottomHalfPresentationController:presentationTransitionWillBegin()
  local chrome = UIView.new{ frame = self.containerView.bounds, name = "chromeView",
    backgroundColor = UIColor.black:withAlphaComponent(DIM_ALPHA), autoresizingMask = { "flexibleWidth", "flexibleHeight" } }
  chrome.alpha = 0
  chrome:addGestureRecognizer(UITapGestureRecognizer.new(function()
    self.presentingViewController:dismiss(true, nil)
  end))
  self.containerView:addSubview(chrome)
  self.chromeView = chrome
  self.presentedViewController.transitionCoordinator:animateAlongsideTransition(function(context)
    chrome.alpha = 1
  end, nil)
end

function BottomHalfPresentationController:presentationTransitionDidEnd(completed)
  if not completed then self.chromeView = nil end
end

function BottomHalfPresentationController:dismissalTransitionWillBegin()
  local chrome = self.chromeView
  self.presentedViewController.transitionCoordinator:animateAlongsideTransition(function(context)
    chrome.alpha = 0
  end, nil)
end

function BottomHalfPresentationController:dismissalTransitionDidEnd(completed)
  if completed then self.chromeView = nil end
end

function BottomHalfPresentationController:containerViewWillLayoutSubviews()
  if self.chromeView then self.chromeView.frame = self.containerView.bounds end
  self:presentedView().frame = self:frameOfPresentedViewInContainerView()
end

function BottomHalfPresentationController:transitionDuration(ctx)
  return ctx.isAnimated and DURATION or 0
end

function BottomHalfPresentationController:animateTransition(ctx)
  local isPresenting = ctx:viewController("to") == self.presentedViewController
  local view = isPresenting and ctx:view("to") or ctx:view("from")
  local shown = self:frameOfPresentedViewInContainerView()
  -- CoverVerticalAnimation: from one view height below the container's bottom.
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

return BottomHalfPresentationController
