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
-- The iOS 13 scale-back of the presenter's view is not reproduced.

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

function PageSheet:frameOfPresentedViewInContainerView()
  local bounds = self.containerView.bounds
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
  self.presentedViewController.transitionCoordinator:animateAlongsideTransition(function()
    dimming.alpha = 1
  end)
end

function PageSheet:presentationTransitionDidEnd(completed)
  if not completed then self:removeChrome() end
end

function PageSheet:dismissalTransitionWillBegin()
  local dimming = self.dimmingView
  self.presentedViewController.transitionCoordinator:animateAlongsideTransition(function()
    dimming.alpha = 0
  end)
end

function PageSheet:dismissalTransitionDidEnd(completed)
  if completed then self:removeChrome() end
end

function PageSheet:removeChrome()
  if self.dimmingView then self.dimmingView:removeFromSuperview() end
  self.dimmingView = nil
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
