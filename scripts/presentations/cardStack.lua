-- The iOS 13 card sheet before iOS 13, in the spirit of SPStorkController
-- (ivanvorobei/SPStorkController: SPStorkPresentationController.swift,
-- SPStorkPresentingAnimationController.swift, SPStorkDismissingAnimationController.swift): the
-- presented card rises to 13 pt below the status bar with its top corners rounded 10 pt, while
-- the screen behind shrinks into a card of its own (a snapshot scaled so 13 pt of black shows
-- each side, its top at the status bar's bottom) under a black "grade" at 0.51; on a black
-- background. Dragging the card down stretches elastically; released 200 pt down it dismisses,
-- otherwise it springs back.
-- Shows: a presentation controller that puts a snapshot of the presenting view in the
-- container (snapshotView, afterScreenUpdates false) and animates it alongside the transition,
-- maskedCorners, spring animations (damping 1, velocity 1), a drag-to-dismiss with resistance,
-- and chrome laid out with Auto Layout as SPStork lays it out: the black background pinned to
-- the container's edges, the snapshot to the container's and the grade to the snapshot's
-- (SPStork's constraints(view:to:)); the shrinking is a transform, which constraints leave
-- alone, as in SPStork.
--
-- | parameter            | value   | meaning (SPStorkController's numbers)                      |
-- |----------------------|---------|------------------------------------------------------------|
-- | TOP_GAP              | 13 pt   | the card's top: status bar (or 30 when it is < 25) + 13    |
-- | CORNER_RADIUS        | 10      | cornerRadius of the card and the shrunk snapshot           |
-- | GRADE_ALPHA          | 0.51    | the black grade over the snapshot                          |
-- | DURATION             | 0.6 s   | both animators: spring damping 1, initial velocity 1       |
-- | SNAPSHOT_SCALE       | 1 − (10 + 3) × 2 / width | scaleForPresentingView                    |
-- | DISMISS_TRANSLATION  | 200 pt  | translateForDismiss                                        |
-- | ELASTIC_THRESHOLD    | 120 pt  | past it the card follows the finger with friction          |
-- | interactiveDismissal | { pan = "down" } | how scenes drive it                               |
--
-- Run:    transit run scripts/presentations/cardStack.lua
--         (present, dismiss, then drags of 10 % (springs back) and 90 % (dismisses))

local TOP_GAP = 13
local CORNER_RADIUS = 10
local GRADE_ALPHA = 0.51
local DURATION = 0.6
local DISMISS_TRANSLATION = 200
local ELASTIC_THRESHOLD = 120

-- UIApplication.shared.statusBarFrame.height on the simulated devices (Transit has no status
-- bar): 54 pt on an iPhone 15, 20 on an iPhone SE, 24 on an iPad; SPStork uses 30 below 25.
local function topSpace()
  local bounds = UIScreen.main.bounds
  local statusBar
  if transit.device.userInterfaceIdiom == "pad" then statusBar = 24
  elseif math.max(bounds.width, bounds.height) >= 812 and bounds.height > bounds.width then statusBar = 54
  elseif bounds.width > bounds.height then statusBar = 0
  else statusBar = 20 end
  return statusBar < 25 and 30 or statusBar
end

local StorkPresentationController = UIPresentationController:subclass("StorkPresentationController")
StorkPresentationController.interactiveDismissal = { pan = "down" }

function StorkPresentationController:init(presented, presenting)
  presented.modalPresentationStyle = "custom"
end

function StorkPresentationController:frameOfPresentedViewInContainerView()
  local bounds = self.containerView.bounds
  local y = topSpace() + TOP_GAP
  return CGRect(0, y, bounds.width, bounds.height - y)
end

-- The presenter's snapshot, shrunk: its top at topSpace, scaled about its top edge.
function StorkPresentationController:shrunkTransform()
  local bounds = self.containerView.bounds
  local scale = 1 - (CORNER_RADIUS + 3) * 2 / bounds.width
  return CGAffineTransform.identity
    :translatedBy(0, topSpace())
    :translatedBy(0, -bounds.height / 2)
    :scaledBy(scale, scale)
    :translatedBy(0, bounds.height / 2)
end

function StorkPresentationController:presentationTransitionWillBegin()
  local container = self.containerView
  -- Black behind everything, then the snapshot of the presenting screen with its grade, each
  -- pinned to the edges of the view it is in. SPStork pins the background to the window; the
  -- container here is the window's size, and SPStork's snapshot sits in a container of its own
  -- whose frame is the container's bounds while presenting, so the container stands for both.
  local background = UIView.new{ name = "backgroundView", backgroundColor = UIColor.black }
  container:insertSubview(background, 1)
  local snapshot = self.presentingViewController.view:snapshotView(false)
  snapshot.name = "presentingSnapshot"
  snapshot.clipsToBounds = true
  local grade = UIView.new{ name = "gradeView", backgroundColor = UIColor.black }
  grade.alpha = 0
  snapshot:addSubview(grade)
  container:insertSubview(snapshot, 2)
  local function pin(view, to)
    view.translatesAutoresizingMaskIntoConstraints = false
    NSLayoutConstraint.activate{
      view.topAnchor:constraint{equalTo = to.topAnchor},
      view.leftAnchor:constraint{equalTo = to.leftAnchor},
      view.rightAnchor:constraint{equalTo = to.rightAnchor},
      view.bottomAnchor:constraint{equalTo = to.bottomAnchor},
    }
  end
  pin(background, container)
  pin(snapshot, container)
  pin(grade, snapshot)
  -- Laid out now, before the alongside animation below starts, so nothing grows from zero.
  container:layoutIfNeeded()
  self.backgroundView, self.snapshotView, self.gradeView = background, snapshot, grade

  local card = self.presentedViewController.view
  card.layer.cornerRadius = CORNER_RADIUS
  card.layer.maskedCorners = { "layerMinXMinYCorner", "layerMaxXMinYCorner" }
  card.clipsToBounds = true

  local shrunk = self:shrunkTransform()
  self.presentedViewController.transitionCoordinator:animateAlongsideTransition(function(context)
    snapshot.transform = shrunk
    snapshot.layer.cornerRadius = CORNER_RADIUS
    grade.alpha = GRADE_ALPHA
  end, nil)
end

function StorkPresentationController:presentationTransitionDidEnd(completed)
  if not completed then
    self.backgroundView, self.snapshotView, self.gradeView = nil, nil, nil
    return
  end
  self.presentedViewController.view:addGestureRecognizer(UIPanGestureRecognizer.new(function(g) self:handlePan(g) end))
end

function StorkPresentationController:dismissalTransitionWillBegin()
  local snapshot, grade = self.snapshotView, self.gradeView
  self.presentedViewController.transitionCoordinator:animateAlongsideTransition(function(context)
    snapshot.transform = CGAffineTransform.identity
    snapshot.layer.cornerRadius = 0
    grade.alpha = 0
  end, nil)
end

function StorkPresentationController:dismissalTransitionDidEnd(completed)
  if completed then
    -- The container goes away with everything in it; only our references remain.
    self.backgroundView, self.snapshotView, self.gradeView = nil, nil, nil
  end
end

-- Drag to dismiss: the card follows half the finger up to 120 pt, then with friction; the
-- shrunk snapshot grows a little and the grade lightens (updatePresentedViewForTranslation).
function StorkPresentationController:followFinger(translation)
  local card, snapshot = self.presentedViewController.view, self.snapshotView
  local moved = 0
  if translation >= 0 then
    if translation >= ELASTIC_THRESHOLD then
      local friction = translation - ELASTIC_THRESHOLD
      moved = 30 * math.atan(friction / 120) + friction / 10 + ELASTIC_THRESHOLD / 2
    else
      moved = translation / 2
    end
  end
  card.transform = CGAffineTransform.translation(0, moved)
  local grow = 1 + moved / 5000
  snapshot.transform = self:shrunkTransform():scaledBy(grow, grow)
  self.gradeView.alpha = GRADE_ALPHA - (moved / 7000) * 15
end

function StorkPresentationController:handlePan(recognizer)
  local card = self.presentedViewController.view
  if self.presentedViewController.isBeingDismissed then return end
  if recognizer.state == "changed" then
    self:followFinger(recognizer:translation(card).y)
  elseif recognizer.state == "ended" or recognizer.state == "cancelled" then
    local translation = recognizer:translation(card).y
    if recognizer.state == "ended" and translation >= DISMISS_TRANSLATION then
      -- SPStork dismisses with the drag's transform still on the card; UIKit leaves frame
      -- undefined under a transform, so fold the offset into the frame before the animator
      -- moves it.
      local offset = card.transform.ty
      card.transform = CGAffineTransform.identity
      card.frame = card.frame:offsetBy(0, offset)
      self.presentedViewController:dismiss(true, nil)
    else
      local shrunk = self:shrunkTransform()
      -- SPStork's spring back (handlePan): [.curveEaseOut, .allowUserInteraction], so the card
      -- can be caught again while it springs.
      UIView.animate{ duration = DURATION, dampingRatio = 1, velocity = 1, options = { "curveEaseOut", "allowUserInteraction" }, animations = function()
        card.transform = CGAffineTransform.identity
        self.snapshotView.transform = shrunk
        self.gradeView.alpha = GRADE_ALPHA
      end }
    end
  end
end

-- The animators (SPStorkPresenting/DismissingAnimationController): 0.6 s springs, damping 1.
function StorkPresentationController:transitionDuration(ctx)
  return ctx.isAnimated and DURATION or 0
end

function StorkPresentationController:animateTransition(ctx)
  local container = ctx.containerView
  local isPresenting = ctx:viewController("to") == self.presentedViewController
  local card = self.presentedViewController.view
  local final = self:frameOfPresentedViewInContainerView()
  local offscreen = CGRect(0, container.bounds.height, final.width, final.height)
  if isPresenting then
    container:addSubview(card)
    card.frame = offscreen
  end
  UIView.animate{ duration = self:transitionDuration(ctx), dampingRatio = 1, velocity = 1,
    options = { isPresenting and "curveEaseOut" or "curveEaseIn" },
    animations = function() card.frame = isPresenting and final or offscreen end,
    completion = function(finished) ctx:completeTransition(not ctx.transitionWasCancelled) end }
end

return StorkPresentationController
