-- A large rounded popup in the middle of the screen that the user can swipe down to dismiss,
-- in the spirit of Presentr's `.popup` presentation with dismissOnSwipe (IcaliaLabs/Presentr:
-- PresentationType.swift, ModalSize.swift, PresentrController.swift): the parent's width less
-- 30 pt each side and 66 % of its height, centred, corners 4 pt, black chrome at 0.7. While the
-- finger drags the popup follows it; past 100 pt it dismisses, released before it springs back
-- (0.5 s, damping 0.5, initial velocity 1).
-- Shows: a UIPresentationController with its own pan recognizer on the presented view, a
-- non-interactive dismissal started from a gesture, and UIView.animate's spring options.
-- Presentr can blur the background (a UIVisualEffectView); Transit has none yet: this dims.
--
-- | parameter      | value        | meaning (Presentr's defaults)                              |
-- |----------------|--------------|------------------------------------------------------------|
-- | SIDE_MARGIN    | 30           | ModalSize.default width: parent − 2 × 30                   |
-- | HEIGHT_FRACTION| 0.66         | ModalSize.default height: 66 % of the parent               |
-- | CORNER_RADIUS  | 4            | Presentr.cornerRadius                                      |
-- | DIM_ALPHA      | 0.7          | Presentr.backgroundOpacity                                 |
-- | DURATION       | 0.4 s        | cover vertical, easeInOut                                  |
-- | SWIPE_LIMIT    | 100 pt       | a drag this far down dismisses                             |
-- | SNAP_BACK      | 0.5 s, damping 0.5, velocity 1 | the spring back when released short      |
-- | interactiveDismissal | { pan = "down" } | how scenes drive it                             |
--
-- Run:    transit run scripts/presentations/popup.lua
--         (present, dismiss, then drags of 10 % (springs back) and 90 % (dismisses))

local SIDE_MARGIN = 30
local HEIGHT_FRACTION = 0.66
local CORNER_RADIUS = 4
local DIM_ALPHA = 0.7
local DURATION = 0.4
local SWIPE_LIMIT = 100

local PopupPresentationController = UIPresentationController:subclass("PopupPresentationController")
PopupPresentationController.interactiveDismissal = { pan = "down" }

function PopupPresentationController:init(presented, presenting)
  presented.modalPresentationStyle = "custom"
end

function PopupPresentationController:frameOfPresentedViewInContainerView()
  local bounds = self.containerView.bounds
  -- Presentr floors its sizes (ModalSize.calculateWidth / calculateHeight).
  local width = math.floor(bounds.width - SIDE_MARGIN * 2)
  local height = math.floor(bounds.height * HEIGHT_FRACTION)
  return CGRect(bounds.midX - width / 2, bounds.midY - height / 2, width, height)
end

function PopupPresentationController:presentationTransitionWillBegin()
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
  -- Swipe to dismiss: a pan on the presented view (Presentr's presentedViewSwipe).
  self.swipeDismissing = false
  view:addGestureRecognizer(UIPanGestureRecognizer.new(function(gesture) self:presentedViewSwipe(gesture) end))

  self.presentedViewController.transitionCoordinator:animateAlongsideTransition(function(context)
    chrome.alpha = 1
  end, nil)
end

function PopupPresentationController:presentedViewSwipe(gesture)
  local view = self.presentedViewController.view
  if gesture.state == "began" then
    self.frameAtStart = view.frame
  elseif gesture.state == "changed" then
    -- Once the dismissal runs the animator owns the frame: stop following the finger (Presentr
    -- keeps moving the view here, which fights its own dismissal animation).
    if self.swipeDismissing then return end
    local amount = gesture:translation(view)
    if amount.y < 0 then return end  -- only downwards
    local start = self.frameAtStart
    view.frame = CGRect(start.x, start.y + amount.y, start.width, start.height)
    if amount.y > SWIPE_LIMIT then
      self.swipeDismissing = true
      self.presentingViewController:dismiss(true, nil)
    end
  elseif gesture.state == "ended" or gesture.state == "cancelled" then
    if self.swipeDismissing then return end
    -- Short of the limit: spring back where it was.
    UIView.animate{ duration = 0.5, dampingRatio = 0.5, velocity = 1, animations = function()
      view.frame = self.frameAtStart
    end }
  end
end

function PopupPresentationController:presentationTransitionDidEnd(completed)
  if not completed then self.chromeView = nil end
end

function PopupPresentationController:dismissalTransitionWillBegin()
  local chrome = self.chromeView
  self.presentedViewController.transitionCoordinator:animateAlongsideTransition(function(context)
    chrome.alpha = 0
  end, nil)
end

function PopupPresentationController:dismissalTransitionDidEnd(completed)
  if completed then self.chromeView = nil end
end

function PopupPresentationController:containerViewWillLayoutSubviews()
  if self.chromeView then self.chromeView.frame = self.containerView.bounds end
  if not self.presentedViewController.isBeingDismissed then
    self:presentedView().frame = self:frameOfPresentedViewInContainerView()
  end
end

function PopupPresentationController:transitionDuration(ctx)
  return ctx.isAnimated and DURATION or 0
end

function PopupPresentationController:animateTransition(ctx)
  local isPresenting = ctx:viewController("to") == self.presentedViewController
  local view = isPresenting and ctx:view("to") or ctx:view("from")
  local shown = self:frameOfPresentedViewInContainerView()
  local hidden = CGRect(shown.x, ctx.containerView.bounds.height + shown.height, shown.width, shown.height)
  if isPresenting then
    ctx.containerView:addSubview(view)
    view.frame = hidden
  end
  -- A dismissal starts where the view is (a swipe may have moved it).
  UIView.animate(self:transitionDuration(ctx), function()
    view.frame = isPresenting and shown or hidden
  end, function(finished)
    ctx:completeTransition(not ctx.transitionWasCancelled)
  end)
end

return PopupPresentationController
