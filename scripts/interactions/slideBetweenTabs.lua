-- Apple's "Slide" demo from the CustomTransitions sample (AAPLSlideTransitionAnimator.m,
-- AAPLSlideTransitionDelegate.m, AAPLSlideTransitionInteractionController.m): switching the
-- tabs of a UITabBarController slides both screens sideways, and a horizontal pan anywhere on
-- the tab bar controller's view drags the switch with the finger.
-- Shows: UITabBarControllerDelegate (animationControllerForTransitionFrom,
-- interactionControllerFor), a UIPercentDrivenInteractiveTransition fed by a
-- UIPanGestureRecognizer, and the coordinator's completion used to restart a cancelled switch
-- in the other direction.
--
-- | parameter          | value  | meaning (Apple's numbers)                                        |
-- |--------------------|--------|------------------------------------------------------------------|
-- | DURATION           | 0.35 s | the slide, easeInOut (UIView.animate with no options)            |
-- | FINISH_THRESHOLD   | 0.4    | a released pan finishes at ≥ 40 % of the container's width       |
-- | targetEdge         | left / right | left when the new tab is after the old one             |
-- | interactiveTabSwitch | { pan = "left" } | how scenes drive it: a pan to the left shows the next tab |
--
-- Run:    transit run scripts/interactions/slideBetweenTabs.lua
--         (tabs 1 → 2 → 3 → 1, then pans of 10 % (cancels) and 90 % (finishes))
-- Check:  transit check scripts/interactions/slideBetweenTabs.lua --matrix quick

local DURATION = 0.35
local FINISH_THRESHOLD = 0.4

---------------------------------------------------------------------------------------------
-- AAPLSlideTransitionAnimator: both views move by one container width towards targetEdge.
local SlideTransitionAnimator = NSObject:subclass("AAPLSlideTransitionAnimator")

function SlideTransitionAnimator:init(targetEdge)
  assert(targetEdge == "left" or targetEdge == "right", "targetEdge must be left or right")
  self.targetEdge = targetEdge
end

function SlideTransitionAnimator:transitionDuration(transitionContext)
  return DURATION
end

function SlideTransitionAnimator:animateTransition(transitionContext)
  local fromViewController = transitionContext:viewController("from")
  local toViewController = transitionContext:viewController("to")
  local containerView = transitionContext.containerView
  local fromView = transitionContext:view("from")
  local toView = transitionContext:view("to")

  local fromFrame = transitionContext:initialFrame(fromViewController)
  local toFrame = transitionContext:finalFrame(toViewController)

  -- Towards the left edge the views move left (dx = -1): the new tab comes in from the right.
  local dx = self.targetEdge == "left" and -1 or 1

  fromView.frame = fromFrame
  toView.frame = toFrame:offsetBy(toFrame.width * dx * -1, 0)
  -- The tab bar controller does not add the incoming view: the animator does.
  containerView:addSubview(toView)

  UIView.animate(self:transitionDuration(transitionContext), function()
    fromView.frame = fromFrame:offsetBy(fromFrame.width * dx, 0)
    toView.frame = toFrame
  end, function(finished)
    -- Interactive: the interaction controller may have cancelled; report what happened.
    transitionContext:completeTransition(not transitionContext.transitionWasCancelled)
  end)
end

---------------------------------------------------------------------------------------------
-- AAPLSlideTransitionInteractionController
local SlideTransitionInteractionController =
  UIPercentDrivenInteractiveTransition:subclass("AAPLSlideTransitionInteractionController")

-- initWithGestureRecognizer:, as SlideTransitionInteractionController.new(recognizer): the
-- controller follows the pan as one more of its targets.
function SlideTransitionInteractionController:init(gestureRecognizer)
  self.gestureRecognizer = gestureRecognizer
  gestureRecognizer:addTarget(self, "gestureRecognizeDidUpdate")
end

function SlideTransitionInteractionController:removeTarget()
  self.gestureRecognizer:removeTarget(self, "gestureRecognizeDidUpdate")
end

function SlideTransitionInteractionController:startInteractiveTransition(transitionContext)
  -- Remember where the finger was when the transition began: a later translation on the
  -- other side of it means the user reversed direction.
  self.transitionContext = transitionContext
  self.initialTranslationInContainerView = self.gestureRecognizer:translation(transitionContext.containerView)
  SlideTransitionInteractionController.super.startInteractiveTransition(self, transitionContext)
end

-- The fraction of the container's width the finger has moved, or -1 once it has crossed back
-- over its starting point (the switch then goes the wrong way and must be cancelled).
function SlideTransitionInteractionController:percentForGesture(gesture)
  local container = self.transitionContext.containerView
  local translation = gesture:translation(container)
  local initial = self.initialTranslationInContainerView
  if (translation.x > 0 and initial.x < 0) or (translation.x < 0 and initial.x > 0) then
    return -1
  end
  return math.abs(translation.x) / container.bounds.width
end

function SlideTransitionInteractionController:gestureRecognizeDidUpdate(gestureRecognizer)
  local state = gestureRecognizer.state
  -- On began the delegate begins the transition; nothing to do yet.
  if state == "began" then return end
  if state == "changed" then
    local percent = self:percentForGesture(gestureRecognizer)
    if percent < 0 then
      -- Reversed: cancel; the delegate's coordinator completion starts the other switch.
      self:cancelInteractiveTransition()
      self:removeTarget()
    else
      self:updateInteractiveTransition(percent)
    end
  elseif state == "ended" then
    local percent = self:percentForGesture(gestureRecognizer)
    transit.log("slide: percent", string.format("%.2f", percent), percent >= FINISH_THRESHOLD and "finish" or "cancel")
    if percent >= FINISH_THRESHOLD then self:finishInteractiveTransition() else self:cancelInteractiveTransition() end
    self:removeTarget()
  else
    self:cancelInteractiveTransition()
    self:removeTarget()
  end
end

---------------------------------------------------------------------------------------------
-- AAPLSlideTransitionDelegate: the tab bar controller's delegate, owner of the pan recognizer.
local SlideTransitionDelegate = NSObject:subclass("AAPLSlideTransitionDelegate")

-- Apple's storyboard connects the delegate's tabBarController outlet, and the setter installs
-- the delegate and the pan recognizer; Transit's scenes call this setter when the effect has it.
-- Nothing in this file calls it, so the annotation gives its parameter the outlet's type (LuaLS
-- checks the calls against it, and `transit export --swift` declares it so).
---@param tabBarController UITabBarController
function SlideTransitionDelegate:setTabBarController(tabBarController)
  if self.tabBarController == tabBarController then return end
  self.tabBarController = tabBarController
  tabBarController.delegate = self
  -- The interaction controller adds itself as a second target while this one runs; a
  -- recognizer calls the targets it had when its state changed, so it follows from the next.
  local recognizer = UIPanGestureRecognizer.new(self, "panGestureRecognizerDidPan")
  self.panGestureRecognizer = recognizer
  tabBarController.view:addGestureRecognizer(recognizer)
end

function SlideTransitionDelegate:panGestureRecognizerDidPan(sender)
  -- Do not begin an interactive transition while one is running.
  if self.tabBarController.transitionCoordinator then return end
  if sender.state == "began" or sender.state == "changed" then
    self:beginInteractiveTransitionIfPossible(sender)
  end
end

function SlideTransitionDelegate:beginInteractiveTransitionIfPossible(sender)
  local tabs = self.tabBarController
  local translation = sender:translation(tabs.view)
  if translation.x > 0 and tabs.selectedIndex > 1 then
    tabs.selectedIndex = tabs.selectedIndex - 1     -- panning right: the tab on the left
  elseif translation.x < 0 and tabs.selectedIndex < #tabs.viewControllers then
    tabs.selectedIndex = tabs.selectedIndex + 1     -- panning left: the tab on the right
  else
    -- No tab that way (or no direction yet): nothing to switch to. Apple makes the recognizer
    -- fail by disabling and re-enabling it when the finger has moved.
    if translation.x ~= 0 then
      sender.isEnabled = false
      sender.isEnabled = true
    end
    return
  end
  -- If the user reverses direction, the interaction controller cancels; when that cancelled
  -- switch has ended and the finger is still down, switch the other way.
  tabs.transitionCoordinator:animateAlongsideTransition(nil, function(context)
    if context.isCancelled and sender.state == "changed" then
      self:beginInteractiveTransitionIfPossible(sender)
    end
  end)
end

function SlideTransitionDelegate:animationControllerForTransitionFrom(tabBarController, fromVC, toVC)
  local viewControllers = tabBarController.viewControllers
  local fromIndex, toIndex
  for i, vc in ipairs(viewControllers) do
    if vc == fromVC then fromIndex = i end
    if vc == toVC then toIndex = i end
  end
  -- A later tab slides in from the right (the views move towards the left edge).
  return SlideTransitionAnimator.new(toIndex > fromIndex and "left" or "right")
end

function SlideTransitionDelegate:interactionControllerFor(tabBarController, animationController)
  -- Only while the pan drives the switch: an interaction controller for a switch made by a tap
  -- or by selectedIndex would leave it waiting for a finger that is not there.
  local recognizer = self.panGestureRecognizer
  if recognizer and (recognizer.state == "began" or recognizer.state == "changed") then
    return SlideTransitionInteractionController.new(recognizer)
  end
  return nil
end

local delegate = SlideTransitionDelegate.new()
delegate.interactiveTabSwitch = { pan = "left" }  -- how scenes drive it
return delegate
