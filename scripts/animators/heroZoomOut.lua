-- Hero zoomOut: the new screen settles from 130 % as it fades in, while the old one
-- shrinks to 70 % behind it.
-- Port of Hero's default animation type `.zoomOut` (HeroTransitions/Hero,
-- Sources/Preprocessors/DefaultAnimationPreprocessor.swift), as a modal with
-- `hero.modalAnimationType = .autoReverse(presenting: .zoomOut)`: the dismissal plays Hero's
-- `reversed()` type, zoom.
-- UIKit feature: an animator driving both views with a UIViewPropertyAnimator on a custom cubic
-- curve (Material's, via `controlPoint1`/`controlPoint2`), view transforms, a dimming overlay view
-- and a layer shadow that are added for the transition and removed in its completion.
-- One file per Hero type (hero*.lua): the file chooses the type, its reverse and the
-- parameters; Hero's types and the machinery that plays them are shared by all eleven in
-- scripts/lib/hero.lua (copy both to adapt one).
-- Parameters:
--   duration   seconds (Hero's default animation duration, 0.35)
-- It animates the presenter's view, so it presents fullScreen.
-- Run:  transit run scripts/animators/heroZoomOut.lua  /  transit render scripts/animators/heroZoomOut.lua -o heroZoomOut.gif

local hero = require("lib.hero")

local params = { duration = 0.35 }

local function presenting() return hero.types.zoomOut() end
local function dismissing() return hero.types.zoom() end

-- scripts/lib/hero.lua plays the recipes: `presenting` when presenting, `dismissing` when dismissing.
return hero.animator("HeroZoomOutAnimator", params, presenting, dismissing)
