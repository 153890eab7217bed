-- MyInteraction: an interactive dismissal (`transit new interaction` wrote this from
-- scripts/templates/interaction.lua). The presented screen slides in from the right; a pan
-- from the left screen edge drags it back out, following the finger, and lifting the finger
-- finishes the dismissal past half way (or when flicked) and cancels it otherwise.
--
-- Parameters (the values this file uses; change them here):
--   DURATION    seconds the slide lasts (and the length of a full drag)   0.35
--   THRESHOLD   fraction of the width past which lifting finishes         0.5
--   FLICK       points per second towards the edge that finish anyway      800
--
-- Try it:  transit run MyInteraction.lua --trace   (present, dismiss, then edge pans 10 % and 90 %)
--          transit watch MyInteraction.lua --serve
--          transit check MyInteraction.lua         (adds interactive finish and cancel cells)

local DURATION = 0.35
local THRESHOLD = 0.5
local FLICK = 800

-- One object plays three roles, as often in UIKit code: the transitioning delegate, the
-- animator and (a UIPercentDrivenInteractiveTransition subclass) the interaction controller,
-- which scrubs the animator's animations with the finger.
---@class MyInteraction : UIPercentDrivenInteractiveTransition
local MyInteraction = UIPercentDrivenInteractiveTransition:subclass("MyInteraction")

-- The animator: a horizontal slide.
function MyInteraction:transitionDuration(ctx)
  return ctx.isAnimated and DURATION or 0
end

function MyInteraction:animateTransition(ctx)
  local toVC = ctx:viewController("to")
  local presenting = toVC.presentingViewController == ctx:viewController("from")
  local width = ctx.containerView.bounds.width
  local toView, fromView = ctx:view("to"), ctx:view("from")
  if presenting then
    local final = ctx:finalFrame(toVC)
    toView.frame = final:offsetBy(width, 0)
    ctx.containerView:addSubview(toView)
    UIView.animate(self:transitionDuration(ctx), function() toView.frame = final end,
      function() ctx:completeTransition(not ctx.transitionWasCancelled) end)
  else
    -- A fullScreen presentation took the presenting view out of the window; on the way back it
    -- must be put in the container again, below the view sliding away, or the screen goes black.
    toView.frame = ctx:finalFrame(toVC)
    ctx.containerView:insertSubviewBelow(toView, fromView)
    local start = fromView.frame
    -- A linear curve: under the finger the view should move exactly as far as the finger.
    UIView.animate{ duration = self:transitionDuration(ctx), options = { "curveLinear" },
      animations = function() fromView.frame = start:offsetBy(width, 0) end,
      completion = function()
        local cancelled = ctx.transitionWasCancelled
        -- On a cancelled dismissal UIKit leaves toView in the container: take it out.
        if cancelled and toView then toView:removeFromSuperview() end
        ctx:completeTransition(not cancelled)
      end }
  end
end

-- The gesture. A built-in view controller keeps no fields of its own, so the recognizer each
-- presented controller got is remembered here.
local recognizerOf = {}

function MyInteraction:installGesture(vc)
  if recognizerOf[vc] then return end
  local pan = UIScreenEdgePanGestureRecognizer.new(function(gesture) self:handlePan(gesture, vc) end)
  pan.edges = "left"
  vc.view:addGestureRecognizer(pan)
  recognizerOf[vc] = pan
end

function MyInteraction:handlePan(gesture, vc)
  local width = gesture.view.bounds.width
  local progress = math.max(0, math.min(1, gesture:translation(gesture.view).x / width))
  if gesture.state == "began" then
    -- Starting the dismissal while interacting makes UIKit ask for an interaction controller.
    self.interacting = true
    vc:dismiss(true)
  elseif gesture.state == "changed" then
    self:update(progress)
  elseif gesture.state == "ended" then
    self.interacting = false
    if progress > THRESHOLD or gesture:velocity(gesture.view).x > FLICK then self:finish() else self:cancel() end
  else  -- cancelled, failed
    self.interacting = false
    self:cancel()
  end
end

-- The transitioning delegate.
function MyInteraction:animationControllerForPresented(presented, presenting, source)
  self:installGesture(presented)
  return self
end

function MyInteraction:animationControllerForDismissed(dismissed)
  return self
end

-- Only a dismissal started by the gesture is interactive: a plain dismiss(true) animates.
function MyInteraction:interactionControllerForDismissal(animator)
  if self.interacting then return self end
  return nil
end

local effect = MyInteraction.new()
effect.modalPresentationStyle = "fullScreen"
-- How `transit run` and `transit check` drive the gesture (a pan from the left edge).
effect.interactiveDismissal = { edge = "left" }
return effect
