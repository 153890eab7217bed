-- Card stack: the iOS 13 sheet look on any system. The new screen rises as a card with rounded
-- top corners that stops just below the status bar, while the screen under it shrinks back,
-- rounds its corners and darkens, so the two look stacked.
-- Numbers from SPStorkController (ivanvorobei/SPStorkController,
-- SPStorkPresentationController.swift and its presenting/dismissing animation controllers):
-- a 0.6 s spring without overshoot, corner radius 10, the card 13 pt below the status bar,
-- the presenter scaled by 1 - 2 × topSpace / height and moved up to topSpace, dimmed by black
-- at 0.51.
-- UIKit feature: a transitioning delegate that supplies both halves of a custom presentation:
--   * a small UIPresentationController subclass: the card's frame
--     (`frameOfPresentedViewInContainerView`, which is what `ctx:finalFrame` then returns) and
--     its chrome, a dimming view faded alongside the transition through the coordinator and
--     pinned to the container's edges with constraints, as SPStork pins its background and
--     grade views (constraints(view:to:));
--   * an animator for the card and the presenter. The presenter's view stays on screen
--     (custom style, `shouldRemovePresentersView` false), so `ctx:view("from")` is nil while
--     presenting: the animator reaches it through the view controller and, because the view
--     is the app's, puts its transform and corners back on dismissal.
-- No safe-area insets in Transit: the status bar height is taken as 54 pt on phones with a
-- notch (taller than 800 pt) and 20 pt elsewhere; SPStorkController uses 30 when it is
-- under 25.
-- Parameters:
--   duration      seconds (0.6)
--   cornerRadius  points (10)
--   cardGap       points between the status bar and the card (13)
--   dimming       black alpha over the presenter (0.51)
-- Run:  transit run scripts/animators/cardStack.lua  /  transit render scripts/animators/cardStack.lua -o cardStack.gif

local params = { duration = 0.6, cornerRadius = 10, cardGap = 13, dimming = 0.51 }

-- SPStorkController's topSpace: the status bar's height, at least 30.
local function topSpace(bounds)
  local phoneWithNotch = transit.device.userInterfaceIdiom == "phone" and math.max(bounds.width, bounds.height) > 800
  local statusBarHeight = phoneWithNotch and 54 or 20
  return statusBarHeight < 25 and 30 or statusBarHeight
end

---------------------------------------------------------------------------------------------
-- The presentation controller: where the card goes, and the dimming over the presenter.
local CardStackPresentationController = UIPresentationController:subclass("CardStackPresentationController")

function CardStackPresentationController:frameOfPresentedViewInContainerView()
  local bounds = self.containerView.bounds
  local y = topSpace(bounds) + params.cardGap
  return CGRect(0, y, bounds.width, bounds.height - y)
end

function CardStackPresentationController:presentationTransitionWillBegin()
  -- Chrome goes in before the animator runs, under the card, pinned to the container's edges;
  -- laid out at once so the alongside animation starts from its full size, not from zero.
  local container = self.containerView
  local dimming = UIView.new{ backgroundColor = UIColor.black, alpha = 0, name = "dimming" }
  dimming.translatesAutoresizingMaskIntoConstraints = false
  container:insertSubview(dimming, 0)
  NSLayoutConstraint.activate{
    dimming.topAnchor:constraint{equalTo = container.topAnchor},
    dimming.leftAnchor:constraint{equalTo = container.leftAnchor},
    dimming.rightAnchor:constraint{equalTo = container.rightAnchor},
    dimming.bottomAnchor:constraint{equalTo = container.bottomAnchor},
  }
  container:layoutIfNeeded()
  self.dimmingView = dimming
  local coordinator = self.presentedViewController.transitionCoordinator
  coordinator:animateAlongsideTransition(function() self.dimmingView.alpha = params.dimming end, nil)
end

function CardStackPresentationController:presentationTransitionDidEnd(completed)
  if not completed then self.dimmingView:removeFromSuperview() end
end

function CardStackPresentationController:dismissalTransitionWillBegin()
  local coordinator = self.presentedViewController.transitionCoordinator
  coordinator:animateAlongsideTransition(function() self.dimmingView.alpha = 0 end, nil)
end

function CardStackPresentationController:dismissalTransitionDidEnd(completed)
  if completed then self.dimmingView:removeFromSuperview() end
end

---------------------------------------------------------------------------------------------
-- The animator: the card rises or falls, the presenter steps back or forward.
local CardStackAnimator = NSObject:subclass("CardStackAnimator")

function CardStackAnimator:transitionDuration(transitionContext)
  -- A transition that is not animated must say 0 (a custom style still runs the animator).
  return transitionContext.isAnimated and params.duration or 0
end

-- The presenter pushed back: scaled about its centre, then moved so its top sits at topSpace.
local function steppedBack(view)
  local frame = view.frame
  local space = topSpace(frame)
  local scale = 1 - space * 2 / frame.height
  local scaledTop = frame.height / 2 * (1 - scale)
  return CGAffineTransform.translation(0, space - scaledTop):scaledBy(scale, scale)
end

function CardStackAnimator:animateTransition(transitionContext)
  local fromVC = transitionContext:viewController("from")
  local toVC = transitionContext:viewController("to")
  local isPresenting = toVC.presentingViewController == fromVC
  local containerView = transitionContext.containerView
  -- The view underneath: never handed over by the context (it stays where it is, outside the
  -- container), so it is reached through its controller.
  local presenterView = isPresenting and fromVC.view or toVC.view
  local cardView = isPresenting and transitionContext:view("to") or transitionContext:view("from")
  local cardFrame = isPresenting and transitionContext:finalFrame(toVC) or transitionContext:initialFrame(fromVC)
  local offScreen = cardFrame:offsetBy(0, containerView.bounds.height - cardFrame.y)

  if isPresenting then
    cardView.frame = offScreen
    cardView.layer.cornerRadius = params.cornerRadius
    cardView.layer.maskedCorners = { "layerMinXMinYCorner", "layerMaxXMinYCorner" }
    cardView.layer.masksToBounds = true
    containerView:addSubview(cardView)
    presenterView.layer.masksToBounds = true
  end

  -- SPStorkController: a spring that does not overshoot.
  UIView.animate{ duration = self:transitionDuration(transitionContext), dampingRatio = 1, velocity = 0,
    animations = function()
      if isPresenting then
        cardView.frame = cardFrame
        presenterView.transform = steppedBack(presenterView)
        presenterView.layer.cornerRadius = params.cornerRadius
      else
        cardView.frame = offScreen
        presenterView.transform = CGAffineTransform.identity
        presenterView.layer.cornerRadius = 0
      end
    end,
    completion = function(finished)
      local cancelled = transitionContext.transitionWasCancelled
      if cancelled == isPresenting then
        -- The presenter is back in front (a dismissal, or a presentation that was cancelled):
        -- give the app its view back as it was.
        presenterView.transform = CGAffineTransform.identity
        presenterView.layer.cornerRadius = 0
        presenterView.layer.masksToBounds = false
      end
      transitionContext:completeTransition(not cancelled)
    end }
end

---------------------------------------------------------------------------------------------
-- The transitioning delegate hands out both.
local CardStackTransitioningDelegate = NSObject:subclass("CardStackTransitioningDelegate")

function CardStackTransitioningDelegate:presentationControllerForPresented(presented, presenting, source)
  return CardStackPresentationController.new(presented, presenting)
end

function CardStackTransitioningDelegate:animationControllerForPresented(presented, presenting, source)
  return CardStackAnimator.new()
end

function CardStackTransitioningDelegate:animationControllerForDismissed(dismissed)
  return CardStackAnimator.new()
end

local delegate = CardStackTransitioningDelegate.new()
delegate.modalPresentationStyle = "custom"
return delegate
