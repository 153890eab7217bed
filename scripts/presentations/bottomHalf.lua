-- The presented screen covers the bottom half of the display over a dimmed background, in the
-- spirit of Presentr's `.bottomHalf` presentation (IcaliaLabs/Presentr: PresentationType.swift,
-- ModalSize.swift, ModalCenterPosition.swift, CoverVerticalAnimation.swift): full width, half
-- the height (floored), centred at 3/4 of the height, square corners, black chrome at 0.7
-- faded alongside; it covers vertically from below in 0.4 s; a tap on the chrome dismisses.
-- Shows: sizing and placing a presented view by its centre (Presentr's model), a dimming
-- chrome driven by the transition coordinator.
-- Presentr can blur the background (a UIVisualEffectView); this one dims (blurIn.lua blurs).
--
-- | parameter      | value  | meaning (Presentr's defaults)                               |
-- |----------------|--------|-------------------------------------------------------------|
-- | HEIGHT         | ½      | ModalSize.half: floor(parent height / 2), full width         |
-- | CENTER_Y       | ¾      | ModalCenterPosition.bottomCenter: y = 3/4 of the height      |
-- | DIM_ALPHA      | 0.7    | Presentr.backgroundOpacity                                   |
-- | DURATION       | 0.4 s  | cover vertical, easeInOut                                    |
--
-- Run:    transit run scripts/presentations/bottomHalf.lua

-- Shared with the other Presentr presentations: scripts/lib/presentr.lua.
return require("lib.presentr").controller("BottomHalfPresentationController", {
  dimAlpha = 0.7,
  duration = 0.4,
  -- ModalSize.half, ModalCenterPosition.bottomCenter.
  frame = function(bounds)
    local height = math.floor(bounds.height / 2)
    local centerY = bounds.y + bounds.height * 3 / 4
    return CGRect(bounds.x, centerY - height / 2, bounds.width, height)
  end,
  -- CoverVerticalAnimation (the library's default): from one view height below the bottom.
})
