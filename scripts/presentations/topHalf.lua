-- The presented screen drops over the top half of the display above a dimmed background, in
-- the spirit of Presentr's `.topHalf` presentation (IcaliaLabs/Presentr: PresentationType.swift,
-- ModalSize.swift, ModalCenterPosition.swift, CoverVerticalFromTopAnimation.swift): full width,
-- half the height (floored), centred at 1/4 of the height less 1 pt (Presentr's topCenter, so
-- the view starts 1 pt above the screen), square corners, black chrome at 0.7 faded alongside;
-- it slides down from above the screen in 0.4 s (topHalf's default transition); a tap on the
-- chrome dismisses.
-- Shows: sizing and placing a presented view by its centre (Presentr's model), a dimming
-- chrome driven by the transition coordinator.
-- Presentr can blur the background (a UIVisualEffectView); this one dims (blurIn.lua blurs).
--
-- | parameter      | value  | meaning (Presentr's defaults)                               |
-- |----------------|--------|-------------------------------------------------------------|
-- | HEIGHT         | ½      | ModalSize.half: floor(parent height / 2), full width         |
-- | CENTER_Y       | ¼ − 1  | ModalCenterPosition.topCenter: y = 1/4 of the height − 1 pt  |
-- | DIM_ALPHA      | 0.7    | Presentr.backgroundOpacity                                   |
-- | DURATION       | 0.4 s  | cover vertical from the top, easeInOut                       |
--
-- Run:    transit run scripts/presentations/topHalf.lua

-- Shared with the other Presentr presentations: scripts/lib/presentr.lua.
return require("lib.presentr").controller("TopHalfPresentationController", {
  dimAlpha = 0.7,
  duration = 0.4,
  -- ModalSize.half, ModalCenterPosition.topCenter.
  frame = function(bounds)
    local height = math.floor(bounds.height / 2)
    local centerY = bounds.y + bounds.height / 4 - 1
    return CGRect(bounds.x, centerY - height / 2, bounds.width, height)
  end,
  -- CoverVerticalFromTopAnimation: from just above the container's top.
  hidden = function(shown, bounds)
    return CGRect(shown.x, -shown.height, shown.width, shown.height)
  end,
})
