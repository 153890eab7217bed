-- Apple's "Checkerboard" demo from the CustomTransitions sample
-- (AAPLCheckerboardTransitionAnimator.m, AAPLCheckerboardFirstViewController.m): a push or pop
-- in a UINavigationController where the screen is cut into squares that flip over one after
-- another, in a wave running from the top-left corner (push) or the bottom-right (pop), each
-- square showing the old screen on its front and the new one on its back.
-- Shows: UINavigationControllerDelegate (animationControllerForOperation), snapshots of the
-- from and to views, a perspective sublayerTransform (m34 = −1/900), isDoubleSided = false
-- faces rotated π about Y, per-slice delays computed from a projection on the diagonal, and
-- completing the transition after the last of many animations.
--
-- | parameter  | value                  | meaning (Apple's numbers)                               |
-- |------------|------------------------|---------------------------------------------------------|
-- | DURATION   | 3.0 s                  | transitionDuration, for the whole wave                  |
-- | SLICE      | round(width / 10)      | the squares' side; the grid is ceil(w/s) × ceil(h/s)    |
-- | SPACING    | 160                    | transitionSpacing: how much of the wave overlaps        |
-- | M34        | −1/900                 | the container's perspective                             |
-- | start time | proj / (L + 160) × D   | proj: the slice corner's projection on the diagonal L   |
-- | duration   | (proj + 160)/(L + 160) × D − start | each slice's flip, easeInOut                |
--
-- Run:    transit run scripts/animators/checkerboard.lua   (a push, then a pop)
-- Apple takes the to-view's snapshot one run-loop turn later (dispatch_async) so that it has
-- been laid out; Transit lays out synchronously, so both snapshots are taken at once.

local DURATION = 3.0
local SPACING = 160

local CheckerboardTransitionAnimator = NSObject:subclass("AAPLCheckerboardTransitionAnimator")

function CheckerboardTransitionAnimator:transitionDuration(transitionContext)
  return DURATION
end

local function indexOf(list, item)
  for i, value in ipairs(list) do if value == item then return i end end
  return 0
end

function CheckerboardTransitionAnimator:animateTransition(transitionContext)
  local fromViewController = transitionContext:viewController("from")
  local toViewController = transitionContext:viewController("to")
  local containerView = transitionContext.containerView
  local fromView = transitionContext:view("from")
  local toView = transitionContext:view("to")

  -- A push when the incoming controller is higher in the stack than the outgoing one.
  local stack = toViewController.navigationController.viewControllers
  local isPush = indexOf(stack, toViewController) > indexOf(stack, fromViewController)

  fromView.frame = transitionContext:initialFrame(fromViewController)
  toView.frame = transitionContext:finalFrame(toViewController)
  containerView:addSubview(toView)

  local bounds = containerView.bounds
  -- The pictures of both screens the squares cut up.
  local fromSnapshot = fromView:snapshotView(false)
  local toSnapshot = toView:snapshotView(true)

  -- The squares live in an opaque black view with perspective for its sublayers.
  local transitionContainer = UIView.new{ frame = bounds, backgroundColor = UIColor.black, name = "transitionContainer" }
  containerView:addSubview(transitionContainer)
  local perspective = CATransform3D.identity
  perspective.m34 = 1.0 / -900.0
  transitionContainer.layer.sublayerTransform = perspective

  local sliceSize = math.floor(transitionContainer.frame.width / 10 + 0.5)   -- round()
  local horizontalSlices = math.ceil(transitionContainer.frame.width / sliceSize)
  local verticalSlices = math.ceil(transitionContainer.frame.height / sliceSize)

  -- The wave runs along the diagonal: from top-left to bottom-right for a push, back for a pop.
  local vector = isPush and CGVector(bounds.maxX - bounds.minX, bounds.maxY - bounds.minY)
                         or CGVector(bounds.minX - bounds.maxX, bounds.minY - bounds.maxY)
  local vectorLength = math.sqrt(vector.dx * vector.dx + vector.dy * vector.dy)
  local unit = CGVector(vector.dx / vectorLength, vector.dy / vectorLength)

  -- One square: a clipping view holding the whole picture shifted so its piece shows.
  local function square(picture, x, y, transform, name)
    local piece = UIView.new{ frame = CGRect(x * sliceSize, y * sliceSize, sliceSize, sliceSize), name = name }
    piece.clipsToBounds = true
    piece.layer.isDoubleSided = false     -- its back is invisible: only one face shows at a time
    piece.layer.transform = transform
    local content = picture:snapshotView(false)
    content.frame = CGRect(x * sliceSize * -1, y * sliceSize * -1, bounds.width, bounds.height)
    piece:addSubview(content)
    return piece
  end

  local pending = 0
  for y = 0, verticalSlices - 1 do
    for x = 0, horizontalSlices - 1 do
      -- The to-square starts turned away (π about Y), the from-square faces us.
      local toSquare = square(toSnapshot, x, y, CATransform3D.rotation(math.pi, 0, 1, 0), "to " .. x .. "," .. y)
      local fromSquare = square(fromSnapshot, x, y, CATransform3D.identity, "from " .. x .. "," .. y)
      transitionContainer:addSubview(toSquare)
      transitionContainer:addSubview(fromSquare)

      -- When this square flips: its corner's distance along the diagonal, as a share of the
      -- diagonal plus the spacing that lets neighbouring flips overlap.
      local frame = fromSquare.frame
      local origin
      if isPush then
        origin = CGVector(frame.minX - bounds.minX, frame.minY - bounds.minY)
      else
        origin = CGVector(frame.maxX - bounds.maxX, frame.maxY - bounds.maxY)
      end
      local dot = origin.dx * vector.dx + origin.dy * vector.dy
      local projection = CGVector(unit.dx * dot / vectorLength, unit.dy * dot / vectorLength)
      local projectionLength = math.sqrt(projection.dx * projection.dx + projection.dy * projection.dy)
      local startTime = projectionLength / (vectorLength + SPACING) * DURATION
      local duration = ((projectionLength + SPACING) / (vectorLength + SPACING) * DURATION) - startTime

      pending = pending + 1
      UIView.animate{ duration = duration, delay = startTime,
        animations = function()
          toSquare.layer.transform = CATransform3D.identity
          fromSquare.layer.transform = CATransform3D.rotation(math.pi, 0, 1, 0)
        end,
        completion = function(finished)
          pending = pending - 1
          if pending == 0 then
            -- The last square has turned: show the real views again and finish.
            local wasCancelled = transitionContext.transitionWasCancelled
            transitionContainer:removeFromSuperview()
            transitionContext:completeTransition(not wasCancelled)
          end
        end }
    end
  end
end

-- AAPLCheckerboardFirstViewController is the navigation controller's delegate.
local NavigationDelegate = NSObject:subclass("AAPLCheckerboardNavigationDelegate")

function NavigationDelegate:animationControllerForOperation(navigationController, operation, fromVC, toVC)
  return CheckerboardTransitionAnimator.new()
end

return NavigationDelegate.new()
