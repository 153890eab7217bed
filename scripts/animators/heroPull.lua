-- Hero pull: the old screen slides away, uncovering the new one, which comes a third of
-- the way from under a dimming overlay (the navigation pop, as a presentation).
-- Port of Hero's default animation type `.pull(direction:)` (HeroTransitions/Hero,
-- Sources/Preprocessors/DefaultAnimationPreprocessor.swift), as a modal with
-- `hero.modalAnimationType = .autoReverse(presenting: .pull(direction: .right))`: the dismissal
-- plays Hero's `reversed()` type, push in the opposite direction.
-- UIKit feature: an animator driving both views with a UIViewPropertyAnimator on a custom cubic
-- curve (Material's, via `controlPoint1`/`controlPoint2`), view transforms, a dimming overlay view
-- and a layer shadow that are added for the transition and removed in its completion.
-- One file per Hero type (hero*.lua): the file chooses the type, its reverse and the
-- parameters; Hero's types and the machinery that plays them are shared by all eleven in
-- scripts/lib/hero.lua (copy both to adapt one).
-- Parameters:
--   duration   seconds (Hero's default animation duration, 0.35)
--   direction  "left", "right", "up" or "down": the way the content moves (default "right")
-- It animates the presenter's view, so it presents fullScreen.
-- Run:  transit run scripts/animators/heroPull.lua  /  transit render scripts/animators/heroPull.lua -o heroPull.gif

local hero = require("lib.hero")

local params = { duration = 0.35, direction = "right" }

local function presenting(size) return hero.types.pull(params.direction, size) end
local function dismissing(size) return hero.types.push(hero.OPPOSITE[params.direction], size) end

-- scripts/lib/hero.lua plays the recipes: `presenting` when presenting, `dismissing` when dismissing.
return hero.animator("HeroPullAnimator", params, presenting, dismissing)
