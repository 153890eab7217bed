-- Pull the presented screen down, anywhere on it, to dismiss it: the screen follows the finger
-- and, when let go, either drops away or springs back up. It rises from the bottom edge when
-- presented, over a dimmed background that lightens as it is pulled down.
-- Shows: a UIPercentDrivenInteractiveTransition driven by a vertical UIPanGestureRecognizer,
-- an alongside animation (the dimming) that follows the scrubbing, and a release decided by
-- distance or by speed, with a faster completion when flung (completionSpeed).
--
-- | parameter            | value      | meaning                                                  |
-- |----------------------|------------|----------------------------------------------------------|
-- | DURATION             | 0.4 s      | the rise and the drop, easeInOut                         |
-- | DIM_ALPHA            | 0.4        | black behind the presented screen                        |
-- | FINISH_PROGRESS      | 0.5        | let go past half the height: the screen goes             |
-- | FINISH_VELOCITY      | 800 pt/s   | or faster than this downwards: it goes anyway            |
-- | interactiveDismissal | { pan = "down" } | how scenes drive it                                 |
--
-- Run:    transit run scripts/interactions/verticalSwipe.lua
--         (present, dismiss, then pulls of 10 % (springs back) and 90 % (goes))

local DURATION = 0.4
local DIM_ALPHA = 0.4
local FINISH_PROGRESS = 0.5
local FINISH_VELOCITY = 800

---------------------------------------------------------------------------------------------
-- The presentation controller: the dimming behind, faded with the transition (and so scrubbed
-- with it when the dismissal is interactive).
local VerticalSwipePresentationController = UIPresentationController:subclass("VerticalSwipePresentationController")

function VerticalSwipePresentationController:presentationTransitionWillBegin()
  local dimming = UIView.new{ frame = self.containerView.bounds, name = "dimmingView",
    backgroundColor = UIColor.black:withAlphaComponent(DIM_ALPHA), autoresizingMask = { "flexibleWidth", "flexibleHeight" } }
  dimming.alpha = 0
  self.containerView:addSubview(dimming)
  self.dimmingView = dimming
  self.presentedViewController.transitionCoordinator:animateAlongsideTransition(function() dimming.alpha = 1 end, nil)
end

function VerticalSwipePresentationController:dismissalTransitionWillBegin()
  local dimming = self.dimmingView
  self.presentedViewController.transitionCoordinator:animateAlongsideTransition(function() dimming.alpha = 0 end, nil)
end

---------------------------------------------------------------------------------------------
-- The animator: up from the bottom edge, back down.
local VerticalDropAnimator = NSObject:subclass("VerticalDropAnimator")

function VerticalDropAnimator:transitionDuration(ctx)
  return ctx.isAnimated and DURATION or 0
end

function VerticalDropAnimator:animateTransition(ctx)
  local container = ctx.containerView
  local isPresenting = ctx:viewController("to").presentingViewController == ctx:viewController("from")
  local presented = isPresenting and ctx:viewController("to") or ctx:viewController("from")
  local view = isPresenting and ctx:view("to") or ctx:view("from")
  local rest = isPresenting and ctx:finalFrame(presented) or ctx:initialFrame(presented)
  local below = CGRect(rest.x, container.bounds.maxY, rest.width, rest.height)
  if isPresenting then
    container:addSubview(view)
    view.frame = below
  end
  UIView.animate(self:transitionDuration(ctx), function()
    view.frame = isPresenting and rest or below
  end, function(finished)
    ctx:completeTransition(not ctx.transitionWasCancelled)
  end)
end

---------------------------------------------------------------------------------------------
-- The interaction controller: a vertical pan on the presented view.
local VerticalPullInteraction = UIPercentDrivenInteractiveTransition:subclass("VerticalPullInteraction")

function VerticalPullInteraction.attach(presented)
  local self = VerticalPullInteraction.new()
  self.presented = presented
  self.isInteracting = false
  presented.view:addGestureRecognizer(UIPanGestureRecognizer.new(function(g) self:handlePan(g) end))
  return self
end

function VerticalPullInteraction:handlePan(recognizer)
  local view = recognizer.view
  local height = view.bounds.height
  local translation = recognizer:translation(view.window)
  local progress = math.min(math.max(translation.y / height, 0), 1)
  local state = recognizer.state
  if state == "began" then
    self.isInteracting = true
    self.presented:dismiss(true, nil)
  elseif state == "changed" then
    self:update(progress)
  elseif state == "ended" then
    self.isInteracting = false
    local velocity = recognizer:velocity(view.window).y
    if progress > FINISH_PROGRESS or velocity > FINISH_VELOCITY then
      -- A fling finishes faster: the rest of the drop at the finger's speed, at least the
      -- normal speed (the remaining distance over the remaining time at speed 1).
      local remaining = (1 - progress) * height
      local normalSpeed = remaining / math.max((1 - progress) * DURATION, 0.001)
      self.completionSpeed = math.max(1, velocity / math.max(normalSpeed, 1))
      self:finish()
    else
      self.completionSpeed = 1
      self:cancel()
    end
  elseif state == "cancelled" or state == "failed" then
    self.isInteracting = false
    self:cancel()
  end
end

---------------------------------------------------------------------------------------------
-- The transitioning delegate.
local VerticalSwipeDelegate = NSObject:subclass("VerticalSwipeDelegate")

function VerticalSwipeDelegate:presentationControllerForPresented(presented, presenting, source)
  return VerticalSwipePresentationController.new(presented, presenting)
end

function VerticalSwipeDelegate:animationControllerForPresented(presented, presenting, source)
  self.interaction = VerticalPullInteraction.attach(presented)
  return VerticalDropAnimator.new()
end

function VerticalSwipeDelegate:animationControllerForDismissed(dismissed)
  return VerticalDropAnimator.new()
end

function VerticalSwipeDelegate:interactionControllerForDismissal(animator)
  if self.interaction and self.interaction.isInteracting then return self.interaction end
  return nil
end

local delegate = VerticalSwipeDelegate.new()
delegate.modalPresentationStyle = "custom"
delegate.interactiveDismissal = { pan = "down" }
return delegate
