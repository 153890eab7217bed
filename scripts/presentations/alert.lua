-- An alert-sized card in the middle of the screen over a dimmed background, in the spirit of
-- Presentr's `.alert` presentation (IcaliaLabs/Presentr: PresentationType.swift,
-- PresentrController.swift, CoverVerticalAnimation.swift, Presentr.swift): 270 × 180 pt,
-- centred, corners rounded 4 pt, a black chrome view at opacity 0.7 faded in alongside the
-- transition, a tap on the chrome dismisses; the card covers vertically from below the screen
-- (Presentr's default transition) in 0.4 s.
-- Shows: a UIPresentationController subclass (frameOfPresentedViewInContainerView, dimming
-- chrome through the transition coordinator) that is also its own animator.
-- Presentr can blur the background instead (blurBackground, a UIVisualEffectView); this file
-- dims, as Presentr does by default (blurIn.lua blurs).
--
-- | parameter      | value   | meaning (Presentr's defaults)                                  |
-- |----------------|---------|----------------------------------------------------------------|
-- | SIZE           | 270×180 | PresentationType.alert: ModalSize.custom(270) × custom(180)    |
-- | CORNER_RADIUS  | 4       | Presentr.cornerRadius; alerts and popups are rounded           |
-- | DIM_ALPHA      | 0.7     | Presentr.backgroundOpacity: black chrome at this opacity       |
-- | DURATION       | 0.4 s   | PresentrAnimation's .normal(duration: 0.4), easeInOut          |
--
-- Run:    transit run scripts/presentations/alert.lua
-- Check:  transit check scripts/presentations/alert.lua --matrix quick

local SIZE = CGSize(270, 180)

-- Shared with the other Presentr presentations: scripts/lib/presentr.lua.
return require("lib.presentr").controller("AlertPresentationController", {
  cornerRadius = 4,
  dimAlpha = 0.7,
  duration = 0.4,
  -- Centred, Presentr's ModalCenterPosition.center.
  frame = function(bounds)
    return CGRect(bounds.midX - SIZE.width / 2, bounds.midY - SIZE.height / 2, SIZE.width, SIZE.height)
  end,
  -- CoverVerticalAnimation (the library's default): the container's height plus the card's
  -- below the top, i.e. one card height below the bottom edge.
})
