-- The machinery of the Hero transitions in scripts/animators/hero*.lua: each of those files is a
-- recipe (what Hero's default animation type does to the two screens) and hands it to
-- `hero.animator` here. Hero describes each view by the state it has when it is NOT on screen:
-- the appearing view starts there, the disappearing view ends there, and both animate over the
-- duration with a Material curve. Hero animates snapshots of the views; here the real views
-- animate and are put back exactly as they were in the completion.
--
-- A recipe is a function (containerSize, fromView) returning
--   { toOnTop = bool, curve = { controlPoint1, controlPoint2 },
--     to = state, from = state }
-- where a state has any of: translate (CGPoint), scale (number), fade (bool), overlay (black
-- alpha over the view), shadow (bool).
--
-- Hero's default animation types are here too (`hero.types`), once: each hero*.lua file plays
-- one of them when presenting and its reverse when dismissing, so the types are shared between
-- the files as they are in Hero's DefaultAnimationPreprocessor.

local hero = {}

-- Hero's CAMediaTimingFunction.standard and .deceleration (Material's curves), as the control
-- points of a cubic Bézier (UIViewPropertyAnimator's controlPoint1 and controlPoint2).
hero.STANDARD = { CGPoint(0.4, 0.0), CGPoint(0.2, 1.0) }
hero.DECELERATION = { CGPoint(0.0, 0.0), CGPoint(0.2, 1.0) }

-- Hero's HeroDefaultAnimationType.reversed() swaps the direction.
hero.OPPOSITE = { left = "right", right = "left", up = "down", down = "up" }

-- Hero's shift(direction:appearing:): the offset that puts a view a whole container off
-- screen: an appearing view comes from the side opposite `direction`, a disappearing one goes
-- towards it.
function hero.shift(direction, appearing, size)
  if direction == "left" or direction == "right" then
    return CGPoint(((direction == "right") == appearing) and -size.width or size.width, 0)
  end
  return CGPoint(0, ((direction == "down") == appearing) and -size.height or size.height)
end

local function third(point) return CGPoint(point.x / 3, point.y / 3) end

-- Hero's default animation types, each returning a recipe's result: from a direction and the
-- container's size where the type has a direction, from nothing for zoom and zoomOut, and from
-- the disappearing view for fade (which looks at its background).
local types = {}
hero.types = types

-- push(direction): the new screen slides in from off screen, casting a shadow, over the old
-- one, which moves a third of the way in the same direction under a 10 % black overlay.
function types.push(direction, size)
  return { toOnTop = true, curve = hero.DECELERATION,
    to = { translate = hero.shift(direction, true, size), shadow = true },
    from = { translate = third(hero.shift(direction, false, size)), overlay = 0.1 } }
end

-- pull(direction): the old screen slides off, casting a shadow, uncovering the new one, which
-- comes a third of the way in the same direction from under a 10 % black overlay.
function types.pull(direction, size)
  return { toOnTop = false, curve = hero.STANDARD,
    from = { translate = hero.shift(direction, false, size), shadow = true },
    to = { translate = third(hero.shift(direction, true, size)), overlay = 0.1 } }
end

-- cover(direction): the new screen slides in over the old one, casting a shadow; the old one
-- stays put and darkens under a 10 % black overlay.
function types.cover(direction, size)
  return { toOnTop = true, curve = hero.DECELERATION,
    to = { translate = hero.shift(direction, true, size), shadow = true },
    from = { overlay = 0.1 } }
end

-- uncover(direction): the old screen slides off, casting a shadow, uncovering the new one,
-- which stays put and brightens from under a 10 % black overlay.
function types.uncover(direction, size)
  return { toOnTop = false, curve = hero.STANDARD,
    from = { translate = hero.shift(direction, false, size), shadow = true },
    to = { overlay = 0.1 } }
end

-- pageIn(direction): the new screen slides in over the old one, casting a shadow; the old one
-- sinks back to 70 % under a 10 % black overlay.
function types.pageIn(direction, size)
  return { toOnTop = true, curve = hero.DECELERATION,
    to = { translate = hero.shift(direction, true, size), shadow = true },
    from = { scale = 0.7, overlay = 0.1 } }
end

-- pageOut(direction): the old screen slides off, casting a shadow; the new one comes forward
-- from 70 % and from under a 10 % black overlay.
function types.pageOut(direction, size)
  return { toOnTop = false, curve = hero.STANDARD,
    from = { translate = hero.shift(direction, false, size), shadow = true },
    to = { scale = 0.7, overlay = 0.1 } }
end

-- slide(direction): both screens move a whole screen in the same direction, side by side.
function types.slide(direction, size)
  return { toOnTop = true, curve = hero.STANDARD,
    from = { translate = hero.shift(direction, false, size) },
    to = { translate = hero.shift(direction, true, size) } }
end

-- zoomSlide(direction): as slide, both screens scaled to 80 % while off screen (so they
-- shrink as they leave and grow as they arrive).
function types.zoomSlide(direction, size)
  return { toOnTop = true, curve = hero.STANDARD,
    from = { translate = hero.shift(direction, false, size), scale = 0.8 },
    to = { translate = hero.shift(direction, true, size), scale = 0.8 } }
end

-- zoom: the old screen grows to 130 % and fades out, uncovering the new one, which grows from
-- 70 % to full size underneath.
function types.zoom()
  return { toOnTop = false, curve = hero.STANDARD,
    from = { scale = 1.3, fade = true },
    to = { scale = 0.7 } }
end

-- zoomOut: the new screen shrinks from 130 % and fades in on top, while the old one shrinks
-- to 70 % underneath.
function types.zoomOut()
  return { toOnTop = true, curve = hero.STANDARD,
    to = { scale = 1.3, fade = true },
    from = { scale = 0.7 } }
end

-- fade: the new screen fades in on top of the old one. Hero fades the old screen out as well
-- only when it is see-through (a background with alpha < 1), so opaque screens do not flash
-- the window between them.
function types.fade(fromView)
  local background = fromView.backgroundColor
  return { toOnTop = true, curve = hero.STANDARD,
    to = { fade = true },
    from = { fade = background == nil or background.alpha < 1 } }
end

-- Hero's shadow while a screen slides over another (`beginWith` shadowState).
local SHADOW = { opacity = 0.5, radius = 5 }

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
    part.saved = { color = layer.shadowColor, opacity = layer.shadowOpacity,
      radius = layer.shadowRadius, offset = layer.shadowOffset }
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

-- An animator for a Hero type: `presenting` plays when presenting, `dismissing` when
-- dismissing (Hero's reversed type), over `params.duration`. `className` names it in traces.
function hero.animator(className, params, presenting, dismissing)
  local HeroAnimator = NSObject:subclass(className)

  function HeroAnimator:transitionDuration(transitionContext)
    return params.duration
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
  -- Hero animates the presenter's view too, so the presentation is full screen.
  animator.modalPresentationStyle = "fullScreen"
  return animator
end

return hero
