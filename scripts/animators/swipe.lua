-- Apple's "Swipe" demo from the CustomTransitions sample (AAPLSwipeTransitionAnimator.m,
-- AAPLSwipeTransitionDelegate.m, AAPLSwipeTransitionInteractionController.m,
-- AAPLSwipeSecondViewController.m; docs/sources.md §1.2): duration 0.35 s, easeInOut; the presented
-- view slides in from targetEdge (Right) and out towards it on dismissal (targetEdge Left);
-- a left screen-edge pan on the presented view dismisses interactively: percent = the
-- finger's distance from the edge / container width, finish at ≥ 0.5, cancel otherwise or on
-- any other state; the animator removes toView itself when cancelled (UIKit does not on a
-- cancelled dismissal). Presented fullScreen, as the demo's segues do.
-- Run:  transit run scripts/animators/swipe.lua   (present, dismiss, then edge pans 10 % / 90 %)

---------------------------------------------------------------------------------------------
-- AAPLSwipeTransitionAnimator
local SwipeTransitionAnimator = NSObject:subclass("AAPLSwipeTransitionAnimator")

function SwipeTransitionAnimator:init(targetEdge)
  self.targetEdge = targetEdge
end

function SwipeTransitionAnimator:transitionDuration(transitionContext)
  return 0.35
end

function SwipeTransitionAnimator:animateTransition(transitionContext)
  local fromViewController = transitionContext:viewController("from")
  local toViewController = transitionContext:viewController("to")
  local containerView = transitionContext.containerView
  local fromView = transitionContext:view("from")
  local toView = transitionContext:view("to")

  -- If this is a presentation, toViewController corresponds to the presented view controller
  -- and its presentingViewController will be fromViewController.
  local isPresenting = (toViewController.presentingViewController == fromViewController)

  local fromFrame = transitionContext:initialFrame(fromViewController)
  local toFrame = transitionContext:finalFrame(toViewController)

  -- Based on our configured targetEdge, derive a normalized vector that will be used to
  -- offset the frame of the view controllers.
  local offset
  if self.targetEdge == "top" then offset = CGVector(0, 1)
  elseif self.targetEdge == "bottom" then offset = CGVector(0, -1)
  elseif self.targetEdge == "left" then offset = CGVector(1, 0)
  elseif self.targetEdge == "right" then offset = CGVector(-1, 0)
  else error("targetEdge must be one of top, bottom, left, or right.") end

  if isPresenting then
    -- For a presentation, the toView starts off-screen and slides in.
    fromView.frame = fromFrame
    toView.frame = toFrame:offsetBy(toFrame.width * offset.dx * -1, toFrame.height * offset.dy * -1)
  else
    fromView.frame = fromFrame
    toView.frame = toFrame
  end

  -- We are responsible for adding the incoming view to the containerView for the presentation.
  if isPresenting then
    containerView:addSubview(toView)
  else
    -- -addSubview places its argument at the front of the subview stack. For a dismissal
    -- animation we want the fromView to slide away, revealing the toView. Thus we must place
    -- toView under the fromView.
    containerView:insertSubviewBelow(toView, fromView)
  end

  local transitionDuration = self:transitionDuration(transitionContext)

  UIView.animate(transitionDuration, function()
    if isPresenting then
      toView.frame = toFrame
    else
      -- For a dismissal, the fromView slides off the screen.
      fromView.frame = fromFrame:offsetBy(fromFrame.width * offset.dx, fromFrame.height * offset.dy)
    end
  end, function(finished)
    local wasCancelled = transitionContext.transitionWasCancelled
    -- Due to a current limitation with UIKit, the system does not remove toView when we invoke
    -- -completeTransition: with a value of NO if this is a dismissal transition.
    if wasCancelled then toView:removeFromSuperview() end
    -- When we complete, tell the transition context passing along the BOOL that indicates
    -- whether the transition finished or not.
    transitionContext:completeTransition(not wasCancelled)
  end)
end

-- The recognizer installed on each presented controller, keyed by controller (a built-in
-- object keeps no fields of its own).
local dismissRecognizerOf = {}

---------------------------------------------------------------------------------------------
-- AAPLSwipeTransitionInteractionController
local SwipeTransitionInteractionController =
  UIPercentDrivenInteractiveTransition:subclass("AAPLSwipeTransitionInteractionController")

-- initWithGestureRecognizer:edgeForDragging:, as SwipeTransitionInteractionController.new(recognizer, edge).
function SwipeTransitionInteractionController:init(gestureRecognizer, edge)
  assert(edge == "top" or edge == "bottom" or edge == "left" or edge == "right",
    "edgeForDragging must be one of top, bottom, left, or right.")
  self.gestureRecognizer = gestureRecognizer
  self.edge = edge
  -- Add self as an observer of the gesture recognizer so that this object receives updates
  -- as the user moves their finger.
  gestureRecognizer:addTarget(self, "gestureRecognizeDidUpdate")
end

function SwipeTransitionInteractionController:startInteractiveTransition(transitionContext)
  -- Save the transitionContext for later.
  self.transitionContext = transitionContext
  SwipeTransitionInteractionController.super.startInteractiveTransition(self, transitionContext)
end

function SwipeTransitionInteractionController:percentForGesture(gesture)
  -- Because view controllers will be sliding on and off screen as part of the animation, we
  -- want to base our calculations in the coordinate space of the view that will not be
  -- moving: the containerView of the transition context.
  local transitionContainerView = self.transitionContext.containerView
  local locationInSourceView = gesture:location(transitionContainerView)
  -- Figure out what percentage we've gone.
  local width = transitionContainerView.bounds.width
  local height = transitionContainerView.bounds.height
  -- Return an appropriate percentage based on which edge we're dragging from.
  if self.edge == "right" then return (width - locationInSourceView.x) / width
  elseif self.edge == "left" then return locationInSourceView.x / width
  elseif self.edge == "bottom" then return (height - locationInSourceView.y) / height
  elseif self.edge == "top" then return locationInSourceView.y / height
  else return 0 end
end

function SwipeTransitionInteractionController:gestureRecognizeDidUpdate(gestureRecognizer)
  local state = gestureRecognizer.state
  -- The Began state is handled by the view controllers. In response to the gesture
  -- recognizer transitioning to this state, they will trigger the presentation or dismissal.
  if state == "began" then return end
  if state == "changed" then
    -- We have been dragging! Update the transition context accordingly.
    self:updateInteractiveTransition(self:percentForGesture(gestureRecognizer))
  elseif state == "ended" then
    -- Dragging has finished. Complete or cancel, depending on how far we've dragged.
    local percent = self:percentForGesture(gestureRecognizer)
    transit.log("swipe: percent", string.format("%.2f", percent), percent >= 0.5 and "finish" or "cancel")
    if percent >= 0.5 then self:finishInteractiveTransition() else self:cancelInteractiveTransition() end
    self:removeTarget()
  else
    -- Something happened. cancel the transition.
    self:cancelInteractiveTransition()
    self:removeTarget()
  end
end

-- - dealloc: [self.gestureRecognizer removeTarget:self action:...] (a Lua object has no
-- dealloc, so it stops observing once the transition is decided).
function SwipeTransitionInteractionController:removeTarget()
  self.gestureRecognizer:removeTarget(self, "gestureRecognizeDidUpdate")
end

---------------------------------------------------------------------------------------------
-- AAPLSwipeTransitionDelegate
local SwipeTransitionDelegate = NSObject:subclass("AAPLSwipeTransitionDelegate")

function SwipeTransitionDelegate:animationControllerForPresented(presented, presenting, source)
  -- AAPLSwipeFirstViewController's prepareForSegue: a button presents, from the right.
  self.gestureRecognizer = nil
  self.targetEdge = "right"
  self:installDismissalGesture(presented)
  return SwipeTransitionAnimator.new(self.targetEdge)
end

function SwipeTransitionDelegate:interactionControllerForPresentation(animator)
  -- You must not return an interactive transition controller from this method unless the
  -- transition will be interactive.
  if self.gestureRecognizer then
    return SwipeTransitionInteractionController.new(self.gestureRecognizer, self.targetEdge)
  end
  return nil
end

function SwipeTransitionDelegate:animationControllerForDismissed(dismissed)
  -- AAPLSwipeSecondViewController's prepareForSegue sets Left for every unwind (button or
  -- gesture); a scene's plain dismiss stands for the button.
  self.targetEdge = "left"
  return SwipeTransitionAnimator.new(self.targetEdge)
end

function SwipeTransitionDelegate:interactionControllerForDismissal(animator)
  if self.gestureRecognizer then
    local controller = SwipeTransitionInteractionController.new(self.gestureRecognizer, self.targetEdge)
    -- Not in Apple's delegate: forget the recognizer once used, so a later plain dismiss is
    -- not interactive (Apple's prepareForSegue resets it for every unwind instead).
    self.gestureRecognizer = nil
    return controller
  end
  return nil
end

-- AAPLSwipeSecondViewController: a left screen-edge pan recognizer on its view; its action
-- unwinds (dismisses) on Began, after prepareForSegue has told the delegate about the
-- gesture and set targetEdge to Left. A plain dismiss is not interactive.
function SwipeTransitionDelegate:installDismissalGesture(secondViewController)
  if dismissRecognizerOf[secondViewController] then return end
  local recognizer = UIScreenEdgePanGestureRecognizer.new(function(sender)  -- interactiveTransitionRecognizerAction:
    if sender.state == "began" then
      self.gestureRecognizer = sender
      self.targetEdge = "left"
      secondViewController:dismiss(true, nil)
    end
  end)
  recognizer.edges = "left"
  secondViewController.view:addGestureRecognizer(recognizer)
  dismissRecognizerOf[secondViewController] = recognizer
end

local delegate = SwipeTransitionDelegate.new()
delegate.modalPresentationStyle = "fullScreen"
delegate.interactiveDismissal = { edge = "left" }
return delegate
