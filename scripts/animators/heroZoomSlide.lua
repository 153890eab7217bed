-- Hero zoomSlide: both screens move side by side, each shrunk to 80 % while off screen.
-- Port of Hero's default animation type `.zoomSlide(direction:)` (HeroTransitions/Hero,
-- Sources/Preprocessors/DefaultAnimationPreprocessor.swift), as a modal with
-- `hero.modalAnimationType = .autoReverse(presenting: .zoomSlide(direction: .left))`: the dismissal
-- plays Hero's `reversed()` type, the same type in the opposite direction.
-- UIKit feature: an animator driving both views with a UIViewPropertyAnimator on a custom cubic
-- curve (Material's, via `controlPoint1`/`controlPoint2`), view transforms, a dimming overlay view
-- and a layer shadow that are added for the transition and removed in its completion.
-- One file per Hero type (hero*.lua): the file chooses the type, its reverse and the
-- parameters; Hero's types and the machinery that plays them are shared by all eleven in
-- scripts/lib/hero.lua (copy both to adapt one).
-- Parameters:
--   duration   seconds (Hero's default animation duration, 0.35)
--   direction  "left", "right", "up" or "down": the way the content moves (default "left")
-- It animates the presenter's view, so it presents fullScreen.
-- Run:  transit run scripts/animators/heroZoomSlide.lua  /  transit render scripts/animators/heroZoomSlide.lua -o heroZoomSlide.gif

local hero = require("lib.hero")

local params = { duration = 0.35, direction = "left" }

local function presenting(size) return hero.types.zoomSlide(params.direction, size) end
local function dismissing(size) return hero.types.zoomSlide(hero.OPPOSITE[params.direction], size) end

-- scripts/lib/hero.lua plays the recipes: `presenting` when presenting, `dismissing` when dismissing.
return hero.animator("HeroZoomSlideAnimator", params, presenting, dismissing)
