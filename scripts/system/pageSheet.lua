-- UIModalPresentationStyle.pageSheet as of iOS 13: a sheet with rounded top corners over the
-- presenter, which stays on screen (not removed; docs/sources.md §3.7) behind a dimming view.
-- Its controller is the host UISheetPresentationController (iOS 15's class, whose properties
-- and detents are the engine's); this script draws its chrome and runs its drag.
-- Before iOS 13 (--ios 12) it adapts to fullScreen in compact width (docs/sources.md §3.7,
-- hacknicity) and is a full-height 768-pt column on iPad.
-- Apple documents none of the geometry. Chosen numbers (docs/semantics.md (System styles, Sheets)):
--   frame        = UISheetPresentationController's (the current detent in compact width;
--                  status bar + 10 pt from the top at large; a 704-pt column in regular width)
--   corners      = preferredCornerRadius, else 10 pt, top corners only (as SPStorkController's
--                  iOS-13 clone, docs/sources.md §2.7)
--   dimming      = black at 0.4 (Apple's LookInside overlay dimming, docs/sources.md §1.3),
--                  faded in and out alongside the transition; none at detents up to
--                  largestUndimmedDetentIdentifier, where the presenter stays touchable
--   grabber      = prefersGrabberVisible: a 36×5-pt capsule, 5 pt below the sheet's top
-- iOS 13+ in compact width (docs/semantics.md, System styles; numbers ours):
--   the presenter's full-screen view scales back behind the card, alongside the transition, to
--   (width − 32)/width with its top at the status bar and 10-pt corners (not at an undimmed
--   detent);
--   a drag on the sheet moves it between its detents (iOS 15) and, below the smallest one,
--   dismisses it interactively (finishes past half its height or when flicked down faster than
--   1000 pt/s), asking the presentation controller's delegate first (iOS 13's user dismissal);
--   a drag that starts in a scroll view of the sheet moves the sheet while the scroll view is
--   at its top edge (and, with prefersScrollingExpandsWhenScrolledToEdge, while the sheet is
--   below its largest detent), and scrolls it otherwise.
-- The script's own state lives in `state`, not on the controller: UIKit's sheet has no fields
-- for scripts to add, and Transit reports a field written on it as a mistake.

local PageSheet = UISheetPresentationController:subclass("UIPageSheetPresentationController")

PageSheet.dimAlpha = 0.4

local stateOf = require("system.support").privateState()
PageSheet.stateOf = stateOf

local function iosVersion()
  return tonumber(transit.device.systemVersion:match("^%d+")) or 17
end

-- Horizontal size class, by the host's rules (iPad regular; iPhone regular from 896 pt wide).
function PageSheet.isRegularWidth(bounds)
  return transit.device.userInterfaceIdiom == "pad" or bounds.width >= 896
end

function PageSheet.statusBarHeight(bounds)
  if transit.device.userInterfaceIdiom == "pad" then return 24 end
  if bounds.width > bounds.height then return 0 end       -- iPhone landscape hides it
  if bounds.height <= 736 then return 20 end              -- home-button iPhones
  return 54                                               -- iPhone 15 family
end

function PageSheet.topInset(bounds)
  return PageSheet.statusBarHeight(bounds) + 10
end

-- Before iOS 13 sheets become full screen in compact width.
function PageSheet:adaptivePresentationStyle(traits)
  if iosVersion() < 13 and traits.horizontalSizeClass == "compact" then return "fullScreen" end
  return "none"
end

function PageSheet:shouldRemovePresentersView()
  return false
end

-- Which corners are rounded (the sheet is attached to the bottom edge).
function PageSheet:roundedCorners()
  return { "layerMinXMinYCorner", "layerMaxXMinYCorner" }
end

-- Whether the sheet fills the container (a landscape iPhone's "full screen appearance").
function PageSheet:fillsContainer()
  return self:frameOfPresentedViewInContainerView():equalTo(self.containerView.bounds)
end

-- How dimmed the presenter is with the sheet's top at `top` (0 at and below the largest
-- undimmed detent, 1 from the next detent up), following the drag.
function PageSheet:dimFraction(top)
  local detents = transit.sheet.detents(self)
  if #detents == 0 then return 1 end
  local undimmedTop, dimmedTop
  for i = #detents, 1, -1 do
    local d = detents[i]
    if not d.dims then undimmedTop = d.frame.y break end
    dimmedTop = d.frame.y
  end
  if not undimmedTop then return 1 end
  if not dimmedTop then return 0 end
  if top == nil then top = self:presentedView().frame.y end
  if undimmedTop <= dimmedTop then return 0 end
  return math.max(0, math.min(1, (undimmedTop - top) / (undimmedTop - dimmedTop)))
end

function PageSheet:applyDimming(fraction)
  local s = stateOf(self)
  if s.dimmingView then
    s.dimmingView.alpha = fraction
    s.dimmingView.isUserInteractionEnabled = fraction > 0
  end
  local presenter = self:scaledPresenterView()
  if presenter then presenter.transform = self:presenterTransform(fraction) end
end

function PageSheet:presentationTransitionWillBegin()
  local container = self.containerView
  local s = stateOf(self)
  s.dimmingView = UIView.new{ frame = container.bounds, name = "sheet dimming",
    backgroundColor = UIColor.black:withAlphaComponent(self.dimAlpha) }
  s.dimmingView.alpha = 0
  container:insertSubview(s.dimmingView, 1)

  local sheet = self:presentedView()
  if iosVersion() >= 13 and not self:fillsContainer() then
    sheet.layer.cornerRadius = self:currentCornerRadius()
    sheet.layer.maskedCorners = self:roundedCorners()
    sheet.clipsToBounds = true
  end
  self:updateGrabber()

  local dimming = s.dimmingView
  local presenter = self:scaledPresenterView()
  if presenter then
    presenter.layer.cornerRadius = 10
    presenter.clipsToBounds = true
  end
  local fraction = self:dimFraction(self:frameOfPresentedViewInContainerView().y)
  dimming.isUserInteractionEnabled = fraction > 0
  local controller = self
  self.presentedViewController.transitionCoordinator:animateAlongsideTransition(function()
    dimming.alpha = fraction
    if presenter then presenter.transform = controller:presenterTransform(fraction) end
  end)
end

function PageSheet:currentCornerRadius()
  return self.preferredCornerRadius or 10
end

-- prefersGrabberVisible: a capsule at the sheet's top, kept in front of its content.
function PageSheet:updateGrabber()
  local s = stateOf(self)
  local sheet = self:presentedView()
  if self.prefersGrabberVisible and iosVersion() >= 15 then
    if not s.grabber then
      s.grabber = UIView.new{ name = "sheet grabber", frame = CGRect(0, 5, 36, 5),
        backgroundColor = UIColor(0.24, 0.24, 0.26, 0.3) }
      s.grabber.layer.cornerRadius = 2.5
      s.grabber.isUserInteractionEnabled = false
    end
    if s.grabber.superview ~= sheet then sheet:addSubview(s.grabber) else sheet:bringSubviewToFront(s.grabber) end
    s.grabber.frame = CGRect((sheet.bounds.width - 36) / 2, 5, 36, 5)
  elseif s.grabber then
    s.grabber:removeFromSuperview()
    s.grabber = nil
  end
end

-- iOS 13+ in compact width the presenter's view, when it fills the screen, scales back.
function PageSheet:scaledPresenterView()
  local bounds = self.containerView.bounds
  if iosVersion() < 13 or PageSheet.isRegularWidth(bounds) or self:fillsContainer() then return nil end
  local view = self.presentingViewController.view
  if view.window == nil or not view.frame:equalTo(bounds) then return nil end
  return view
end

function PageSheet:presenterTransform(fraction)
  fraction = fraction or 1
  local bounds = self.containerView.bounds
  local scale = 1 - fraction * 32 / bounds.width
  -- Scaled about its centre; move it up so its top sits at the status bar.
  local top = PageSheet.statusBarHeight(bounds) * fraction
  return CGAffineTransform.scale(scale, scale):concatenating(
    CGAffineTransform.translation(0, top - bounds.height * (1 - scale) / 2))
end

function PageSheet:presentationTransitionDidEnd(completed)
  if not completed then self:removeChrome() return end
  local s = stateOf(self)
  if iosVersion() >= 13 and not s.pullRecognizer then
    -- iOS 13: a drag on the sheet moves it (between detents, or down to dismiss it).
    local controller = self
    s.pullRecognizer = UIPanGestureRecognizer.new(function(pan) controller:handlePull(pan) end)
    -- Recognized together with the scroll views of the sheet, which it hands the drag to.
    s.pullRecognizer.delegate = { shouldRecognizeSimultaneouslyWith = function(_, _, other)
      local view = other.view
      return view ~= nil and view:isKind(UIScrollView) and view:isDescendant(controller:presentedView())
    end }
    self:presentedView():addGestureRecognizer(s.pullRecognizer)
  end
end

-- The pull is a dismissal by the user (iOS 13, UIAdaptivePresentationControllerDelegate):
-- when the sheet is pulled below its smallest detent it asks transit.userDismissal "should"
-- (false when the presented controller's isModalInPresentation is true, else the delegate's
-- presentationControllerShouldDismiss); refused, the sheet only gives a little under the finger
-- (at most RESIST_MAX pt, our number) and springs back on release, which calls
-- presentationControllerDidAttemptToDismiss. Allowed, the dismissal begins, then
-- presentationControllerWillDismiss; presentationControllerDidDismiss comes from the dismissal's
-- completion, so a cancelled pull never calls it. docs/semantics.md (System styles).
local RESIST_MAX = 60
-- A release projects the sheet's top this many seconds along its velocity to pick the detent
-- it settles at (our number: a flick of 1000 pt/s carries 200 pt).
local PROJECTION = 0.2

local function scrollTop(scroll)
  return -scroll.adjustedContentInset.top
end

-- The scroll view of the sheet whose pan recognizes with this touch, if any.
local function draggedScrollView(controller, pan)
  local sheet = controller:presentedView()
  local location = pan:location(sheet)
  local hit = sheet:hitTest(location)
  while hit ~= nil and hit ~= sheet do
    if hit:isKind(UIScrollView) and hit.isScrollEnabled then return hit end
    hit = hit.superview
  end
  return nil
end

function PageSheet:handlePull(pan)
  local s = stateOf(self)
  local sheet = self:presentedView()
  if pan.state == "began" then
    if self.presentedViewController.isBeingDismissed then return end
    local detents = transit.sheet.detents(self)
    s.drag = { last = 0, detents = detents, scroll = draggedScrollView(self, pan) }
    if s.drag.scroll then s.drag.held = s.drag.scroll.contentOffset end
    return
  end
  local drag = s.drag
  if not drag then return end
  local translation = pan:translation(sheet.superview).y
  local delta = translation - drag.last
  drag.last = translation
  if pan.state == "changed" then
    self:dragBy(drag, delta)
  else
    s.drag = nil
    self:endDrag(drag, pan.state == "ended" and pan:velocity(sheet.superview).y or 0, pan.state == "ended")
  end
end

-- Whether the sheet, rather than its scroll view, takes this part of the drag.
function PageSheet:sheetTakes(drag, delta)
  local scroll = drag.scroll
  if not scroll or drag.dismissing or drag.resisting then return true end
  local atTop = drag.held.y <= scrollTop(scroll) + 0.5
  if not atTop then return false end
  if delta > 0 then return true end
  local detents = drag.detents
  local largestTop = #detents > 0 and detents[#detents].frame.y or self:frameOfPresentedViewInContainerView().y
  local below = self:presentedView().frame.y > largestTop + 0.5
  return below and (self.prefersScrollingExpandsWhenScrolledToEdge or drag.moved)
end

function PageSheet:dragBy(drag, delta)
  local sheet = self:presentedView()
  local scroll = drag.scroll
  if not self:sheetTakes(drag, delta) then
    -- The scroll view scrolls: the sheet stays where it is.
    drag.held = scroll.contentOffset
    return
  end
  if scroll then scroll.contentOffset = drag.held end
  if drag.dismissing then
    drag.distance = drag.distance + delta
    drag.interaction:update(math.max(0, math.min(1, drag.distance / math.max(1, sheet.bounds.height))))
    return
  end
  if drag.resisting then
    drag.distance = drag.distance + delta
    local give = RESIST_MAX * (1 - 1 / (1 + math.max(0, drag.distance) / (2 * RESIST_MAX)))
    sheet.transform = CGAffineTransform.translation(0, give)
    return
  end
  local detents = drag.detents
  local bounds = self.containerView.bounds
  local frame = sheet.frame
  local smallestTop, largestTop
  if #detents > 0 then
    smallestTop, largestTop = detents[1].frame.y, detents[#detents].frame.y
  else
    smallestTop, largestTop = frame.y, frame.y
  end
  drag.top = (drag.top or frame.y) + delta
  drag.moved = true
  if drag.top > smallestTop + 0.5 then
    -- Below the smallest detent: the user is dismissing the sheet.
    self:placeSheet(smallestTop, bounds)
    local excess = drag.top - smallestTop
    if not transit.userDismissal(self, "should") then
      drag.resisting, drag.distance = true, excess
      self:dragBy(drag, 0)
      return
    end
    drag.interaction = UIPercentDrivenInteractiveTransition.new()
    drag.dismissing, drag.distance = true, excess
    stateOf(self).pullInteraction = drag.interaction
    local controller = self
    self.presentedViewController:dismiss(true, function() transit.userDismissal(controller, "did") end)
    stateOf(self).pullInteraction = nil
    transit.userDismissal(self, "will")
    drag.interaction:update(math.max(0, math.min(1, excess / math.max(1, sheet.bounds.height))))
    return
  end
  local top = drag.top
  if top < largestTop then
    -- Above the largest detent the sheet rubber-bands (our curve: at most 30 pt).
    local over = largestTop - top
    top = largestTop - 30 * (1 - 1 / (1 + over / 60))
  end
  self:placeSheet(top, bounds)
  if #detents > 0 then self:applyDimming(self:dimFraction(top)) end
end

-- The sheet's frame with its top at `top`, attached to the bottom edge.
function PageSheet:placeSheet(top, bounds)
  local sheet = self:presentedView()
  local frame = sheet.frame
  sheet.frame = CGRect(frame.x, top, frame.width, math.max(0, bounds.height - top))
  self:updateGrabber()
end

function PageSheet:endDrag(drag, velocity, ended)
  local sheet = self:presentedView()
  if drag.dismissing then
    local progress = drag.distance / math.max(1, sheet.bounds.height)
    if ended and (progress > 0.5 or velocity > 1000) then drag.interaction:finish() else drag.interaction:cancel() end
    return
  end
  if drag.resisting then
    UIView.animate{ duration = 0.5, dampingRatio = 500 / (2 * math.sqrt(3000)), animations = function()
      sheet.transform = CGAffineTransform.new(1, 0, 0, 1, 0, 0)
    end }
    if ended then transit.userDismissal(self, "attempted") end
    return
  end
  if not drag.moved or #drag.detents == 0 then return end
  -- Settle at the detent nearest to where the release carries the sheet's top.
  local projected = sheet.frame.y + velocity * PROJECTION
  local target = drag.detents[1]
  for _, d in ipairs(drag.detents) do
    if math.abs(d.frame.y - projected) < math.abs(target.frame.y - projected) then target = d end
  end
  transit.sheet.userSelect(self, target.identifier)
  local controller = self
  UIView.animate{ duration = 0.5, dampingRatio = 500 / (2 * math.sqrt(3000)), options = { "allowUserInteraction" }, animations = function()
    sheet.frame = target.frame
    controller:updateGrabber()
    controller:applyDimming(controller:dimFraction(target.frame.y))
  end }
end

-- UIKit's own sheet drives its dismissal from its pull (asked by the host for system styles).
function PageSheet:interactionControllerForDismissal(animator)
  return stateOf(self).pullInteraction
end

function PageSheet:dismissalTransitionWillBegin()
  local s = stateOf(self)
  local dimming = s.dimmingView
  local presenter = self:scaledPresenterView()
  self.presentedViewController.transitionCoordinator:animateAlongsideTransition(function()
    if dimming then dimming.alpha = 0 end
    if presenter then presenter.transform = CGAffineTransform.new(1, 0, 0, 1, 0, 0) end
  end)
end

function PageSheet:dismissalTransitionDidEnd(completed)
  if completed then self:removeChrome() end
end

function PageSheet:removeChrome()
  local s = stateOf(self)
  if s.dimmingView then s.dimmingView:removeFromSuperview() end
  s.dimmingView = nil
  local presenter = self.presentingViewController.view
  presenter.transform = CGAffineTransform.new(1, 0, 0, 1, 0, 0)
  if iosVersion() >= 13 and presenter.layer.cornerRadius == 10 then
    presenter.layer.cornerRadius = 0
    presenter.clipsToBounds = false
  end
  if s.pullRecognizer then
    self:presentedView():removeGestureRecognizer(s.pullRecognizer)
    s.pullRecognizer = nil
  end
  if s.grabber then s.grabber:removeFromSuperview() s.grabber = nil end
  local sheet = self:presentedView()
  sheet.layer.cornerRadius = 0
  sheet.clipsToBounds = false
end

-- Layout: the sheet at its detent (a change of detents or selection made outside
-- animateChanges shows here, at the next layout), with its chrome.
function PageSheet:containerViewWillLayoutSubviews()
  local s = stateOf(self)
  if s.dimmingView then s.dimmingView.frame = self.containerView.bounds end
  local presented = self.presentedViewController
  if presented.isBeingPresented or presented.isBeingDismissed or s.drag then return end
  local sheet = self:presentedView()
  sheet.frame = self:frameOfPresentedViewInContainerView()
  if iosVersion() >= 13 and sheet.clipsToBounds then sheet.layer.cornerRadius = self:currentCornerRadius() end
  self:updateGrabber()
  if s.dimmingView and #transit.sheet.detents(self) > 0 then self:applyDimming(self:dimFraction(sheet.frame.y)) end
end

return PageSheet
