-- A side menu that slides in from the left over half the screen, pushing the screen behind it
-- aside, and that the user drags back to the left to close, in the spirit of Jelly's
-- SlidePresentation (SebastianBoldt/Jelly: SlideAnimator.swift, PresentationController.swift,
-- InteractionController.swift, Duration.swift, SlidePresentation.swift,
-- PresentationUIConfiguration.swift): half the container's width, full height, 0.5 s ("medium")
-- linear, the presenting view moving by the menu's width (parallax 1.0), a dimmed(alpha: 0.5)
-- background; a pan on the menu dismisses interactively, finishing past half way.
-- Shows: an animator built on UIViewPropertyAnimator that returns the same animator from
-- interruptibleAnimator (what UIPercentDrivenInteractiveTransition scrubs), a percent-driven
-- dismissal from a pan, moving the presenting controller's view in a custom presentation.
-- Jelly can blur the background instead (.blurred, a UIVisualEffectView); Transit has none
-- yet: this dims. The dimming view is placed with Auto Layout, as Jelly's is (pinned to the
-- container's edges); the menu's frame comes from frameOfPresentedViewInContainerView and the
-- animator, as in Jelly.
--
-- | parameter            | value        | meaning (Jelly's defaults)                              |
-- |----------------------|--------------|---------------------------------------------------------|
-- | WIDTH                | ½ container  | Size.halfscreen along the slide direction               |
-- | DURATION             | 0.5 s        | Duration.medium, curve .linear                          |
-- | PARALLAX             | 1.0          | SlidePresentation.parallax: the presenter moves 100 %   |
-- | DIM_ALPHA            | 0.5          | BackgroundStyle.dimmed(alpha: 0.5); Jelly also fades the |
-- |                      |              | view's alpha to 0.5, so the screen darkens by 0.25      |
-- | COMPLETION_THRESHOLD | 0.5          | InteractionConfiguration.completionThreshold            |
-- | interactiveDismissal | { pan = "left" } | how scenes drive it                                 |
--
-- Run:    transit run scripts/presentations/sideMenu.lua
--         (present, dismiss, then drags of 10 % (cancels) and 90 % (finishes))

local DURATION = 0.5
local PARALLAX = 1.0
local DIM_ALPHA = 0.5
local COMPLETION_THRESHOLD = 0.5

---------------------------------------------------------------------------------------------
-- The presentation controller: frame and dimming.
local MenuPresentationController = UIPresentationController:subclass("MenuPresentationController")

function MenuPresentationController:frameOfPresentedViewInContainerView()
  local bounds = self.containerView.bounds
  return CGRect(bounds.x, bounds.y, bounds.width / 2, bounds.height)
end

function MenuPresentationController:presentationTransitionWillBegin()
  -- Jelly's dimming view: black at DIM_ALPHA, and its alpha animated from 0 to DIM_ALPHA too;
  -- pinned to the container's four edges with constraints, as Jelly's setupDimmingView does,
  -- so it follows the container (rotation) without a layout hook of ours.
  local container = self.containerView
  local dimming = UIView.new{ name = "dimmingView", backgroundColor = UIColor.black:withAlphaComponent(DIM_ALPHA) }
  dimming.translatesAutoresizingMaskIntoConstraints = false
  dimming.alpha = 0
  dimming:addGestureRecognizer(UITapGestureRecognizer.new(function()
    self.presentedViewController:dismiss(true, nil)
  end))
  container:insertSubview(dimming, 1)  -- at the back, as Jelly's insertSubview(at: 0)
  NSLayoutConstraint.activate{
    dimming.leftAnchor:constraint{equalTo = container.leftAnchor},
    dimming.rightAnchor:constraint{equalTo = container.rightAnchor},
    dimming.topAnchor:constraint{equalTo = container.topAnchor},
    dimming.bottomAnchor:constraint{equalTo = container.bottomAnchor},
  }
  self.dimmingView = dimming
  self.presentedViewController.transitionCoordinator:animateAlongsideTransition(function(context)
    dimming.alpha = DIM_ALPHA
  end, nil)
end

function MenuPresentationController:presentationTransitionDidEnd(completed)
  if not completed then self.dimmingView = nil end
end

function MenuPresentationController:dismissalTransitionWillBegin()
  local dimming = self.dimmingView
  self.presentedViewController.transitionCoordinator:animateAlongsideTransition(function(context)
    dimming.alpha = 0
  end, nil)
end

function MenuPresentationController:dismissalTransitionDidEnd(completed)
  if completed then self.dimmingView = nil end
end

---------------------------------------------------------------------------------------------
-- The animator: one UIViewPropertyAnimator per transition, created once and returned from
-- both animateTransition and interruptibleAnimator (UIKit requires the same object).
local SlideAnimator = NSObject:subclass("SlideAnimator")

function SlideAnimator:init(isPresentation)
  self.isPresentation = isPresentation
end

function SlideAnimator:transitionDuration(ctx)
  return DURATION
end

function SlideAnimator:animateTransition(ctx)
  self:interruptibleAnimator(ctx):startAnimation()
end

function SlideAnimator:interruptibleAnimator(ctx)
  if self.propertyAnimator then return self.propertyAnimator end
  local presentedKey = self.isPresentation and "to" or "from"
  local underlyingKey = self.isPresentation and "from" or "to"
  local presented = ctx:viewController(presentedKey)
  -- The presenting view is not in the container for a custom presentation (ctx:view is nil
  -- for it), but its controller's view may still be moved: Jelly slides it along.
  local underlying = ctx:viewController(underlyingKey)
  local container = ctx.containerView
  if self.isPresentation then container:addSubview(presented.view) end

  -- Where the menu is when shown: its final frame when presenting, its initial one when not.
  local shownFrame = self.isPresentation and ctx:finalFrame(presented) or ctx:initialFrame(presented)
  local hiddenFrame = CGRect(-shownFrame.width, shownFrame.y, shownFrame.width, shownFrame.height)
  local restingUnderlying = container.frame
  local pushedUnderlying = restingUnderlying:offsetBy(shownFrame.width * PARALLAX, 0)

  presented.view.frame = self.isPresentation and hiddenFrame or shownFrame
  underlying.view.frame = self.isPresentation and restingUnderlying or pushedUnderlying

  local animator = UIViewPropertyAnimator.new{ duration = self:transitionDuration(ctx), curve = "linear" }
  animator:addAnimations(function()
    presented.view.frame = self.isPresentation and shownFrame or hiddenFrame
    underlying.view.frame = self.isPresentation and pushedUnderlying or restingUnderlying
  end)
  animator:addCompletion(function(position)
    ctx:completeTransition(not ctx.transitionWasCancelled)
  end)
  self.propertyAnimator = animator
  return animator
end

---------------------------------------------------------------------------------------------
-- The interaction controller: a pan on the menu ("canvas" drag mode) drives the dismissal.
local MenuInteractionController = UIPercentDrivenInteractiveTransition:subclass("MenuInteractionController")

function MenuInteractionController.attach(menu)
  local self = MenuInteractionController.new()
  self.menu = menu
  self.interactionInProgress = false
  menu.view:addGestureRecognizer(UIPanGestureRecognizer.new(function(g) self:handlePan(g) end))
  return self
end

function MenuInteractionController:handlePan(recognizer)
  local translation = recognizer:translation(self.menu.view.superview)
  -- Only leftwards counts, as a fraction of the menu's width, clamped to 0...1.
  local progress = math.min(math.max(-math.min(0, translation.x) / self.menu.view.frame.width, 0), 1)
  local state = recognizer.state
  if state == "began" then
    self.interactionInProgress = true
    self.menu:dismiss(true, nil)
  elseif state == "changed" then
    self.shouldComplete = progress > COMPLETION_THRESHOLD
    self:update(progress)
  elseif state == "ended" then
    self.interactionInProgress = false
    if self.shouldComplete then self:finish() else self:cancel() end
  elseif state == "cancelled" then
    self.interactionInProgress = false
    self:cancel()
  end
end

---------------------------------------------------------------------------------------------
-- The transitioning delegate (Jelly's Animator).
local SideMenuTransitioningDelegate = NSObject:subclass("SideMenuTransitioningDelegate")

function SideMenuTransitioningDelegate:presentationControllerForPresented(presented, presenting, source)
  return MenuPresentationController.new(presented, presenting)
end

function SideMenuTransitioningDelegate:animationControllerForPresented(presented, presenting, source)
  self.interaction = MenuInteractionController.attach(presented)
  return SlideAnimator.new(true)
end

function SideMenuTransitioningDelegate:animationControllerForDismissed(dismissed)
  return SlideAnimator.new(false)
end

function SideMenuTransitioningDelegate:interactionControllerForDismissal(animator)
  -- Only while a finger drives it; a plain dismiss (a tap on the dimming) is not interactive.
  if self.interaction and self.interaction.interactionInProgress then return self.interaction end
  return nil
end

local delegate = SideMenuTransitioningDelegate.new()
delegate.modalPresentationStyle = "custom"
delegate.interactiveDismissal = { pan = "left" }
return delegate
