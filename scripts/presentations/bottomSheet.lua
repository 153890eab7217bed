-- A bottom sheet with two detents that the user drags between, and drags down to dismiss, in
-- the spirit of Slack's PanModal (slackhq/PanModal: PanModalPresentable+Defaults.swift,
-- PanModalPresentable+LayoutHelpers.swift, PanModalPresentationController.swift,
-- PanModalAnimator.swift): the sheet rises on a 0.5 s spring (damping 0.8) to its short form
-- (300 pt of content above the bottom safe area); a drag moves it (at half speed above the long
-- form), and on release it snaps to the nearest of long form, short form and dismissed, or
-- follows a fling faster than 300 pt/s. Top corners rounded 8 pt, a 36 × 5 drag indicator 8 pt
-- above the sheet, black dimming at 0.7 that lightens as the sheet goes below its short form.
-- Shows: a UIPresentationController that moves the presented view itself under a pan (not a
-- percent-driven transition: PanModal calls dismiss when the finger lets go past the sheet),
-- detents, spring animations, velocity from the pan recognizer, and Auto Layout as PanModal
-- uses it: the dimming view is pinned to the container's edges and the drag indicator to the
-- sheet (bottom 8 pt above its top, centred, 36 × 5) with constraints, so a layoutIfNeeded()
-- in the same animation block as the sheet's frame carries the indicator along; the sheet's
-- own frame comes from frameOfPresentedViewInContainerView and is moved by its origin, as in
-- PanModal.
--
-- | parameter       | value          | meaning (PanModal's defaults)                          |
-- |-----------------|----------------|--------------------------------------------------------|
-- | SHORT_FORM      | 300 pt         | shortFormHeight = .contentHeight(300) (this example's)   |
-- | LONG_FORM       | maxHeight      | longFormHeight: up to topOffset                          |
-- | TOP_OFFSET      | safe top + 21  | topOffset = topLayoutOffset + 21                         |
-- | CORNER_RADIUS   | 8              | cornerRadius (top corners)                               |
-- | DIM_ALPHA       | 0.7            | panModalBackgroundColor black at 0.7                     |
-- | DURATION        | 0.5 s          | transitionDuration, spring damping 0.8, velocity 0       |
-- | SNAP_VELOCITY   | 300 pt/s       | 1000 × (1 − snapMovementSensitivity 0.7)                 |
-- | INDICATOR       | 36 × 5, 8 pt   | dragIndicatorSize, its offset above the sheet            |
-- | interactiveDismissal | { pan = "down" } | how scenes drive it                             |
--
-- Run:    transit run scripts/presentations/bottomSheet.lua
--         (present, dismiss, then drags of 10 % (snaps back) and 90 % (dismisses))

local SHORT_FORM = 300
local CORNER_RADIUS = 8
local DIM_ALPHA = 0.7
local DURATION = 0.5
local SPRING_DAMPING = 0.8
local SNAP_VELOCITY = 1000 * (1 - 0.7)
local INDICATOR_SIZE = CGSize(36, 5)
local INDICATOR_OFFSET = 8

-- Transit has no safeAreaInsets: the insets of the simulated devices, as UIKit reports them in
-- portrait (iPhone 15: 59 / 34, iPhone SE: 20 / 0, iPad: 24 / 20).
local function safeAreaInsets()
  local size = UIScreen.main.bounds
  local long = math.max(size.width, size.height)
  if transit.device.userInterfaceIdiom == "pad" then return 24, 20 end
  if long >= 812 then
    if size.width > size.height then return 0, 21 end
    return 59, 34
  end
  return 20, 0
end

local SheetPresentationController = UIPresentationController:subclass("SheetPresentationController")
SheetPresentationController.interactiveDismissal = { pan = "down" }

function SheetPresentationController:init(presented, presenting)
  presented.modalPresentationStyle = "custom"
end

-- The detents as y positions in the container (PanModalPresentable+LayoutHelpers).
function SheetPresentationController:layoutPositions()
  local bounds = self.containerView.bounds
  local top, bottom = safeAreaInsets()
  local topOffset = top + 21
  local longForm = topOffset                                          -- .maxHeight
  local shortForm = math.max(bounds.height - (SHORT_FORM + bottom), longForm)  -- .contentHeight(300)
  return shortForm, longForm
end

-- The sheet's frame at rest: from the short form down to below the screen's bottom, as tall as
-- the long form allows (PanModal sizes it once and then moves its origin).
function SheetPresentationController:frameOfPresentedViewInContainerView()
  local bounds = self.containerView.bounds
  local shortForm, longForm = self:layoutPositions()
  return CGRect(0, shortForm, bounds.width, bounds.height - longForm)
end

function SheetPresentationController:presentationTransitionWillBegin()
  -- PanModal's layoutBackgroundView: the dimming view pinned to the container's four edges.
  local container = self.containerView
  local dimming = UIView.new{ name = "dimmingView", backgroundColor = UIColor.black:withAlphaComponent(DIM_ALPHA) }
  dimming.translatesAutoresizingMaskIntoConstraints = false
  dimming.alpha = 0
  dimming:addGestureRecognizer(UITapGestureRecognizer.new(function()
    self.presentedViewController:dismiss(true, nil)
  end))
  container:addSubview(dimming)
  NSLayoutConstraint.activate{
    dimming.topAnchor:constraint{equalTo = container.topAnchor},
    dimming.leadingAnchor:constraint{equalTo = container.leadingAnchor},
    dimming.trailingAnchor:constraint{equalTo = container.trailingAnchor},
    dimming.bottomAnchor:constraint{equalTo = container.bottomAnchor},
  }
  self.dimmingView = dimming

  -- The sheet: the controller's view with its top corners rounded (it clips its content); the
  -- drag indicator sits 8 pt above it, outside its bounds, so it is a sibling in the container
  -- (PanModal's is a subview of an unclipped wrapper, panContainerView) constrained to the
  -- sheet as PanModal's addDragIndicatorView constrains it. The sheet itself keeps
  -- translatesAutoresizingMaskIntoConstraints: its frame, set by us, is what the indicator
  -- follows. The indicator's constraints go in once the sheet is in the container
  -- (animateTransition): constraints need a common ancestor.
  local view = self.presentedViewController.view
  view.layer.cornerRadius = CORNER_RADIUS
  view.layer.maskedCorners = { "layerMinXMinYCorner", "layerMaxXMinYCorner" }
  view.clipsToBounds = true
  local indicator = UIView.new{ name = "dragIndicator", backgroundColor = UIColor.lightGray }
  indicator.translatesAutoresizingMaskIntoConstraints = false
  indicator.layer.cornerRadius = INDICATOR_SIZE.height / 2
  self.dragIndicator = indicator
  container:addSubview(indicator)

  view:addGestureRecognizer(UIPanGestureRecognizer.new(function(recognizer) self:didPanOnPresentedView(recognizer) end))

  self.presentedViewController.transitionCoordinator:animateAlongsideTransition(function(context)
    dimming.alpha = 1
  end, nil)
end

function SheetPresentationController:presentationTransitionDidEnd(completed)
  if not completed then self.dimmingView, self.dragIndicator = nil, nil end
end

function SheetPresentationController:dismissalTransitionWillBegin()
  local dimming = self.dimmingView
  -- PanModal hides the indicator for the dismissal (it would be left showing above the screen's
  -- bottom edge as the sheet leaves).
  self.dragIndicator.isHidden = true
  self.presentedViewController.transitionCoordinator:animateAlongsideTransition(function(context)
    dimming.alpha = 0
  end, nil)
end

function SheetPresentationController:dismissalTransitionDidEnd(completed)
  if completed then
    self.dimmingView, self.dragIndicator = nil, nil
  else
    self.dragIndicator.isHidden = false
  end
end

-- Moves the sheet's top to y (never above the long form) and dims by how far below the short
-- form it is (PanModal's adjust(toYPosition:)). The indicator is constrained to the sheet: the
-- layout pass moves it, in the caller's animation block when there is one.
function SheetPresentationController:adjust(y)
  local view = self.presentedViewController.view
  local shortForm, longForm = self:layoutPositions()
  local frame = view.frame
  view.frame = CGRect(frame.x, math.max(y, longForm), frame.width, frame.height)
  self.containerView:layoutIfNeeded()
  if view.frame.y <= shortForm then
    self.dimmingView.alpha = 1
  else
    local below = view.frame.y - shortForm
    self.dimmingView.alpha = math.max(0, 1 - below / view.frame.height)
  end
end

-- PanModal's addDragIndicatorView: centred, its bottom 8 pt above the sheet's top, 36 × 5.
function SheetPresentationController:constrainIndicator(sheet)
  local indicator = self.dragIndicator
  NSLayoutConstraint.activate{
    indicator.bottomAnchor:constraint{equalTo = sheet.topAnchor, constant = -INDICATOR_OFFSET},
    indicator.centerXAnchor:constraint{equalTo = sheet.centerXAnchor},
    indicator.widthAnchor:constraint{equalToConstant = INDICATOR_SIZE.width},
    indicator.heightAnchor:constraint{equalToConstant = INDICATOR_SIZE.height},
  }
end

-- PanModal's transitionAnimationOptions (PanModalPresentable+Defaults.swift): the sheet stays
-- draggable while it springs.
local ANIMATION_OPTIONS = { "curveEaseInOut", "allowUserInteraction", "beginFromCurrentState" }

function SheetPresentationController:snap(y)
  UIView.animate{ duration = DURATION, dampingRatio = SPRING_DAMPING, velocity = 0, options = ANIMATION_OPTIONS, animations = function()
    self:adjust(y)
  end }
end

local function nearest(number, values)
  local best = values[1]
  for _, value in ipairs(values) do
    if math.abs(number - value) < math.abs(number - best) then best = value end
  end
  return best
end

function SheetPresentationController:didPanOnPresentedView(recognizer)
  if self.presentedViewController.isBeingDismissed or self.presentedViewController.isBeingPresented then return end
  local view = self.presentedViewController.view
  local shortForm, longForm = self:layoutPositions()
  local containerHeight = self.containerView.bounds.height
  if recognizer.state == "began" or recognizer.state == "changed" then
    -- Follow the finger, at half the rate above the long form (PanModal's respond(to:)).
    local dy = recognizer:translation(view).y
    if view.frame.y < longForm then dy = dy / 2 end
    self:adjust(view.frame.y + dy)
    recognizer:setTranslation(CGPoint(0, 0), view)
  elseif recognizer.state == "ended" then
    local velocity = recognizer:velocity(view).y
    local y = view.frame.y
    if math.abs(velocity) - SNAP_VELOCITY > 0 then
      -- A fling: up goes to the long form; down goes to the short form from above it, else away.
      if velocity < 0 then
        self:snap(longForm)
      elseif nearest(y, { longForm, containerHeight }) == longForm and y < shortForm then
        self:snap(shortForm)
      else
        self.presentedViewController:dismiss(true, nil)
      end
    else
      -- Slow: the nearest detent, or away.
      local position = nearest(y, { containerHeight, shortForm, longForm })
      if position == containerHeight then
        self.presentedViewController:dismiss(true, nil)
      else
        self:snap(position)
      end
    end
  end
end

-- UIViewControllerAnimatedTransitioning: PanModalPresentationAnimator.

function SheetPresentationController:transitionDuration(ctx)
  return ctx.isAnimated and DURATION or 0
end

function SheetPresentationController:animateTransition(ctx)
  local isPresenting = ctx:viewController("to") == self.presentedViewController
  local containerHeight = ctx.containerView.bounds.height
  local view
  if isPresenting then
    view = ctx:view("to")
    ctx.containerView:addSubview(view)
    local final = ctx:finalFrame(ctx:viewController("to"))
    view.frame = CGRect(final.x, containerHeight, final.width, final.height)
    self:constrainIndicator(view)
    -- Lay out before the animation, as UIKit code does: the dimming view and the indicator
    -- start where the constraints put them, not from a zero frame.
    ctx.containerView:layoutIfNeeded()
  else
    view = ctx:view("from")
  end
  local target = isPresenting and ctx:finalFrame(ctx:viewController("to")).y or containerHeight
  -- PanModal animates with UIView.animate(withDuration:delay:usingSpringWithDamping:...):
  -- the spring runs for the duration given.
  UIView.animate{ duration = self:transitionDuration(ctx), dampingRatio = SPRING_DAMPING, velocity = 0,
    options = ANIMATION_OPTIONS, animations = function()
      local frame = view.frame
      view.frame = CGRect(frame.x, target, frame.width, frame.height)
      ctx.containerView:layoutIfNeeded()
    end,
    completion = function(finished)
      ctx:completeTransition(not ctx.transitionWasCancelled)
    end }
end

return SheetPresentationController
