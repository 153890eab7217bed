-- Hero pull: the old screen slides away, uncovering the new one, which comes a third of
-- the way from under a dimming overlay (the navigation pop, as a presentation).
-- Port of Hero's default animation type `.pull(direction:)` (HeroTransitions/Hero,
-- Sources/Preprocessors/DefaultAnimationPreprocessor.swift), as a modal with
-- `hero.modalAnimationType = .autoReverse(presenting: .pull(direction: .right))`: the dismissal
-- plays Hero's `reversed()` type, push in the opposite direction.
-- UIKit feature: an animator driving both views with a UIViewPropertyAnimator on a custom cubic
-- curve (Material's, via `controlPoint1`/`controlPoint2`), view transforms, a dimming overlay view
-- and a layer shadow that are added for the transition and removed in its completion.
-- One file per Hero type (hero*.lua): the recipe here is what differs; the machinery that
-- plays it is the same for all eleven, in scripts/lib/hero.lua (copy both to adapt one).
-- Parameters:
--   duration   seconds (Hero's default animation duration, 0.35)
--   direction  "left", "right", "up" or "down": the way the content moves (default "right")
-- It animates the presenter's view, so it presents fullScreen.
-- Run:  transit run scripts/animators/heroPull.lua  /  transit render scripts/animators/heroPull.lua -o heroPull.gif

local params = { duration = 0.35, direction = "right" }

-- Hero's CAMediaTimingFunction.standard and .deceleration (Material's curves), as the control points of a cubic
-- Bézier (UIViewPropertyAnimator's controlPoint1 and controlPoint2).
local STANDARD = { CGPoint(0.4, 0.0), CGPoint(0.2, 1.0) }
local DECELERATION = { CGPoint(0.0, 0.0), CGPoint(0.2, 1.0) }

-- Hero's shift(direction:appearing:): the offset that puts a view a whole container off
-- screen: an appearing view comes from the side opposite `direction`, a disappearing one goes
-- towards it.
local function shift(direction, appearing, size)
  if direction == "left" or direction == "right" then
    return CGPoint(((direction == "right") == appearing) and -size.width or size.width, 0)
  end
  return CGPoint(0, ((direction == "down") == appearing) and -size.height or size.height)
end

local function third(point) return CGPoint(point.x / 3, point.y / 3) end

-- Hero's HeroDefaultAnimationType.reversed() swaps the direction.
local OPPOSITE = { left = "right", right = "left", up = "down", down = "up" }

-- pull(direction): the old screen slides off, casting a shadow, uncovering the new one, which
-- comes a third of the way in the same direction from under a 10 % black overlay.
local function pull(direction, size)
  return { toOnTop = false, curve = STANDARD,
    from = { translate = shift(direction, false, size), shadow = true },
    to = { translate = third(shift(direction, true, size)), overlay = 0.1 } }
end

-- push(direction): the new screen slides in from off screen, casting a shadow, over the old
-- one, which moves a third of the way in the same direction under a 10 % black overlay.
local function push(direction, size)
  return { toOnTop = true, curve = DECELERATION,
    to = { translate = shift(direction, true, size), shadow = true },
    from = { translate = third(shift(direction, false, size)), overlay = 0.1 } }
end

local function presenting(size, fromView) return pull(params.direction, size) end
local function dismissing(size, fromView) return push(OPPOSITE[params.direction], size) end

-- scripts/lib/hero.lua plays the recipes: `presenting` when presenting, `dismissing` when dismissing.
return require("lib.hero").animator("HeroPullAnimator", params, presenting, dismissing)
