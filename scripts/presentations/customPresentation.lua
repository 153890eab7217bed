-- Apple's "Custom Presentation" demo from the CustomTransitions sample
-- (AAPLCustomPresentationController.m, AAPLCustomPresentationSecondViewController.m;
-- docs/sources.md §1.2): a UIPresentationController that is also its own animator. Numbers are
-- Apple's: CORNER_RADIUS 16 (top corners only: the rounded view is 16 pt taller than the
-- wrapper), wrapper shadow opacity 0.44, radius 13, offset (0, -6); a black dimming view faded
-- 0 → 0.5 alongside the presentation and → 0 alongside the dismissal, a tap on it dismisses;
-- the presented frame is full width × preferredContentSize.height (420, 270 in compact
-- height), bottom-aligned; duration 0.35 s (0 when not animated), easeInOut.
-- Shows: a UIPresentationController that wraps the presented view (presentedView), dims with
-- the transition coordinator, sizes from preferredContentSize and animates as its own animator.
--
-- | parameter      | value       | meaning (Apple's numbers)                                    |
-- |----------------|-------------|--------------------------------------------------------------|
-- | CORNER_RADIUS  | 16          | top corners of the presented view                            |
-- | shadow         | 0.44, 13, (0, −6) | the wrapper's opacity, radius and offset               |
-- | dimming        | black, 0 → 0.5 | faded alongside; a tap on it dismisses                    |
-- | height         | 420 (270)   | preferredContentSize.height (in compact height)              |
-- | duration       | 0.35 s      | easeInOut, 0 when not animated                               |
-- Run:  transit run scripts/presentations/customPresentation.lua
--       transit render scripts/presentations/customPresentation.lua -o /tmp/x.png

local CORNER_RADIUS = 16.0

local CustomPresentationController = UIPresentationController:subclass("AAPLCustomPresentationController")

function CustomPresentationController:init(presentedViewController, presentingViewController)
  -- The presented view controller must have a modalPresentationStyle of
  -- UIModalPresentationCustom for a custom presentation controller to be used.
  presentedViewController.modalPresentationStyle = "custom"
  -- Stands in for AAPLCustomPresentationSecondViewController's
  -- -updatePreferredContentSizeWithTraitCollection: (420, or 270 in compact height).
  if presentedViewController.preferredContentSize.height == 0 then
    local bounds = UIScreen.main.bounds
    local compactHeight = transit.device.userInterfaceIdiom == "phone" and bounds.width > bounds.height
    presentedViewController.preferredContentSize = CGSize(bounds.width, compactHeight and 270 or 420)
  end
end

function CustomPresentationController:presentedView()
  -- Return the wrapping view created in -presentationTransitionWillBegin.
  return self.presentationWrappingView
end

function CustomPresentationController:presentationTransitionWillBegin()
  -- The default implementation of -presentedView returns self.presentedViewController.view.
  local presentedViewControllerView = UIPresentationController.presentedView(self)

  -- Wrap the presented view controller's view in an intermediate hierarchy that applies a
  -- shadow and rounded corners to the top-left and top-right edges. The final effect is
  -- built using three intermediate views.
  --
  -- presentationWrapperView              <- shadow
  --   |- presentationRoundedCornerView   <- rounded corners (masksToBounds)
  --        |- presentedViewControllerWrapperView
  --             |- presentedViewControllerView (presentedViewController.view)
  do
    local presentationWrapperView = UIView.new{ frame = self:frameOfPresentedViewInContainerView(),
      name = "presentationWrapperView" }
    presentationWrapperView.layer.shadowOpacity = 0.44
    presentationWrapperView.layer.shadowRadius = 13.0
    presentationWrapperView.layer.shadowOffset = CGSize(0, -6.0)
    self.presentationWrappingView = presentationWrapperView

    -- presentationRoundedCornerView is CORNER_RADIUS points taller than the height of the
    -- presented view controller's view. This is because the cornerRadius is applied to all
    -- corners of the view. Since the effect calls for only the top two corners to be rounded
    -- we size the view such that the bottom CORNER_RADIUS points lie below the bottom edge of
    -- the screen.
    local wrapperBounds = presentationWrapperView.bounds
    local presentationRoundedCornerView = UIView.new{ name = "presentationRoundedCornerView",
      frame = CGRect(0, 0, wrapperBounds.width, wrapperBounds.height + CORNER_RADIUS) }
    presentationRoundedCornerView.autoresizingMask = { "flexibleWidth", "flexibleHeight" }
    presentationRoundedCornerView.layer.cornerRadius = CORNER_RADIUS
    presentationRoundedCornerView.layer.masksToBounds = true

    -- To undo the extra height added to presentationRoundedCornerView,
    -- presentedViewControllerWrapperView is inset by CORNER_RADIUS points. This also matches
    -- the size of presentedViewControllerWrapperView's bounds to the size of
    -- -frameOfPresentedViewInContainerView.
    local roundedBounds = presentationRoundedCornerView.bounds
    local presentedViewControllerWrapperView = UIView.new{ name = "presentedViewControllerWrapperView",
      frame = CGRect(0, 0, roundedBounds.width, roundedBounds.height - CORNER_RADIUS) }
    presentedViewControllerWrapperView.autoresizingMask = { "flexibleWidth", "flexibleHeight" }

    -- Add presentedViewControllerView -> presentedViewControllerWrapperView.
    presentedViewControllerView.autoresizingMask = { "flexibleWidth", "flexibleHeight" }
    presentedViewControllerView.frame = presentedViewControllerWrapperView.bounds
    presentedViewControllerWrapperView:addSubview(presentedViewControllerView)

    -- Add presentedViewControllerWrapperView -> presentationRoundedCornerView.
    presentationRoundedCornerView:addSubview(presentedViewControllerWrapperView)

    -- Add presentationRoundedCornerView -> presentationWrapperView.
    presentationWrapperView:addSubview(presentationRoundedCornerView)
  end

  -- Add a dimming view behind presentationWrapperView. self.presentedView is added later (by
  -- the animator) so any views added here will be appear behind the -presentedView.
  do
    local dimmingView = UIView.new{ frame = self.containerView.bounds, name = "dimmingView" }
    dimmingView.backgroundColor = UIColor.black
    dimmingView.autoresizingMask = { "flexibleWidth", "flexibleHeight" }
    dimmingView:addGestureRecognizer(UITapGestureRecognizer.new(function(sender) self:dimmingViewTapped(sender) end))
    self.dimmingView = dimmingView
    self.containerView:addSubview(dimmingView)

    -- Get the transition coordinator for the presentation so we can fade in the dimmingView
    -- alongside the presentation animation.
    local transitionCoordinator = self.presentingViewController.transitionCoordinator

    self.dimmingView.alpha = 0.0
    transitionCoordinator:animateAlongsideTransition(function(context)
      self.dimmingView.alpha = 0.5
    end, nil)
  end
end

function CustomPresentationController:presentationTransitionDidEnd(completed)
  -- The value of the 'completed' argument is the same value passed to the
  -- -completeTransition: method by the animator. It may be NO in the case of a cancelled
  -- interactive transition.
  if completed == false then
    -- The system removes the presented view controller's view from its superview and
    -- disposes of the containerView. This implicitly removes the views created in
    -- -presentationTransitionWillBegin: from the view hierarchy. However, we still need to
    -- relinquish our strong references to those view.
    self.presentationWrappingView = nil
    self.dimmingView = nil
  end
end

function CustomPresentationController:dismissalTransitionWillBegin()
  -- Get the transition coordinator for the dismissal so we can fade out the dimmingView
  -- alongside the dismissal animation.
  local transitionCoordinator = self.presentingViewController.transitionCoordinator

  transitionCoordinator:animateAlongsideTransition(function(context)
    self.dimmingView.alpha = 0.0
  end, nil)
end

function CustomPresentationController:dismissalTransitionDidEnd(completed)
  -- The value of the 'completed' argument is the same value passed to the
  -- -completeTransition: method by the animator. It may be NO in the case of a cancelled
  -- interactive transition.
  if completed == true then
    -- The system removes the presented view controller's view from its superview and
    -- disposes of the containerView. This implicitly removes the views created in
    -- -presentationTransitionWillBegin: from the view hierarchy. However, we still need to
    -- relinquish our strong references to those view.
    self.presentationWrappingView = nil
    self.dimmingView = nil
  end
end

-- Layout

function CustomPresentationController:preferredContentSizeDidChange(container)
  -- [super preferredContentSizeDidChangeForChildContentContainer:container] does nothing.
  if container == self.presentedViewController then
    if self.containerView then self.containerView:setNeedsLayout() end
  end
end

function CustomPresentationController:sizeForChildContentContainer(container, parentSize)
  if container == self.presentedViewController then
    return container.preferredContentSize
  else
    return UIPresentationController.sizeForChildContentContainer(self, container, parentSize)
  end
end

function CustomPresentationController:frameOfPresentedViewInContainerView()
  local containerViewBounds = self.containerView.bounds
  local presentedViewContentSize = self:sizeForChildContentContainer(self.presentedViewController,
    containerViewBounds.size)

  -- The presented view extends presentedViewContentSize.height points from the bottom edge of
  -- the screen.
  return CGRect(containerViewBounds.x, containerViewBounds.maxY - presentedViewContentSize.height,
    containerViewBounds.width, presentedViewContentSize.height)
end

function CustomPresentationController:containerViewWillLayoutSubviews()
  UIPresentationController.containerViewWillLayoutSubviews(self)

  if self.dimmingView then self.dimmingView.frame = self.containerView.bounds end
  if self.presentationWrappingView then
    self.presentationWrappingView.frame = self:frameOfPresentedViewInContainerView()
  end
end

-- Tap Gesture Recognizer

function CustomPresentationController:dimmingViewTapped(sender)
  self.presentingViewController:dismiss(true, nil)
end

-- UIViewControllerAnimatedTransitioning

function CustomPresentationController:transitionDuration(transitionContext)
  return transitionContext.isAnimated and 0.35 or 0
end

function CustomPresentationController:animateTransition(transitionContext)
  local fromViewController = transitionContext:viewController("from")
  local toViewController = transitionContext:viewController("to")

  local containerView = transitionContext.containerView

  -- For a Presentation:
  --      fromView = The presenting view.
  --      toView   = The presented view.
  -- For a Dismissal:
  --      fromView = The presented view.
  --      toView   = The presenting view.
  local toView = transitionContext:view("to")
  -- If NO is returned from -shouldRemovePresentersView, the view associated with
  -- UITransitionContextFromViewKey is nil during presentation. This intended to be a hint
  -- that your animator should NOT be manipulating the presenting view controller's view. For
  -- a dismissal, the -presentedView is returned.
  local fromView = transitionContext:view("from")

  local isPresenting = (fromViewController == self.presentingViewController)

  -- (Apple's sample also reads both initial frames here and uses neither: fromViewController's
  -- is the current frame of its view, toViewController's is CGRectZero.)
  -- For a presentation which removes the presenter's view, this will be CGRectZero.
  -- Otherwise, the current frame of fromViewController.view.
  local fromViewFinalFrame = transitionContext:finalFrame(fromViewController)
  -- For a presentation, this will be the value returned from the presentation controller's
  -- -frameOfPresentedViewInContainerView method.
  local toViewFinalFrame = transitionContext:finalFrame(toViewController)

  -- We are responsible for adding the incoming view to the containerView for the
  -- presentation (will have no effect on dismissal because the presenting view controller's
  -- view was not removed). (In Lua a message to nil is an error, hence the check.)
  if toView then containerView:addSubview(toView) end

  if isPresenting then
    local toViewInitialFrame = CGRect(containerView.bounds.minX, containerView.bounds.maxY,
      toViewFinalFrame.width, toViewFinalFrame.height)
    toView.frame = toViewInitialFrame
  else
    -- Because our presentation wraps the presented view controller's view in an intermediate
    -- view hierarchy, it is more accurate to rely on the current frame of fromView than
    -- fromViewController's initial frame as the initial frame (though in this example they will be the
    -- same).
    fromViewFinalFrame = fromView.frame:offsetBy(0, fromView.frame.height)
  end

  local transitionDuration = self:transitionDuration(transitionContext)

  UIView.animate(transitionDuration, function()
    if isPresenting then
      toView.frame = toViewFinalFrame
    else
      fromView.frame = fromViewFinalFrame
    end
  end, function(finished)
    -- When we complete, tell the transition context passing along the BOOL that indicates
    -- whether the transition finished or not.
    local wasCancelled = transitionContext.transitionWasCancelled
    transitionContext:completeTransition(not wasCancelled)
  end)
end

-- UIViewControllerTransitioningDelegate: an instance is its own delegate when used directly
-- (scripts/system/effect.lua makes one per presentation when this file is run as an effect).

function CustomPresentationController:presentationControllerForPresented(presented, presenting, source)
  assert(self.presentedViewController == presented, "You didn't initialize " .. tostring(self) ..
    " with the correct presentedViewController.")
  return self
end

function CustomPresentationController:animationControllerForPresented(presented, presenting, source)
  return self
end

function CustomPresentationController:animationControllerForDismissed(dismissed)
  return self
end

return CustomPresentationController
