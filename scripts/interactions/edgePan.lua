-- Swipe in from the left edge of the screen to dismiss the presented screen, the way the back
-- gesture pops a navigation controller: the screen follows the finger to the right and, when
-- let go, slides away or comes back; a tap-free dismiss (a button) slides it away on its own.
-- Shows: UIScreenEdgePanGestureRecognizer (edges = "left") driving a
-- UIPercentDrivenInteractiveTransition, progress measured in the container that does not move,
-- and finishing by distance or by speed as UIKit's interactive pop does.
--
-- | parameter            | value      | meaning                                                  |
-- |----------------------|------------|----------------------------------------------------------|
-- | DURATION             | 0.35 s     | the slide, easeInOut                                     |
-- | EDGE                 | left       | the screen edge the finger starts from                   |
-- | FINISH_PROGRESS      | 0.5        | let go past half the width: the screen goes              |
-- | FINISH_VELOCITY      | 300 pt/s   | or faster than this to the right (Transit's interactive  |
-- |                      |            | pop uses the same rule)                                  |
-- | interactiveDismissal | { edge = "left" } | how scenes drive it                                |
--
-- Run:    transit run scripts/interactions/edgePan.lua
--         (present, dismiss, then edge swipes of 10 % (comes back) and 90 % (goes))

local DURATION = 0.35
local FINISH_PROGRESS = 0.5
local FINISH_VELOCITY = 300

---------------------------------------------------------------------------------------------
-- The animator: in from the right, out to the right; a shadow on the moving edge.
local EdgeSlideAnimator = NSObject:subclass("EdgeSlideAnimator")

function EdgeSlideAnimator:transitionDuration(ctx)
  return ctx.isAnimated and DURATION or 0
end

function EdgeSlideAnimator:animateTransition(ctx)
  local container = ctx.containerView
  local isPresenting = ctx:viewController("to").presentingViewController == ctx:viewController("from")
  local presented = isPresenting and ctx:viewController("to") or ctx:viewController("from")
  local view = isPresenting and ctx:view("to") or ctx:view("from")
  local rest = isPresenting and ctx:finalFrame(presented) or ctx:initialFrame(presented)
  local aside = rest:offsetBy(container.bounds.width, 0)
  view.layer.shadowOpacity = 0.25
  view.layer.shadowRadius = 8
  view.layer.shadowOffset = CGSize(-3, 0)
  if isPresenting then
    container:addSubview(view)
    view.frame = aside
  end
  UIView.animate(self:transitionDuration(ctx), function()
    view.frame = isPresenting and rest or aside
  end, function(finished)
    ctx:completeTransition(not ctx.transitionWasCancelled)
  end)
end

---------------------------------------------------------------------------------------------
-- The interaction controller: a left screen-edge pan on the presented view.
local EdgeInteraction = UIPercentDrivenInteractiveTransition:subclass("EdgePanInteraction")

function EdgeInteraction.attach(presented)
  local self = EdgeInteraction.new()
  self.presented = presented
  self.isInteracting = false
  local recognizer = UIScreenEdgePanGestureRecognizer.new(function(g) self:handleEdgePan(g) end)
  recognizer.edges = "left"
  presented.view:addGestureRecognizer(recognizer)
  return self
end

function EdgeInteraction:handleEdgePan(recognizer)
  -- The presented view moves with the finger: measure in its superview, the container, which
  -- stays put.
  local container = recognizer.view.superview
  local width = container.bounds.width
  local translation = recognizer:translation(container)
  local progress = math.min(math.max(translation.x / width, 0), 1)
  local state = recognizer.state
  if state == "began" then
    self.isInteracting = true
    self.presented:dismiss(true, nil)
  elseif state == "changed" then
    self:update(progress)
  elseif state == "ended" then
    self.isInteracting = false
    local velocity = recognizer:velocity(container).x
    if progress > FINISH_PROGRESS or velocity > FINISH_VELOCITY then self:finish() else self:cancel() end
  elseif state == "cancelled" or state == "failed" then
    self.isInteracting = false
    self:cancel()
  end
end

---------------------------------------------------------------------------------------------
-- The transitioning delegate.
local EdgePanDelegate = NSObject:subclass("EdgePanDelegate")

function EdgePanDelegate:animationControllerForPresented(presented, presenting, source)
  self.interaction = EdgeInteraction.attach(presented)
  return EdgeSlideAnimator.new()
end

function EdgePanDelegate:animationControllerForDismissed(dismissed)
  return EdgeSlideAnimator.new()
end

function EdgePanDelegate:interactionControllerForDismissal(animator)
  if self.interaction and self.interaction.isInteracting then return self.interaction end
  return nil
end

local delegate = EdgePanDelegate.new()
delegate.modalPresentationStyle = "custom"
delegate.interactiveDismissal = { edge = "left" }
return delegate
