-- UIModalPresentationStyle.formSheet: in regular width a centred sheet of the presented
-- controller's preferredContentSize, else 540×620 (the pre-iOS 13 iPad form sheet size, a
-- community constant, not Apple-documented: docs/sources.md §3.7), with all four corners rounded;
-- a later preferredContentSize change resizes it at the container's next layout; in compact
-- width exactly like pageSheet (iOS 13+; before 13 it adapts to fullScreen). Chrome, dimming and numbers come from pageSheet.lua; see
-- docs/semantics.md (System styles).

local PageSheet = require("system.pageSheet")
local support = require("system.support")

local function iosVersion()
  return tonumber(transit.device.systemVersion:match("^%d+")) or 17
end

local FormSheet = PageSheet:subclass("UIFormSheetPresentationController")

local WIDTH, HEIGHT = 540, 620  -- community constant (docs/sources.md §3.7)

function FormSheet:isFloating()
  return PageSheet.isRegularWidth(self.containerView.bounds)
end

-- UIKit: "To provide a custom content size, use the modal view controller's
-- preferredContentSize property" (UIModalPresentationStyle.formSheet). A dimension left at 0
-- keeps the default (our reading; Apple is silent about a half-set size).
function FormSheet:contentSize()
  local presented = self.presentedViewController
  local preferred = presented.preferredContentSize
  if type(preferred) == "function" then preferred = preferred(presented) end  -- an overriding getter
  local width = (preferred and preferred.width > 0) and preferred.width or WIDTH
  local height = (preferred and preferred.height > 0) and preferred.height or HEIGHT
  return width, height
end

function FormSheet:frameOfPresentedViewInContainerView()
  if not self:isFloating() then return PageSheet.frameOfPresentedViewInContainerView(self) end
  local bounds = self.containerView.bounds
  local preferredWidth, preferredHeight = self:contentSize()
  local width = math.min(preferredWidth, bounds.width)
  local height = math.min(preferredHeight, bounds.height - 2 * PageSheet.topInset(bounds))
  return CGRect((bounds.width - width) / 2, (bounds.height - height) / 2, width, height)
end

-- Before iOS 8 a form sheet's controller view sat inside a wrapper view that UIKit sized and
-- placed (apps of the time adjusted `self.view.superview` in viewWillAppear, as seed 004 does).
-- The wrapper is the presented view; the controller's view fills it.
function FormSheet:presentedView()
  if iosVersion() >= 8 then return PageSheet.presentedView(self) end
  local s = PageSheet.stateOf(self)
  if not s.wrapper then
    local content = self.presentedViewController.view
    -- system/support.lua: a Wrapper is the view iOS 7 animators move.
    s.wrapper = support.Wrapper.new{ frame = self:frameOfPresentedViewInContainerView(), name = "form sheet" }
    content.frame = s.wrapper.bounds
    content.autoresizingMask = { "flexibleWidth", "flexibleHeight" }
    s.wrapper:addSubview(content)
  end
  return s.wrapper
end

function FormSheet:roundedCorners()
  if not self:isFloating() then return PageSheet.roundedCorners(self) end
  return { "layerMinXMinYCorner", "layerMaxXMinYCorner", "layerMinXMaxYCorner", "layerMaxXMaxYCorner" }
end

return FormSheet
