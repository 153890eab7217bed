-- Fold: the old screen folds up like a paper fan (accordion) towards one edge while the new
-- screen unfolds from the other, each fold darkening as it tilts.
-- Port of VCTransitionsLibrary (ColinEberhardt/VCTransitionsLibrary,
-- AnimationControllers/CEFoldAnimationController.m).
-- UIKit feature: many strip snapshots turned about their own edges under one perspective
-- (the container's `sublayerTransform`, m34 = -0.005). Each fold is two strips, a left one
-- hinged on its left edge (`anchorPoint` x = 0) and a right one hinged on its right edge; the
-- animation moves each strip's `layer.position` and turns it 90° (the old strips also carry
-- the perspective in their own transform, as the library's do). The real views wait off
-- screen to the right while the strips play, and come back in the completion.
-- Written before Transit had `resizableSnapshotView(from:...)` and `CAGradientLayer` (it has
-- both now; the golden reference records these views): a strip is a clipping view around a
-- full snapshot, and its shadow (a diagonal clear-to-black gradient in the library) is a row of
-- strips of growing alpha.
-- Parameters:
--   duration  seconds (CEReversibleAnimationController's default, 1.0)
--   folds     number of folds (the library's default, 2): 4 strips per screen
-- Presenting folds towards the right, dismissing (the library's `reverse`) towards the left.
-- It animates the presenter's view, so it presents fullScreen.
-- Run:  transit run scripts/animators/fold.lua  /  transit render scripts/animators/fold.lua -o fold.gif

local params = { duration = 1.0, folds = 2 }

local PERSPECTIVE = -0.005

local FoldAnimator = NSObject:subclass("CEFoldAnimationController")

function FoldAnimator:transitionDuration(transitionContext)
  return params.duration
end

-- A horizontal gradient from clear to opaque black (CAGradientLayer stand-in), dark on the
-- right when `darkRight`.
local function gradientShade(bounds, darkRight)
  local shade = UIView.new{ frame = bounds, name = "fold shadow" }
  local strips = 8
  local width = bounds.width / strips
  for i = 0, strips - 1 do
    local t = (i + 0.5) / strips
    shade:addSubview(UIView.new{ frame = CGRect(i * width, 0, width, bounds.height),
      backgroundColor = UIColor.black:withAlphaComponent(darkRight and t or 1 - t) })
  end
  return shade
end

-- A strip of `view` (x from `offset`, one fold-half wide) with a shadow on top, added to the
-- container and hinged on its left edge (`left`) or right edge. Returns the strip and its shadow.
-- `afterUpdates`: the library's afterScreenUpdates, YES for the new screen, which has never
-- been drawn (a snapshot of it without screen updates is empty on iOS).
local function createSnapshot(view, offset, left, foldWidth, afterUpdates)
  local size = view.frame.size
  local strip = UIView.new{ frame = CGRect(0, 0, foldWidth, size.height), clipsToBounds = true,
    backgroundColor = view.backgroundColor, name = "fold strip" }
  local picture = view:snapshotView(afterUpdates == true)
  picture.frame = CGRect(-offset, 0, size.width, size.height)
  strip:addSubview(picture)

  local withShadow = UIView.new{ frame = strip.frame, name = "fold" }
  local shadow = gradientShade(withShadow.bounds, not left)
  withShadow:addSubview(strip)
  withShadow:addSubview(shadow)
  view.superview:addSubview(withShadow)
  withShadow.layer.anchorPoint = CGPoint(left and 0 or 1, 0.5)
  return withShadow, shadow
end

function FoldAnimator:animateTransition(transitionContext)
  local toVC = transitionContext:viewController("to")
  local fromVC = transitionContext:viewController("from")
  local fromView = transitionContext:view("from")
  local toView = transitionContext:view("to")
  local reverse = toVC.presentingViewController ~= fromVC   -- dismissing
  local containerView = transitionContext.containerView

  -- The new screen waits off screen to the right (it must be in the window to be snapshotted
  -- after its layout, the library's reason).
  toView.frame = transitionContext:finalFrame(toVC):offsetBy(transitionContext:finalFrame(toVC).width, 0)
  containerView:addSubview(toView)

  local transform = CATransform3D.identity
  transform.m34 = PERSPECTIVE
  containerView.layer.sublayerTransform = transform

  local size = toView.frame.size
  local foldWidth = size.width * 0.5 / params.folds
  local fromViewFolds, toViewFolds = {}, {}

  for i = 0, params.folds - 1 do
    local offset = i * foldWidth * 2

    -- The old strips start flat, where they are on screen, shadows clear.
    local leftFrom, leftFromShadow = createSnapshot(fromView, offset, true, foldWidth)
    leftFrom.layer.position = CGPoint(offset, size.height / 2)
    leftFromShadow.alpha = 0
    local rightFrom, rightFromShadow = createSnapshot(fromView, offset + foldWidth, false, foldWidth)
    rightFrom.layer.position = CGPoint(offset + foldWidth * 2, size.height / 2)
    rightFromShadow.alpha = 0
    fromViewFolds[#fromViewFolds + 1] = { view = leftFrom, shadow = leftFromShadow }
    fromViewFolds[#fromViewFolds + 1] = { view = rightFrom, shadow = rightFromShadow }

    -- The new strips start folded flat against one edge, turned 90°, shadows dark.
    local edge = reverse and size.width or 0
    local leftTo, leftToShadow = createSnapshot(toView, offset, true, foldWidth, true)
    leftTo.layer.position = CGPoint(edge, size.height / 2)
    leftTo.layer.transform = CATransform3D.rotation(math.pi / 2, 0, 1, 0)
    local rightTo, rightToShadow = createSnapshot(toView, offset + foldWidth, false, foldWidth, true)
    rightTo.layer.position = CGPoint(edge, size.height / 2)
    rightTo.layer.transform = CATransform3D.rotation(-math.pi / 2, 0, 1, 0)
    toViewFolds[#toViewFolds + 1] = { view = leftTo, shadow = leftToShadow }
    toViewFolds[#toViewFolds + 1] = { view = rightTo, shadow = rightToShadow }
  end

  -- The real old screen steps aside too: only the strips show.
  fromView.frame = fromView.frame:offsetBy(fromView.frame.width, 0)

  UIView.animate(self:transitionDuration(transitionContext), function()
    for i = 0, params.folds - 1 do
      local offset = i * foldWidth * 2
      local edge = reverse and 0 or size.width
      -- Old strips: fold flat against the far edge.
      local leftFrom, rightFrom = fromViewFolds[i * 2 + 1], fromViewFolds[i * 2 + 2]
      leftFrom.view.layer.position = CGPoint(edge, size.height / 2)
      leftFrom.view.layer.transform = transform:rotated(math.pi / 2, 0, 1, 0)
      leftFrom.shadow.alpha = 1
      rightFrom.view.layer.position = CGPoint(edge, size.height / 2)
      rightFrom.view.layer.transform = transform:rotated(-math.pi / 2, 0, 1, 0)
      rightFrom.shadow.alpha = 1
      -- New strips: open out to their places.
      local leftTo, rightTo = toViewFolds[i * 2 + 1], toViewFolds[i * 2 + 2]
      leftTo.view.layer.position = CGPoint(offset, size.height / 2)
      leftTo.view.layer.transform = CATransform3D.identity
      leftTo.shadow.alpha = 0
      rightTo.view.layer.position = CGPoint(offset + foldWidth * 2, size.height / 2)
      rightTo.view.layer.transform = CATransform3D.identity
      rightTo.shadow.alpha = 0
    end
  end, function(finished)
    for _, fold in ipairs(toViewFolds) do fold.view:removeFromSuperview() end
    for _, fold in ipairs(fromViewFolds) do fold.view:removeFromSuperview() end
    local transitionFinished = not transitionContext.transitionWasCancelled
    -- Back from off screen.
    if transitionFinished then toView.frame = containerView.bounds end
    fromView.frame = containerView.bounds
    -- Not in the library: the container's perspective is the transition's, not the app's.
    containerView.layer.sublayerTransform = CATransform3D.identity
    transitionContext:completeTransition(transitionFinished)
  end)
end

local animator = FoldAnimator.new()
animator.modalPresentationStyle = "fullScreen"
return animator
