-- Pinch the presented screen closed to dismiss it: it shrinks between the fingers and fades,
-- and when they lift it either closes or grows back. It opens by growing from the middle.
-- Shows: UIPinchGestureRecognizer (scale, velocity) driving a
-- UIPercentDrivenInteractiveTransition, a transform-based animator, and a release decided by
-- how far the pinch went or how fast it was closing.
-- Needs UIPinchGestureRecognizer and transit.touch.pinch, which come with Transit's gesture
-- work (issue 11); until they are in, this file reports that UIPinchGestureRecognizer is not
-- available.
--
-- | parameter            | value      | meaning                                                  |
-- |----------------------|------------|----------------------------------------------------------|
-- | DURATION             | 0.35 s     | the grow and the shrink, easeInOut                       |
-- | MIN_SCALE            | 0.1        | how small the screen gets as it closes                   |
-- | FINISH_PROGRESS      | 0.5        | pinched to half its size or less: it closes              |
-- | FINISH_VELOCITY      | −1 /s      | or closing faster than this (scale per second): closes   |
-- | interactiveDismissal | { pinch = "in" } | how scenes drive it                                 |
--
-- Run:    transit run scripts/interactions/pinch.lua
--         (present, dismiss, then pinches of 10 % (grows back) and 90 % (closes))

local DURATION = 0.35
local MIN_SCALE = 0.1
local FINISH_PROGRESS = 0.5
local FINISH_VELOCITY = -1

---------------------------------------------------------------------------------------------
-- The animator: grows from the middle, shrinks back into it.
local ZoomAnimator = NSObject:subclass("PinchZoomAnimator")

function ZoomAnimator:transitionDuration(ctx)
  return ctx.isAnimated and DURATION or 0
end

function ZoomAnimator:animateTransition(ctx)
  local isPresenting = ctx:viewController("to").presentingViewController == ctx:viewController("from")
  local view = isPresenting and ctx:view("to") or ctx:view("from")
  local small = CGAffineTransform.scale(MIN_SCALE, MIN_SCALE)
  if isPresenting then
    ctx.containerView:addSubview(view)
    view.frame = ctx:finalFrame(ctx:viewController("to"))
    view.transform = small
    view.alpha = 0
  end
  UIView.animate(self:transitionDuration(ctx), function()
    view.transform = isPresenting and CGAffineTransform.identity or small
    view.alpha = isPresenting and 1 or 0
  end, function(finished)
    -- A closed screen is gone; one that grew back (cancelled) must look as before.
    if not isPresenting then
      view.transform = CGAffineTransform.identity
      view.alpha = 1
    end
    ctx:completeTransition(not ctx.transitionWasCancelled)
  end)
end

---------------------------------------------------------------------------------------------
-- The interaction controller: a pinch on the presented view.
local PinchInteraction = UIPercentDrivenInteractiveTransition:subclass("PinchInteraction")

function PinchInteraction.attach(presented)
  local self = PinchInteraction.new()
  self.presented = presented
  self.isInteracting = false
  presented.view:addGestureRecognizer(UIPinchGestureRecognizer.new(function(g) self:handlePinch(g) end))
  return self
end

function PinchInteraction:handlePinch(recognizer)
  -- scale is the fingers' distance over their distance at touch-down: 1 → 0 as they close.
  local progress = math.min(math.max(1 - recognizer.scale, 0), 1)
  local state = recognizer.state
  if state == "began" then
    self.isInteracting = true
    self.presented:dismiss(true, nil)
  elseif state == "changed" then
    self:update(progress)
  elseif state == "ended" then
    self.isInteracting = false
    if progress > FINISH_PROGRESS or recognizer.velocity < FINISH_VELOCITY then self:finish() else self:cancel() end
  elseif state == "cancelled" or state == "failed" then
    self.isInteracting = false
    self:cancel()
  end
end

---------------------------------------------------------------------------------------------
-- The transitioning delegate.
local PinchDelegate = NSObject:subclass("PinchDelegate")

function PinchDelegate:animationControllerForPresented(presented, presenting, source)
  self.interaction = PinchInteraction.attach(presented)
  return ZoomAnimator.new()
end

function PinchDelegate:animationControllerForDismissed(dismissed)
  return ZoomAnimator.new()
end

function PinchDelegate:interactionControllerForDismissal(animator)
  if self.interaction and self.interaction.isInteracting then return self.interaction end
  return nil
end

local delegate = PinchDelegate.new()
delegate.modalPresentationStyle = "custom"
delegate.interactiveDismissal = { pinch = "in" }
return delegate
