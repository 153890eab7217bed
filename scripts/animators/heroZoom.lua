-- Hero zoom: the old screen swells to 130 % and fades away over the new one, which grows
-- from 70 %.
-- Port of Hero's default animation type `.zoom` (HeroTransitions/Hero,
-- Sources/Preprocessors/DefaultAnimationPreprocessor.swift), as a modal with
-- `hero.modalAnimationType = .autoReverse(presenting: .zoom)`: the dismissal plays Hero's
-- `reversed()` type, zoomOut.
-- UIKit feature: an animator driving both views with a UIViewPropertyAnimator on a custom cubic
-- curve (Material's, via `controlPoint1`/`controlPoint2`), view transforms, a dimming overlay view
-- and a layer shadow that are added for the transition and removed in its completion.
-- One file per Hero type (hero*.lua): the recipe here is what differs; the machinery that
-- plays it is the same for all eleven, in scripts/lib/hero.lua (copy both to adapt one).
-- Parameters:
--   duration   seconds (Hero's default animation duration, 0.35)
-- It animates the presenter's view, so it presents fullScreen.
-- Run:  transit run scripts/animators/heroZoom.lua  /  transit render scripts/animators/heroZoom.lua -o heroZoom.gif

local params = { duration = 0.35 }

-- Hero's CAMediaTimingFunction.standard (Material's curves), as the control points of a cubic
-- Bézier (UIViewPropertyAnimator's controlPoint1 and controlPoint2).
local STANDARD = { CGPoint(0.4, 0.0), CGPoint(0.2, 1.0) }

-- zoom: the old screen grows to 130 % and fades out, uncovering the new one, which grows from
-- 70 % to full size underneath.
local function zoom()
  return { toOnTop = false, curve = STANDARD,
    from = { scale = 1.3, fade = true },
    to = { scale = 0.7 } }
end

-- zoomOut: the new screen shrinks from 130 % and fades in on top, while the old one shrinks
-- to 70 % underneath.
local function zoomOut()
  return { toOnTop = true, curve = STANDARD,
    to = { scale = 1.3, fade = true },
    from = { scale = 0.7 } }
end

local function presenting(size, fromView) return zoom() end
local function dismissing(size, fromView) return zoomOut() end

-- scripts/lib/hero.lua plays the recipes: `presenting` when presenting, `dismissing` when dismissing.
return require("lib.hero").animator("HeroZoomAnimator", params, presenting, dismissing)
