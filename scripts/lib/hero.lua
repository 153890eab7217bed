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

local hero = {}

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
