-- Swipe the presented screen to the right, anywhere on it, to dismiss it: the screen follows
-- the finger and, when let go, either slides away or comes back. The presented screen slides
-- in from the right and the screen behind moves a third of the way, as a navigation push does.
-- Shows: a UIPercentDrivenInteractiveTransition driven by a UIPanGestureRecognizer on the
-- presented view, the delegate returning the interaction controller only while a finger drives
-- the dismissal, and a release decided by distance or by speed.
--
-- | parameter            | value      | meaning                                                  |
-- |----------------------|------------|----------------------------------------------------------|
-- | DURATION             | 0.35 s     | the slide (UIKit's push duration), easeInOut             |
-- | PARALLAX             | 1/3        | how far the screen behind moves, as UIKit's push does    |
-- | FINISH_PROGRESS      | 0.5        | let go past half the width: the screen goes              |
-- | FINISH_VELOCITY      | 800 pt/s   | or faster than this to the right: it goes anyway         |
-- | interactiveDismissal | { pan = "right" } | how scenes drive it                                |
--
-- Run:    transit run scripts/interactions/horizontalSwipe.lua
--         (present, dismiss, then swipes of 10 % (comes back) and 90 % (goes))

local DURATION = 0.35
local PARALLAX = 1 / 3
local FINISH_PROGRESS = 0.5
local FINISH_VELOCITY = 800

---------------------------------------------------------------------------------------------
-- The animator: in from the right, out to the right.
local SlideAnimator = NSObject:subclass("HorizontalSlideAnimator")

function SlideAnimator:transitionDuration(ctx)
  return ctx.isAnimated and DURATION or 0
end

function SlideAnimator:animateTransition(ctx)
  local container = ctx.containerView
  local fromVC, toVC = ctx:viewController("from"), ctx:viewController("to")
  local isPresenting = toVC.presentingViewController == fromVC
  local presented = isPresenting and toVC or fromVC
  local behind = isPresenting and fromVC or toVC
  local view = isPresenting and ctx:view("to") or ctx:view("from")
  local width = container.bounds.width
  -- The presenter's view stays in the window for this style (ctx:view is nil for it); its
  -- controller's view may still be moved, and goes back to where it was.
  local behindView = behind.view
  local rest = ctx:finalFrame(presented)
  if not isPresenting then rest = ctx:initialFrame(presented) end
  local offscreen = rest:offsetBy(width, 0)
  local behindRest = behindView.frame
  local behindAside = behindRest:offsetBy(-width * PARALLAX, 0)

  if isPresenting then
    container:addSubview(view)
    view.frame = offscreen
  else
    behindView.frame = behindAside
  end
  UIView.animate(self:transitionDuration(ctx), function()
    view.frame = isPresenting and rest or offscreen
    behindView.frame = isPresenting and behindAside or behindRest
  end, function(finished)
    local cancelled = ctx.transitionWasCancelled
    -- After a presentation, or a cancelled dismissal, the screen behind is covered: put it
    -- back where the window had it, out of sight.
    if isPresenting or cancelled then behindView.frame = behindRest end
    ctx:completeTransition(not cancelled)
  end)
end

---------------------------------------------------------------------------------------------
-- The interaction controller: a pan anywhere on the presented view.
local SwipeInteraction = UIPercentDrivenInteractiveTransition:subclass("HorizontalSwipeInteraction")

function SwipeInteraction.attach(presented)
  local self = SwipeInteraction.new()
  self.presented = presented
  self.isInteracting = false
  presented.view:addGestureRecognizer(UIPanGestureRecognizer.new(function(g) self:handlePan(g) end))
  return self
end

function SwipeInteraction:handlePan(recognizer)
  local view = recognizer.view
  local width = view.bounds.width
  -- Measured in the window: the view itself moves with the finger.
  local translation = recognizer:translation(view.window)
  local progress = math.min(math.max(translation.x / width, 0), 1)
  local state = recognizer.state
  if state == "began" then
    self.isInteracting = true
    self.presented:dismiss(true, nil)
  elseif state == "changed" then
    self:update(progress)
  elseif state == "ended" then
    self.isInteracting = false
    local velocity = recognizer:velocity(view.window).x
    if progress > FINISH_PROGRESS or velocity > FINISH_VELOCITY then self:finish() else self:cancel() end
  elseif state == "cancelled" or state == "failed" then
    self.isInteracting = false
    self:cancel()
  end
end

---------------------------------------------------------------------------------------------
-- The transitioning delegate.
local SwipeDelegate = NSObject:subclass("HorizontalSwipeDelegate")

function SwipeDelegate:animationControllerForPresented(presented, presenting, source)
  self.interaction = SwipeInteraction.attach(presented)
  return SlideAnimator.new()
end

function SwipeDelegate:animationControllerForDismissed(dismissed)
  return SlideAnimator.new()
end

function SwipeDelegate:interactionControllerForDismissal(animator)
  -- Only while a finger drives it: an interaction controller returned for a plain dismiss
  -- would wait for updates that never come.
  if self.interaction and self.interaction.isInteracting then return self.interaction end
  return nil
end

local delegate = SwipeDelegate.new()
delegate.modalPresentationStyle = "custom"
delegate.interactiveDismissal = { pan = "right" }
return delegate
