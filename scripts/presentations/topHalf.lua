-- The presented screen drops over the top half of the display above a dimmed background, in
-- the spirit of Presentr's `.topHalf` presentation (IcaliaLabs/Presentr: PresentationType.swift,
-- ModalSize.swift, ModalCenterPosition.swift, CoverVerticalFromTopAnimation.swift): full width,
-- half the height (floored), centred at 1/4 of the height less 1 pt (Presentr's topCenter, so
-- the view starts 1 pt above the screen), square corners, black chrome at 0.7 faded alongside;
-- it slides down from above the screen in 0.4 s (topHalf's default transition); a tap on the
-- chrome dismisses.
-- Shows: sizing and placing a presented view by its centre (Presentr's model), a dimming
-- chrome driven by the transition coordinator.
-- Presentr can blur the background (a UIVisualEffectView); Transit has none yet: this dims.
--
-- | parameter      | value  | meaning (Presentr's defaults)                               |
-- |----------------|--------|-------------------------------------------------------------|
-- | HEIGHT         | ½      | ModalSize.half: floor(parent height / 2), full width         |
-- | CENTER_Y       | ¼ − 1  | ModalCenterPosition.topCenter: y = 1/4 of the height − 1 pt  |
-- | DIM_ALPHA      | 0.7    | Presentr.backgroundOpacity                                   |
-- | DURATION       | 0.4 s  | cover vertical from the top, easeInOut                       |
--
-- Run:    transit run scripts/presentations/topHalf.lua

local DIM_ALPHA = 0.7
local DURATION = 0.4

local TopHalfPresentationController = UIPresentationController:subclass("TopHalfPresentationController")

function TopHalfPresentationController:init(presented, presenting)
  presented.modalPresentationStyle = "custom"
end

function TopHalfPresentationController:frameOfPresentedViewInContainerView()
  local bounds = self.containerView.bounds
  local height = math.floor(bounds.height / 2)
  local centerY = bounds.y + bounds.height / 4 - 1
  return CGRect(bounds.x, centerY - height / 2, bounds.width, height)
end

function TopHalfPresentationController:presentationTransitionWillBegin()
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

function TopHalfPresentationController:presentationTransitionDidEnd(completed)
  if not completed then self.chromeView = nil end
end

function TopHalfPresentationController:dismissalTransitionWillBegin()
  local chrome = self.chromeView
  self.presentedViewController.transitionCoordinator:animateAlongsideTransition(function(context)
    chrome.alpha = 0
  end, nil)
end

function TopHalfPresentationController:dismissalTransitionDidEnd(completed)
  if completed then self.chromeView = nil end
end

function TopHalfPresentationController:containerViewWillLayoutSubviews()
  if self.chromeView then self.chromeView.frame = self.containerView.bounds end
  self:presentedView().frame = self:frameOfPresentedViewInContainerView()
end

function TopHalfPresentationController:transitionDuration(ctx)
  return ctx.isAnimated and DURATION or 0
end

function TopHalfPresentationController:animateTransition(ctx)
  local isPresenting = ctx:viewController("to") == self.presentedViewController
  local view = isPresenting and ctx:view("to") or ctx:view("from")
  local shown = self:frameOfPresentedViewInContainerView()
  -- CoverVerticalFromTopAnimation: from just above the container's top.
  local hidden = CGRect(shown.x, -shown.height, shown.width, shown.height)
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

return TopHalfPresentationController
