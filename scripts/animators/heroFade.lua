-- Hero fade: the new screen fades in over the old one (Hero's default for a modal).
-- Port of Hero's default animation type `.fade` (HeroTransitions/Hero,
-- Sources/Preprocessors/DefaultAnimationPreprocessor.swift), as a modal with
-- `hero.modalAnimationType = .autoReverse(presenting: .fade)`: the dismissal plays Hero's
-- `reversed()` type, fade again.
-- UIKit feature: an animator driving both views with a UIViewPropertyAnimator on a custom cubic
-- curve (Material's, via `controlPoint1`/`controlPoint2`), view transforms, a dimming overlay view
-- and a layer shadow that are added for the transition and removed in its completion.
-- One self-contained file per Hero type (hero*.lua), so each can be copied alone: the recipe
-- at the top is what differs, the machinery below it is the same in all eleven.
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

---------------------------------------------------------------------------------------------
-- The machinery, the same in every hero*.lua file. Hero describes each view by the state it has
-- when it is NOT on screen: the appearing view starts there, the disappearing view ends there,
-- and both animate over 0.35 s with a Material curve. Hero animates snapshots of the views;
-- here the real views animate and are put back exactly as they were in the completion.

-- Hero's shadow while a screen slides over another (`beginWith` shadowState).
local SHADOW = { opacity = 0.5, radius = 5 }

-- The animator: presenting plays `presenting`, dismissing plays `dismissing` (recipes above).
local HeroAnimator = NSObject:subclass("HeroFadeAnimator")

function HeroAnimator:transitionDuration(transitionContext)
  return params.duration
end

-- A hidden state's transform: Hero's translate, then scale (translation not scaled).
local function transformOf(state)
  local t = CGAffineTransform.identity
  if state.translate then t = t:translatedBy(state.translate.x, state.translate.y) end
  if state.scale then t = t:scaledBy(state.scale, state.scale) end
  return t
end

-- Gets `view` ready to animate to or from `state`: its overlay (a black view over its content,
-- Hero's `overlay` layer) and its shadow, remembering what the view had.
local function prepare(view, state)
  local part = { view = view, state = state }
  if state.overlay then
    part.overlay = UIView.new{ frame = view.bounds, backgroundColor = UIColor.black, alpha = 0, name = "hero overlay" }
    view:addSubview(part.overlay)
  end
  if state.shadow then
    local layer = view.layer
    part.saved = { color = layer.shadowColor, opacity = layer.shadowOpacity, radius = layer.shadowRadius, offset = layer.shadowOffset }
    layer.shadowColor = UIColor.black
    layer.shadowRadius = SHADOW.radius
    layer.shadowOffset = CGSize(0, 0)
  end
  return part
end

-- Puts a prepared view in its hidden state or on screen (inside an animation: animates there).
local function show(part, hidden)
  local state, view = part.state, part.view
  view.transform = hidden and transformOf(state) or CGAffineTransform.identity
  view.alpha = (hidden and state.fade) and 0 or 1
  if part.overlay then part.overlay.alpha = hidden and state.overlay or 0 end
  if state.shadow then view.layer.shadowOpacity = hidden and 0 or SHADOW.opacity end
end

-- Back to the view the app gave us.
local function restore(part)
  local view = part.view
  view.transform = CGAffineTransform.identity
  view.alpha = 1
  if part.overlay then part.overlay:removeFromSuperview() end
  if part.saved then
    view.layer.shadowColor = part.saved.color
    view.layer.shadowOpacity = part.saved.opacity
    view.layer.shadowRadius = part.saved.radius
    view.layer.shadowOffset = part.saved.offset
  end
end

function HeroAnimator:animateTransition(transitionContext)
  local fromVC = transitionContext:viewController("from")
  local toVC = transitionContext:viewController("to")
  local fromView = transitionContext:view("from")
  local toView = transitionContext:view("to")
  local containerView = transitionContext.containerView
  local isPresenting = toVC.presentingViewController == fromVC
  local recipe = isPresenting and presenting(containerView.bounds.size, fromView)
    or dismissing(containerView.bounds.size, fromView)

  -- Both screens in the container, the new one on top or underneath as the type says.
  if fromView.superview ~= containerView then containerView:addSubview(fromView) end
  toView.frame = transitionContext:finalFrame(toVC)
  if recipe.toOnTop then
    containerView:insertSubviewAbove(toView, fromView)
  else
    containerView:insertSubviewBelow(toView, fromView)
  end

  local appearing = prepare(toView, recipe.to)
  local disappearing = prepare(fromView, recipe.from)
  show(appearing, true)
  show(disappearing, false)

  -- A cubic curve with control points needs UIViewPropertyAnimator (UIView.animate takes
  -- only the four named curves).
  local animator = UIViewPropertyAnimator.new{ duration = self:transitionDuration(transitionContext),
    controlPoint1 = recipe.curve[1], controlPoint2 = recipe.curve[2] }
  animator:addAnimations(function()
    show(appearing, false)
    show(disappearing, true)
  end)
  animator:addCompletion(function(position)
    local cancelled = transitionContext.transitionWasCancelled
    restore(appearing)
    restore(disappearing)
    -- Only the screen that ends up shown stays in the container.
    if cancelled then toView:removeFromSuperview() else fromView:removeFromSuperview() end
    transitionContext:completeTransition(not cancelled)
  end)
  animator:startAnimation()
end

local animator = HeroAnimator.new()
animator.modalPresentationStyle = "fullScreen"
return animator
