-- Container transform (Material motion): the tapped cell becomes the new screen. A rounded
-- container grows from the cell's frame to the whole screen, its corners squaring off; inside
-- it the cell's content fades out and then the new screen's content fades in (fade through),
-- while a scrim darkens the list behind. Dismissing shrinks the screen back into the cell.
-- Numbers from Material Components' MaterialContainerTransform
-- (material-components/material-components-android, lib/java/com/google/android/material/
-- transition/MaterialContainerTransform.java, FadeModeEvaluators.java, FadeThroughProvider.java):
-- 300 ms (motionDurationLong1) on the standard curve (0.4, 0, 0.2, 1); entering, the fade runs
-- over [0, 0.25] of the time and the corner shape over [0, 0.75]; returning, the fade over
-- [0.6, 0.9], the container's bounds over [0, 0.9] and the shape over [0.3, 0.9]; fade through
-- switches from fading out to fading in at 35 % of the fade; the scrim is black at 0x52 (32 %).
-- (Material applies the thresholds to the eased progress; here they are times, each with its
-- own animation: close, and what a UIKit port writes.)
-- UIKit feature: a clipping container (`clipsToBounds`, animatable `layer.cornerRadius`)
-- whose frame animates, holding snapshots whose frames animate with it (content scaled to the
-- container's width, keeping its aspect, as Material's fit mode does); several animations of
-- one transition with delays and durations of their own, the transition completing with the
-- longest; `convert` to put the cell in the container's coordinates.
-- The animator needs to know the source cell: an app sets `animator.sourceView = cell` before
-- presenting; without one it looks for a view named `params.sourceName` in the list screen.
-- Parameters:
--   duration      seconds (0.3)
--   cornerRadius  the container's corners at the cell's end (12); square at the screen's end
--   scrim         black alpha over the list when the screen is fully open (0x52 / 255)
--   sourceName    the view to grow from when sourceView is not set ("row 3")
-- It animates over the presenter's view, so it presents fullScreen.
-- Run:  transit run scripts/animators/containerTransform.lua  /  transit render scripts/animators/containerTransform.lua -o ct.gif

local views = require("lib.views")

local params = { duration = 0.3, cornerRadius = 12, scrim = 0x52 / 255, sourceName = "row 3" }

-- Material's thresholds, as fractions of the duration.
local ENTER = { fade = { 0, 0.25 }, bounds = { 0, 1 }, shape = { 0, 0.75 } }
local RETURN = { fade = { 0.6, 0.9 }, bounds = { 0, 0.9 }, shape = { 0.3, 0.9 } }
local FADE_THROUGH_SPLIT = 0.35
local STANDARD = { CGPoint(0.4, 0), CGPoint(0.2, 1) }

local ContainerTransformAnimator = NSObject:subclass("ContainerTransformAnimator")

function ContainerTransformAnimator:transitionDuration(transitionContext)
  return params.duration
end

-- `content` (a snapshot of something `aspect` = height / width) fitted to the width of a
-- container of size `size`, from the top.
local function fittedFrame(size, aspect)
  return CGRect(0, 0, size.width, size.width * aspect)
end

-- Animates `changes` over the fraction `range` of `duration` on Material's standard curve.
local function during(duration, range, changes)
  local animator = UIViewPropertyAnimator.new{ duration = duration * (range[2] - range[1]),
    controlPoint1 = STANDARD[1], controlPoint2 = STANDARD[2] }
  animator:addAnimations(changes)
  animator:startAnimation(duration * range[1])
  return animator
end

function ContainerTransformAnimator:animateTransition(transitionContext)
  local fromVC = transitionContext:viewController("from")
  local toVC = transitionContext:viewController("to")
  local fromView = transitionContext:view("from")
  local toView = transitionContext:view("to")
  local containerView = transitionContext.containerView
  local isPresenting = toVC.presentingViewController == fromVC
  local duration = self:transitionDuration(transitionContext)
  local thresholds = isPresenting and ENTER or RETURN

  local listView = isPresenting and fromView or toView
  local screenView = isPresenting and toView or fromView
  local screenFrame = isPresenting and transitionContext:finalFrame(toVC) or transitionContext:initialFrame(fromVC)

  toView.frame = transitionContext:finalFrame(toVC)
  if not isPresenting then
    containerView:insertSubviewBelow(toView, fromView)   -- the list comes back underneath
  end

  local cell = self.sourceView or views.named(listView, params.sourceName)
  local cellFrame = cell and cell:convert(cell.bounds, containerView)
    or CGRect(containerView.bounds.midX - 40, containerView.bounds.midY - 40, 80, 80)

  -- The scrim over the list.
  local scrim = UIView.new{ frame = containerView.bounds, backgroundColor = UIColor.black,
    alpha = isPresenting and 0 or params.scrim, name = "scrim" }
  containerView:addSubview(scrim)

  -- The container and its two contents: the cell's and the screen's pictures.
  local morph = UIView.new{ frame = isPresenting and cellFrame or screenFrame, clipsToBounds = true,
    backgroundColor = screenView.backgroundColor or UIColor.systemBackground, name = "container transform" }
  morph.layer.cornerRadius = isPresenting and params.cornerRadius or 0
  local cellImage = cell and cell:snapshotView(false) or UIView.new{ backgroundColor = UIColor.systemGray5 }
  local screenImage = screenView:snapshotView(true)
  local cellAspect = cellFrame.height / cellFrame.width
  local screenAspect = screenFrame.height / screenFrame.width
  cellImage.frame = fittedFrame(morph.frame.size, cellAspect)
  screenImage.frame = fittedFrame(morph.frame.size, screenAspect)
  morph:addSubview(cellImage)
  morph:addSubview(screenImage)
  containerView:addSubview(morph)

  -- While the stand-ins play, the real cell and the real screen are out of sight.
  if cell then cell.isHidden = true end
  if not isPresenting then fromView.isHidden = true end

  -- Which picture fades out first: fade through goes out, then in.
  local outgoing = isPresenting and cellImage or screenImage
  local incoming = isPresenting and screenImage or cellImage
  incoming.alpha = 0

  local endFrame = isPresenting and screenFrame or cellFrame
  local fade = thresholds.fade
  local split = fade[1] + (fade[2] - fade[1]) * FADE_THROUGH_SPLIT

  -- The container's bounds and the contents with it, on the curve.
  during(duration, thresholds.bounds, function()
    morph.frame = endFrame
    cellImage.frame = fittedFrame(endFrame.size, cellAspect)
    screenImage.frame = fittedFrame(endFrame.size, screenAspect)
  end)
  during(duration, thresholds.shape, function()
    morph.layer.cornerRadius = isPresenting and 0 or params.cornerRadius
  end)
  during(duration, { fade[1], split }, function() outgoing.alpha = 0 end)
  during(duration, { split, fade[2] }, function() incoming.alpha = 1 end)
  -- The scrim runs for the whole duration, the longest of these animations: its completion
  -- ends the transition, once every other one is over.
  local scrimAnimator = during(duration, { 0, 1 }, function()
    scrim.alpha = isPresenting and params.scrim or 0
  end)
  scrimAnimator:addCompletion(function(position)
    local cancelled = transitionContext.transitionWasCancelled
    if cell then cell.isHidden = false end
    fromView.isHidden = false
    -- The real screen takes the place of its picture.
    if isPresenting and not cancelled then containerView:addSubview(toView) end
    if cancelled and not isPresenting then toView:removeFromSuperview() end
    morph:removeFromSuperview()
    scrim:removeFromSuperview()
    transitionContext:completeTransition(not cancelled)
  end)
end

local animator = ContainerTransformAnimator.new()
animator.modalPresentationStyle = "fullScreen"
return animator
