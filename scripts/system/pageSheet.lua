-- UIModalPresentationStyle.pageSheet as of iOS 13: a sheet with rounded top corners over the
-- presenter, which stays on screen (not removed; docs/sources.md §3.7) behind a dimming view.
-- Before iOS 13 (--ios 12) it adapts to fullScreen in compact width (docs/sources.md §3.7,
-- hacknicity) and is a full-height 768-pt column on iPad.
-- Apple documents none of the geometry. Chosen numbers (docs/semantics.md (System styles)):
--   top inset    = status bar + 10 pt; status bar 20 pt on home-button iPhones (≤ 736 pt tall),
--                  54 pt on the iPhone 15 family, 24 pt on iPad, 0 in iPhone landscape
--   corners      = 10 pt, top corners only (as SPStorkController's iOS-13 clone, docs/sources.md §2.7)
--   regular width: width min(704, container width), centred, same top inset
--   dimming      = black at 0.4 (Apple's LookInside overlay dimming, docs/sources.md §1.3),
--                  faded in and out alongside the transition
-- iOS 13+ in compact width (docs/semantics.md, System styles; numbers ours):
--   the presenter's full-screen view scales back behind the card, alongside the transition, to
--   (width − 32)/width with its top at the status bar and 10-pt corners;
--   a downward pull on the sheet dismisses it interactively (finishes past half its height or
--   when flicked down faster than 1000 pt/s), asking the presentation controller's delegate
--   first (iOS 13's user dismissal, below);
--   iOS 15+: detents ("medium", half the container height, and "large") through the presented
--   controller's sheetPresentationController: detents, selectedDetentIdentifier, animateChanges.

local PageSheet = UIPresentationController:subclass("UIPageSheetPresentationController")

PageSheet.cornerRadius = 10
PageSheet.dimAlpha = 0.4
PageSheet.regularWidth = 704

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

-- Detents (iOS 15): { "large" } by default; nil selection means the smallest one (UIKit).
function PageSheet:currentDetent()
  local detents = self.detents or { "large" }
  for _, name in ipairs(detents) do
    if name ~= "medium" and name ~= "large" then
      error("sheetPresentationController.detents: unknown detent \"" .. tostring(name) .. "\" (use \"medium\" or \"large\")", 0)
    end
  end
  local selected = self.selectedDetentIdentifier
  if selected ~= nil then
    for _, name in ipairs(detents) do if name == selected then return name end end
  end
  for _, name in ipairs(detents) do if name == "medium" then return "medium" end end
  return "large"
end

-- sheetPresentationController:animateChanges(f): changes to the detents animate the sheet.
function PageSheet:animateChanges(changes)
  UIView.animate{ duration = 0.5, dampingRatio = 500 / (2 * math.sqrt(3000)), animations = function()
    changes()
    if self.containerView then self:presentedView().frame = self:frameOfPresentedViewInContainerView() end
  end }
end

function PageSheet:frameOfPresentedViewInContainerView()
  local bounds = self.containerView.bounds
  if iosVersion() >= 15 and not PageSheet.isRegularWidth(bounds) and self:currentDetent() == "medium" then
    return CGRect(0, bounds.height / 2, bounds.width, bounds.height / 2)
  end
  if iosVersion() < 13 then
    local width = math.min(768, bounds.width)
    return CGRect((bounds.width - width) / 2, 0, width, bounds.height)
  end
  local top = PageSheet.topInset(bounds)
  if PageSheet.isRegularWidth(bounds) then
    local width = math.min(self.regularWidth, bounds.width)
    return CGRect((bounds.width - width) / 2, top, width, bounds.height - top)
  end
  return CGRect(0, top, bounds.width, bounds.height - top)
end

-- Which corners are rounded (the sheet is attached to the bottom edge).
function PageSheet:roundedCorners()
  return { "layerMinXMinYCorner", "layerMaxXMinYCorner" }
end

function PageSheet:presentationTransitionWillBegin()
  local container = self.containerView
  self.dimmingView = UIView.new{ frame = container.bounds, name = "sheet dimming",
    backgroundColor = UIColor.black:withAlphaComponent(self.dimAlpha) }
  self.dimmingView.alpha = 0
  container:insertSubview(self.dimmingView, 1)

  local sheet = self:presentedView()
  if iosVersion() >= 13 then
    sheet.layer.cornerRadius = self.cornerRadius
    sheet.layer.maskedCorners = self:roundedCorners()
    sheet.clipsToBounds = true
  end

  local dimming = self.dimmingView
  local presenter = self:scaledPresenterView()
  if presenter then
    presenter.layer.cornerRadius = self.cornerRadius
    presenter.clipsToBounds = true
  end
  self.presentedViewController.transitionCoordinator:animateAlongsideTransition(function()
    dimming.alpha = 1
    if presenter then presenter.transform = self:presenterTransform() end
  end)
end

-- iOS 13+ in compact width the presenter's view, when it fills the screen, scales back.
function PageSheet:scaledPresenterView()
  if iosVersion() < 13 or PageSheet.isRegularWidth(self.containerView.bounds) then return nil end
  local view = self.presentingViewController.view
  if view.window == nil or not view.frame:equalTo(self.containerView.bounds) then return nil end
  return view
end

function PageSheet:presenterTransform()
  local bounds = self.containerView.bounds
  local scale = (bounds.width - 32) / bounds.width
  -- Scaled about its centre; move it up so its top sits at the status bar.
  local top = PageSheet.statusBarHeight(bounds)
  return CGAffineTransform.scale(scale, scale):concatenating(
    CGAffineTransform.translation(0, top - bounds.height * (1 - scale) / 2))
end

function PageSheet:presentationTransitionDidEnd(completed)
  if not completed then self:removeChrome() return end
  if iosVersion() >= 13 and not self.pullRecognizer then
    -- iOS 13: a downward pull on the sheet dismisses it.
    self.pullRecognizer = UIPanGestureRecognizer.new(function(pan) self:handlePull(pan) end)
    self:presentedView():addGestureRecognizer(self.pullRecognizer)
  end
end

-- The pull is a dismissal by the user (iOS 13, UIAdaptivePresentationControllerDelegate):
-- when it begins the sheet asks transit.userDismissal "should" (false when the presented
-- controller's isModalInPresentation is true, else the delegate's
-- presentationControllerShouldDismiss); refused, the sheet only gives a little under the finger
-- (at most RESIST_MAX pt, our number) and springs back on release, which calls
-- presentationControllerDidAttemptToDismiss. Allowed, the dismissal begins, then
-- presentationControllerWillDismiss; presentationControllerDidDismiss comes from the dismissal's
-- completion, so a cancelled pull never calls it. docs/semantics.md (System styles).
local RESIST_MAX = 60

function PageSheet:handlePull(pan)
  local sheet = self:presentedView()
  local distance = pan:translation(sheet).y
  local progress = math.max(0, math.min(1, distance / math.max(1, sheet.bounds.height)))
  if pan.state == "began" then
    if pan:velocity(sheet).y < 0 or self.presentedViewController.isBeingDismissed then return end
    if not transit.userDismissal(self, "should") then
      self.resisting = true
      return
    end
    self.pullInteraction = UIPercentDrivenInteractiveTransition.new()
    local controller = self
    self.presentedViewController:dismiss(true, function() transit.userDismissal(controller, "did") end)
    transit.userDismissal(self, "will")
  elseif self.resisting then
    if pan.state == "changed" then
      local give = RESIST_MAX * (1 - 1 / (1 + math.max(0, distance) / (2 * RESIST_MAX)))
      sheet.transform = CGAffineTransform.translation(0, give)
    else
      self.resisting = nil
      UIView.animate{ duration = 0.5, dampingRatio = 500 / (2 * math.sqrt(3000)), animations = function()
        sheet.transform = CGAffineTransform.new(1, 0, 0, 1, 0, 0)
      end }
      if pan.state == "ended" then transit.userDismissal(self, "attempted") end
    end
  elseif not self.pullInteraction then
    return
  elseif pan.state == "changed" then
    self.pullInteraction:update(progress)
  elseif pan.state == "ended" then
    local interaction = self.pullInteraction
    self.pullInteraction = nil
    if progress > 0.5 or pan:velocity(sheet).y > 1000 then interaction:finish() else interaction:cancel() end
  else
    local interaction = self.pullInteraction
    self.pullInteraction = nil
    interaction:cancel()
  end
end

-- UIKit's own sheet drives its dismissal from its pull (asked by the host for system styles).
function PageSheet:interactionControllerForDismissal(animator)
  return self.pullInteraction
end

function PageSheet:dismissalTransitionWillBegin()
  local dimming = self.dimmingView
  local presenter = self:scaledPresenterView()
  self.presentedViewController.transitionCoordinator:animateAlongsideTransition(function()
    dimming.alpha = 0
    if presenter then presenter.transform = CGAffineTransform.new(1, 0, 0, 1, 0, 0) end
  end)
end

function PageSheet:dismissalTransitionDidEnd(completed)
  if completed then self:removeChrome() end
end

function PageSheet:removeChrome()
  if self.dimmingView then self.dimmingView:removeFromSuperview() end
  self.dimmingView = nil
  local presenter = self.presentingViewController.view
  presenter.transform = CGAffineTransform.new(1, 0, 0, 1, 0, 0)
  if iosVersion() >= 13 and presenter.layer.cornerRadius == self.cornerRadius then
    presenter.layer.cornerRadius = 0
    presenter.clipsToBounds = false
  end
  if self.pullRecognizer then
    self:presentedView():removeGestureRecognizer(self.pullRecognizer)
    self.pullRecognizer = nil
  end
  local sheet = self:presentedView()
  sheet.layer.cornerRadius = 0
  sheet.clipsToBounds = false
end

function PageSheet:containerViewWillLayoutSubviews()
  if self.dimmingView then self.dimmingView.frame = self.containerView.bounds end
  local presented = self.presentedViewController
  if presented.isBeingPresented or presented.isBeingDismissed then return end
  self:presentedView().frame = self:frameOfPresentedViewInContainerView()
end

return PageSheet
