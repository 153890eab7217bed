-- A card you can catch while it moves: the presented screen drops away when dismissed, but a
-- finger that touches it mid-flight stops it where it is, drags it, and on release throws it
-- on with the finger's speed, down and away or back up into place. The same pan started on the
-- resting screen dismisses it interactively from the first point.
-- Shows: UIViewPropertyAnimator as the transition's interruptibleAnimator (the same one every
-- time it is asked), an object that is animator and interaction controller at once
-- (UIViewControllerInteractiveTransitioning with wantsInteractiveStart), the context's
-- pauseInteractiveTransition / updateInteractiveTransition / finish / cancel, pauseAnimation,
-- fractionComplete, isReversed and continueAnimation with a spring whose initial velocity is
-- the gesture's, relative to the distance left (as UISpringTimingParameters wants it).
--
-- | parameter            | value      | meaning                                                  |
-- |----------------------|------------|----------------------------------------------------------|
-- | DURATION             | 0.5 s      | the rise and the drop                                    |
-- | DAMPING              | 0.9        | the spring of the rise and drop (dampingRatio)           |
-- | RELEASE_DAMPING      | 1.0        | the spring after a release: no bounce back past the end   |
-- | FLING_VELOCITY       | 300 pt/s   | faster than this decides the direction on release        |
-- | FINISH_PROGRESS      | 0.5        | slower: past half way goes, short of it comes back       |
-- | RELEASE_DURATION_FACTOR | 1.0     | a release runs for this share of DURATION (the spring    |
-- |                      |            | settles in it wherever it starts)                        |
-- | interactiveDismissal | { pan = "down" } | how scenes drive it                                 |
--
-- Run:    transit run scripts/interactions/interruptible.lua
--         (present, dismiss, then pulls of 10 % (comes back) and 90 % (goes));
--         catch it yourself: transit repl scripts/interactions/interruptible.lua, then
--         present(); step(1); dismiss(); step(0.15) and a transit.touch.pan on the card.

local DURATION = 0.5
local DAMPING = 0.9
local RELEASE_DAMPING = 1.0
local FLING_VELOCITY = 300
local FINISH_PROGRESS = 0.5
local RELEASE_DURATION_FACTOR = 1.0

local GrabbableCard = NSObject:subclass("GrabbableCard")

---------------------------------------------------------------------------------------------
-- UIViewControllerTransitioningDelegate

function GrabbableCard:animationControllerForPresented(presented, presenting, source)
  self.presented = presented
  return self
end

function GrabbableCard:animationControllerForDismissed(dismissed)
  return self
end

-- Every dismissal goes through this object as its interaction controller: one started by a
-- finger begins paused under it (wantsInteractiveStart), one started by code runs until a
-- finger catches it.
function GrabbableCard:interactionControllerForDismissal(animator)
  return self
end

---------------------------------------------------------------------------------------------
-- UIViewControllerAnimatedTransitioning

function GrabbableCard:transitionDuration(ctx)
  return ctx.isAnimated and DURATION or 0
end

-- The presentation (not interactive): run the property animator.
function GrabbableCard:animateTransition(ctx)
  -- The pan goes on the container, the card's superview, not on the card: hit-testing finds a
  -- view where its model frame is, and a card being dismissed is already "away" there while it
  -- is still on screen. The container stays under the card for as long as it is presented, so
  -- the pan sees touches on the resting card and on the moving one (Apple's photo transition
  -- sample, WWDC 2016, puts its pan on the navigation controller's view for the same reason).
  local container = ctx.containerView
  if not self.pan or self.pan.view ~= container then
    self.pan = UIPanGestureRecognizer.new(function(g) self:handlePan(g) end)
    container:addGestureRecognizer(self.pan)
  end
  self:interruptibleAnimator(ctx):startAnimation()
end

-- One property animator per transition: UIKit may ask several times and must get the same one.
function GrabbableCard:interruptibleAnimator(ctx)
  if self.animatorContext == ctx then return self.propertyAnimator end
  local container = ctx.containerView
  local isPresenting = ctx:viewController("to") == self.presented
  local view = isPresenting and ctx:view("to") or ctx:view("from")
  local rest = isPresenting and ctx:finalFrame(self.presented) or ctx:initialFrame(self.presented)
  local away = CGRect(rest.x, container.bounds.maxY, rest.width, rest.height)
  if isPresenting then
    container:addSubview(view)
    view.frame = away
  end
  local animator = UIViewPropertyAnimator.new{ duration = self:transitionDuration(ctx), dampingRatio = DAMPING }
  animator:addAnimations(function() view.frame = isPresenting and rest or away end)
  animator:addCompletion(function(position)
    -- "end": it got there; "start": a release sent it back (the context was cancelled).
    self.animatorContext, self.propertyAnimator, self.context = nil, nil, nil
    ctx:completeTransition(not ctx.transitionWasCancelled)
  end)
  self.animatorContext, self.propertyAnimator = ctx, animator
  self.restY = rest.y
  self.travel = away.y - rest.y   -- points from rest to away: what fractionComplete measures
  return animator
end

---------------------------------------------------------------------------------------------
-- UIViewControllerInteractiveTransitioning (the dismissal)

-- Read by UIKit before startInteractiveTransition: begin paused only when a finger started it.
function GrabbableCard:wantsInteractiveStart()
  return self.fingerStarted == true
end

function GrabbableCard:startInteractiveTransition(ctx)
  self.context = ctx
  local animator = self:interruptibleAnimator(ctx)
  if self.fingerStarted then
    animator:pauseAnimation()   -- a finger holds it from the first point
  else
    animator:startAnimation()   -- dismissed by code: it runs until a finger catches it
  end
end

function GrabbableCard:handlePan(recognizer)
  local view = self.presented.view
  local state = recognizer.state
  if state == "began" then
    if self.context and self.propertyAnimator then
      -- Caught mid-flight: the context becomes interactive and the animator stops where it is.
      self.context:pauseInteractiveTransition()
      self.propertyAnimator:pauseAnimation()
    elseif self.presented.presentingViewController and not self.presented.isBeingPresented then
      -- At rest: the pan itself dismisses, interactively from the start.
      self.fingerStarted = true
      self.presented:dismiss(true, nil)
      self.fingerStarted = false
    end
    local animator = self.propertyAnimator
    if animator then
      -- A paused animator's fractionComplete is its share of the time, not of the way: on a
      -- spring the card is further along than that, and scrubbing linearly from there would
      -- make it jump. Measure where the card is on screen and scrub from that.
      local onScreen = view.layer:presentation().position.y - view.bounds.height / 2
      self.startFraction = math.min(math.max((onScreen - self.restY) / self.travel, 0), 1)
      animator.fractionComplete = self.startFraction
      self.grabbed = true
    end
    return
  end
  if not self.grabbed then return end
  local animator, ctx = self.propertyAnimator, self.context
  -- The finger's travel in the window (the card moves under it), as a share of the drop.
  local fraction = self.startFraction + recognizer:translation(view.window).y / self.travel
  fraction = math.min(math.max(fraction, 0), 1)
  if state == "changed" then
    animator.fractionComplete = fraction
    ctx:updateInteractiveTransition(fraction)
  elseif state == "ended" or state == "cancelled" or state == "failed" then
    self.grabbed = false
    local velocity = recognizer:velocity(view.window).y
    local finish
    if state ~= "ended" then finish = false
    elseif velocity > FLING_VELOCITY then finish = true
    elseif velocity < -FLING_VELOCITY then finish = false
    else finish = fraction > FINISH_PROGRESS end
    -- Going back means running the animations in reverse.
    animator.isReversed = not finish
    if finish then ctx:finishInteractiveTransition() else ctx:cancelInteractiveTransition() end
    -- Continue with the finger's speed: UISpringTimingParameters' initial velocity is relative,
    -- the speed divided by the distance still to go, positive towards the destination.
    local remaining = (finish and (1 - fraction) or fraction) * self.travel
    local towards = finish and velocity or -velocity
    local relative = remaining > 1 and math.max(towards, 0) / remaining or 0
    local timing = UISpringTimingParameters.new{ dampingRatio = RELEASE_DAMPING, initialVelocity = CGVector(0, relative) }
    animator:continueAnimation(timing, RELEASE_DURATION_FACTOR)
  end
end

local card = GrabbableCard.new()
card.modalPresentationStyle = "custom"
card.interactiveDismissal = { pan = "down" }
return card
