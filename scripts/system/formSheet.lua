-- UIModalPresentationStyle.formSheet: in regular width a centred 540×620 sheet (the pre-iOS 13
-- iPad form sheet size, a community constant, not Apple-documented: docs/sources.md §3.7) with all
-- four corners rounded; in compact width exactly like pageSheet (iOS 13+; before 13 it adapts
-- to fullScreen). Chrome, dimming and numbers come from pageSheet.lua; see
-- docs/semantics.md (System styles).

local PageSheet = require("system.pageSheet")

local FormSheet = PageSheet:subclass("UIFormSheetPresentationController")

local WIDTH, HEIGHT = 540, 620  -- community constant (docs/sources.md §3.7)

function FormSheet:isFloating()
  return PageSheet.isRegularWidth(self.containerView.bounds)
end

function FormSheet:frameOfPresentedViewInContainerView()
  if not self:isFloating() then return PageSheet.frameOfPresentedViewInContainerView(self) end
  local bounds = self.containerView.bounds
  local width = math.min(WIDTH, bounds.width)
  local height = math.min(HEIGHT, bounds.height - 2 * PageSheet.topInset(bounds))
  return CGRect((bounds.width - width) / 2, (bounds.height - height) / 2, width, height)
end

function FormSheet:roundedCorners()
  if not self:isFloating() then return PageSheet.roundedCorners(self) end
  return { "layerMinXMinYCorner", "layerMaxXMinYCorner", "layerMinXMaxYCorner", "layerMaxXMaxYCorner" }
end

return FormSheet
