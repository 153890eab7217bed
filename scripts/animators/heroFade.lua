-- Hero fade: the new screen fades in over the old one (Hero's default for a modal).
-- Port of Hero's default animation type `.fade` (HeroTransitions/Hero,
-- Sources/Preprocessors/DefaultAnimationPreprocessor.swift), as a modal with
-- `hero.modalAnimationType = .autoReverse(presenting: .fade)`: the dismissal plays Hero's
-- `reversed()` type, fade again.
-- UIKit feature: an animator driving both views with a UIViewPropertyAnimator on a custom cubic
-- curve (Material's, via `controlPoint1`/`controlPoint2`), view transforms, a dimming overlay view
-- and a layer shadow that are added for the transition and removed in its completion.
-- One file per Hero type (hero*.lua): the recipe here is what differs; the machinery that
-- plays it is the same for all eleven, in scripts/lib/hero.lua (copy both to adapt one).
-- Parameters:
--   duration   seconds (Hero's default animation duration, 0.35)
-- It animates the presenter's view, so it presents fullScreen.
-- Run:  transit run scripts/animators/heroFade.lua  /  transit render scripts/animators/heroFade.lua -o heroFade.gif

local params = { duration = 0.35 }

-- Hero's CAMediaTimingFunction.standard (Material's curves), as the control points of a cubic
-- Bézier (UIViewPropertyAnimator's controlPoint1 and controlPoint2).
local STANDARD = { CGPoint(0.4, 0.0), CGPoint(0.2, 1.0) }

-- fade: the new screen fades in on top of the old one. Hero fades the old screen out as well
-- only when it is see-through (a background with alpha < 1), so opaque screens do not flash
-- the window between them.
local function fade(fromView)
  local background = fromView.backgroundColor
  return { toOnTop = true, curve = STANDARD,
    to = { fade = true },
    from = { fade = background == nil or background.alpha < 1 } }
end

local function presenting(size, fromView) return fade(fromView) end
local function dismissing(size, fromView) return fade(fromView) end

-- scripts/lib/hero.lua plays the recipes: `presenting` when presenting, `dismissing` when dismissing.
return require("lib.hero").animator("HeroFadeAnimator", params, presenting, dismissing)
