-- Explode: the old screen shatters into a grid of small squares that fly apart, spin, shrink
-- and fade, uncovering the new screen.
-- Port of VCTransitionsLibrary (ColinEberhardt/VCTransitionsLibrary,
-- AnimationControllers/CEExplodeAnimationController.m).
-- UIKit feature: snapshots. The from view is snapshotted once and every piece shows one square
-- of that snapshot (the library's `resizableSnapshotView(from:afterScreenUpdates:withCapInsets:)`;
-- this port was written before Transit had it, so a piece is a clipping view holding a
-- snapshot of the snapshot, shifted so the right square shows: the same picture). The pieces are ordinary
-- views in the container; the animator removes them all in its completion.
-- Parameters:
--   duration  seconds (CEReversibleAnimationController's default, 1.0)
--   columns   pieces across (the library's xFactor, 10); rows follow so the pieces are square
--             (yFactor = xFactor × height / width, rounded up: 10 × 22 on an iPhone 15)
--   spread    how far a piece may fly, in points each way (the library's ±100)
--   spin      how far a piece may turn, in radians each way (the library's ±10)
-- The same animator presents and dismisses. It animates the presenter's view, so it presents
-- fullScreen. math.random is seeded per run, so every run explodes the same way.
-- Run:  transit run scripts/animators/explode.lua  /  transit render scripts/animators/explode.lua -o explode.gif

local params = { duration = 1.0, columns = 10, spread = 100, spin = 10 }

local ExplodeAnimator = NSObject:subclass("CEExplodeAnimationController")

function ExplodeAnimator:transitionDuration(transitionContext)
  return params.duration
end

local function randomBetween(low, high)
  return low + math.random() * (high - low)
end

-- A view showing `region` (in `snapshot`'s coordinates) of `snapshot`, placed at `region`.
local function pieceOf(snapshot, region)
  local piece = UIView.new{ frame = region, clipsToBounds = true, name = "explode piece" }
  local picture = snapshot:snapshotView(false)
  picture.frame = CGRect(-region.x, -region.y, snapshot.bounds.width, snapshot.bounds.height)
  piece:addSubview(picture)
  return piece
end

function ExplodeAnimator:animateTransition(transitionContext)
  local toVC = transitionContext:viewController("to")
  local fromView = transitionContext:view("from")
  local toView = transitionContext:view("to")
  local containerView = transitionContext.containerView

  -- The new screen waits at the back.
  toView.frame = transitionContext:finalFrame(toVC)
  containerView:addSubview(toView)
  containerView:sendSubviewToBack(toView)

  local size = toView.frame.size
  local xFactor = params.columns
  local yFactor = xFactor * size.height / size.width
  local pieceWidth, pieceHeight = size.width / xFactor, size.height / yFactor

  -- One snapshot of the from view; the pieces copy it (cheaper than snapshotting the live
  -- view hierarchy once per piece, the library's comment says).
  local fromViewSnapshot = fromView:snapshotView(false)
  local pieces = {}
  -- The library steps x and y by fractions of the size; counting whole steps gives the same
  -- grid without floating-point drift adding a column.
  for column = 0, xFactor - 1 do
    for row = 0, math.ceil(yFactor) - 1 do
      local region = CGRect(column * pieceWidth, row * pieceHeight, pieceWidth, pieceHeight)
      local piece = pieceOf(fromViewSnapshot, region)
      containerView:addSubview(piece)
      pieces[#pieces + 1] = piece
    end
  end

  -- The real from view goes to the very back, behind the new screen: only the pieces show it.
  containerView:sendSubviewToBack(fromView)

  UIView.animate(self:transitionDuration(transitionContext), function()
    for _, piece in ipairs(pieces) do
      local xOffset = randomBetween(-params.spread, params.spread)
      local yOffset = randomBetween(-params.spread, params.spread)
      piece.frame = piece.frame:offsetBy(xOffset, yOffset)
      piece.alpha = 0
      piece.transform = CGAffineTransform.rotation(randomBetween(-params.spin, params.spin)):scaledBy(0.01, 0.01)
    end
  end, function(finished)
    for _, piece in ipairs(pieces) do piece:removeFromSuperview() end
    transitionContext:completeTransition(not transitionContext.transitionWasCancelled)
  end)
end

local animator = ExplodeAnimator.new()
animator.modalPresentationStyle = "fullScreen"
return animator
