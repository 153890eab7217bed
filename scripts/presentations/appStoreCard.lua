-- The App Store "Today" card: the tapped card lifts out of the list and springs up to fill the
-- screen, its corners squaring off, over a light blur of the list; dismissing shrinks the
-- screen back into the card on a bouncier spring (aunnnn/AppStoreiOS11InteractiveTransition:
-- Transition/PresentCardAnimator.swift, DismissCardAnimator.swift, CardTransition.swift,
-- CardPresentationController.swift, Misc/GlobalConstants.swift, UIView+AutoLayout.swift,
-- ViewControllers/HomeViewController.swift).
-- Shows: a transition laid out entirely with Auto Layout, as the original lays it out: a
-- temporary animatedContainerView in the container (centerX, top, width and height
-- constraints), the presented view inside it (top, centerX, width and height), the constants
-- changed and container:layoutIfNeeded() called inside the animations, so the spring moves
-- the container's top while a linear UIViewPropertyAnimator started inside the spring's block
-- widens the card; a UIViewPropertyAnimator with UISpringTimingParameters whose damping and
-- duration depend on how far the card is from the top; layer.cornerRadius animating; a
-- UIPresentationController whose UIVisualEffectView (pinned to the container's edges) blurs
-- the list alongside the transition; the presenting view kept (shouldRemovePresentersView).
-- The card to grow from: an app sets `transition.sourceView = cell` before presenting (as
-- HomeViewController's didSelectItemAt builds CardTransition.Params from the tapped cell);
-- without one it is the presenting screen's view named `params.sourceName` (the default
-- scene's third row). It is hidden while the screen is presented, as the original hides the
-- cell.
--
-- | parameter              | value                         | meaning (the original's numbers)                      |
-- |------------------------|-------------------------------|-------------------------------------------------------|
-- | damping                | 1 − 0.3 × |card.minY| / H     | createBaseSpringAnimator: 1.0 near the top, 0.7 far   |
-- |                        |                               | (H: the screen's height, the card's when above it)    |
-- | duration               | 0.5 + 0.4 × |card.minY| / H   | the presentation's spring, 0.5 s to 0.9 s              |
-- | CARD_EXPANDING_SHARE   | 0.6                           | the linear widening takes 0.6 × the spring's duration |
-- | cardCornerRadius       | 16 → 0                        | GlobalConstants.cardCornerRadius, squared off         |
-- | CARD_TOP_FIX           | 0 (the original's −1 pt)      | the card's top in its container and in the container  |
-- |                        |                               | after presenting: see the note below                  |
-- | BLUR_DURATION          | 0.5 s, "light"                | the blur's own UIView.animate in the alongside block  |
-- | dismissalAnimationDuration | 0.6 s, damping 0.7        | DismissCardAnimator's UIView spring, velocity 0       |
-- | sourceName             | "row 3"                       | the card when no sourceView is set                    |
--
-- Left out: the drag-down and left-edge pans that shrink the card (0.86, corners back to 16)
-- before dismissing (CardDetailViewController.handleDismissalPan): they scrub a
-- UIViewPropertyAnimator of duration 0, which Transit does not scrub yet (its fractionComplete
-- moves nothing), so this effect declares no interactiveDismissal; the status bar sliding away
-- (StatusBarAnimatableViewController: the detail overrides prefersStatusBarHidden, and the
-- default scene's Message screen is a plain UIViewController); and what belongs to the
-- original's detail screen (the scroll view's offset, its card content's "top fix" and bottom
-- constraints, the highlighted fonts).
-- The original pins the card's top at −1 pt, not 0: with anything in (−1, 1) UIKit showed "an
-- abrupt top space inset while animating" (its comment: "Funny how -1 and 1 work! WTF"), and
-- it keeps −1 after presenting "to be consistent". That works around a glitch of UIKit's that
-- Transit does not have, and it leaves the presented view 1 pt above its final frame; here it
-- is 0. (−1 passes `transit check` too: final-frame-mismatch allows the 1 pt a user cannot see,
-- docs/check.md; 0 keeps the renders as they were.)
-- Run:  transit run scripts/presentations/appStoreCard.lua  /  transit render scripts/presentations/appStoreCard.lua -o card.gif
--       (the default scene: its third row is the card); on the original's Today screen of cards:
--       transit render scripts/scenes/appStoreToday.lua -o today.gif

local views = require("lib.views")

local params = { sourceName = "row 3" }

-- Misc/GlobalConstants.swift.
local GlobalConstants = {
  cardCornerRadius = 16,
  dismissalAnimationDuration = 0.6,
  cardVerticalExpandingStyle = "fromTop",
}
local CARD_EXPANDING_SHARE = 0.6
local CARD_TOP_FIX = 0  -- the original's −1: see the header
local BLUR_DURATION = 0.5
local BLUR_STYLE = "light"

-- UIView+AutoLayout.swift: constrain the four edges of `view` to `to`.
local function edges(view, to, insets)
  insets = insets or {}
  NSLayoutConstraint.activate{
    view.leftAnchor:constraint{equalTo = to.leftAnchor, constant = insets.left or 0},
    view.rightAnchor:constraint{equalTo = to.rightAnchor, constant = insets.right or 0},
    view.topAnchor:constraint{equalTo = to.topAnchor, constant = insets.top or 0},
    view.bottomAnchor:constraint{equalTo = to.bottomAnchor, constant = insets.bottom or 0},
  }
end

-- CardPresentationController.swift: the blur over the list, and the presenter's appearance
-- calls (the presenting view stays, so UIKit would not make them itself).
local CardPresentationController = UIPresentationController:subclass("CardPresentationController")

function CardPresentationController:shouldRemovePresentersView()
  return false
end

function CardPresentationController:presentationTransitionWillBegin()
  local container = self.containerView
  local blurView = UIVisualEffectView{ effect = nil }
  blurView.name = "blurView"
  blurView.translatesAutoresizingMaskIntoConstraints = false
  container:addSubview(blurView)
  edges(blurView, container)
  blurView.alpha = 0
  self.blurView = blurView

  self.presentingViewController:beginAppearanceTransition(false, false)
  -- The blur runs a 0.5 s animation of its own (UIKit's default curve) inside the transition's
  -- alongside block, as the original nests UIView.animate(withDuration: 0.5) there.
  self.presentedViewController.transitionCoordinator:animateAlongsideTransition(function()
    UIView.animate(BLUR_DURATION, function()
      blurView.effect = UIBlurEffect{ style = BLUR_STYLE }
      blurView.alpha = 1
    end)
  end, nil)
end

function CardPresentationController:presentationTransitionDidEnd(completed)
  self.presentingViewController:endAppearanceTransition()
end

function CardPresentationController:dismissalTransitionWillBegin()
  local blurView = self.blurView
  self.presentingViewController:beginAppearanceTransition(true, true)
  self.presentedViewController.transitionCoordinator:animateAlongsideTransition(function()
    blurView.alpha = 0
  end, nil)
end

function CardPresentationController:dismissalTransitionDidEnd(completed)
  self.presentingViewController:endAppearanceTransition()
  if completed then
    self.blurView:removeFromSuperview()
    self.blurView = nil
  end
end

-- PresentCardAnimator.swift.
local PresentCardAnimator = NSObject:subclass("PresentCardAnimator")

-- Damping between 0.7 (far away) and 1.0 (nearer); duration between 0.5 s (nearer) and 0.9 s.
local function createBaseSpringAnimator(animatorParams)
  local screen = UIScreen.main.bounds
  local fromCardFrame = animatorParams.fromCardFrame
  local cardPositionY = fromCardFrame.minY
  local distanceToBounce = math.abs(fromCardFrame.minY)
  local extentToBounce = cardPositionY < 0 and fromCardFrame.height or screen.height
  local dampFactorInterval = 0.3
  local damping = 1.0 - dampFactorInterval * (distanceToBounce / extentToBounce)

  local baselineDuration = 0.5
  local maxDuration = 0.9
  local duration = baselineDuration + (maxDuration - baselineDuration) * math.max(0, distanceToBounce) / screen.height

  local springTiming = UISpringTimingParameters.new{ dampingRatio = damping, initialVelocity = CGVector(0, 0) }
  return UIViewPropertyAnimator.new{ duration = duration, timingParameters = springTiming }
end

function PresentCardAnimator:init(animatorParams)
  self.params = animatorParams
  self.springAnimator = createBaseSpringAnimator(animatorParams)
  self.presentAnimationDuration = self.springAnimator.duration
end

function PresentCardAnimator:transitionDuration(ctx)
  -- Not animated (present(vc, false)): no time at all (the original always animates).
  return ctx.isAnimated and self.presentAnimationDuration or 0
end

-- PresentCardTransitionDriver: lays the card out where the tapped cell is and adds the
-- animations to the spring animator (or, not animated, applies them at once).
local function presentCardTransitionDriver(animatorParams, ctx, baseAnimator)
  local container = ctx.containerView
  local cardDetailView = ctx:view("to")
  local fromCardFrame = animatorParams.fromCardFrame

  -- Temporary container view for the animation: the container's size, centred, its top at
  -- the card's.
  local animatedContainerView = UIView.new{ name = "animatedContainerView" }
  animatedContainerView.translatesAutoresizingMaskIntoConstraints = false
  container:addSubview(animatedContainerView)

  NSLayoutConstraint.activate{
    animatedContainerView.widthAnchor:constraint{equalToConstant = container.bounds.width},
    animatedContainerView.heightAnchor:constraint{equalToConstant = container.bounds.height},
    animatedContainerView.centerXAnchor:constraint{equalTo = container.centerXAnchor},
  }

  local animatedContainerVerticalConstraint
  if GlobalConstants.cardVerticalExpandingStyle == "fromCenter" then
    animatedContainerVerticalConstraint = animatedContainerView.centerYAnchor:constraint{equalTo = container.centerYAnchor,
      constant = (fromCardFrame.height / 2 + fromCardFrame.minY) - container.bounds.height / 2}
  else
    animatedContainerVerticalConstraint = animatedContainerView.topAnchor:constraint{equalTo = container.topAnchor,
      constant = fromCardFrame.minY}
  end
  animatedContainerVerticalConstraint.isActive = true

  animatedContainerView:addSubview(cardDetailView)
  cardDetailView.translatesAutoresizingMaskIntoConstraints = false

  -- Pin the card's top (or centre Y) and centre X in the animated container (the original's
  -- top constant is −1, a UIKit workaround: see the header).
  local verticalAnchor
  if GlobalConstants.cardVerticalExpandingStyle == "fromCenter" then
    verticalAnchor = cardDetailView.centerYAnchor:constraint{equalTo = animatedContainerView.centerYAnchor}
  else
    verticalAnchor = cardDetailView.topAnchor:constraint{equalTo = animatedContainerView.topAnchor, constant = CARD_TOP_FIX}
  end
  NSLayoutConstraint.activate{
    verticalAnchor,
    cardDetailView.centerXAnchor:constraint{equalTo = animatedContainerView.centerXAnchor},
  }
  local cardWidthConstraint = cardDetailView.widthAnchor:constraint{equalToConstant = fromCardFrame.width}
  local cardHeightConstraint = cardDetailView.heightAnchor:constraint{equalToConstant = fromCardFrame.height}
  NSLayoutConstraint.activate{ cardWidthConstraint, cardHeightConstraint }

  cardDetailView.layer.cornerRadius = GlobalConstants.cardCornerRadius
  -- The detail screen's root view clips (clipsSubviews="YES" in Main.storyboard), so the
  -- rounded corners cut its content.
  cardDetailView.clipsToBounds = true

  -- Final preparation: the cell hides (the card stands for it) without its highlight.
  animatorParams.fromCell.isHidden = true
  animatorParams.fromCell.transform = CGAffineTransform.identity

  -- Laid out before the animations, outside any block: the card starts on the cell.
  container:layoutIfNeeded()

  -- 1. The container bouncing up (the spring).
  local function animateContainerBouncingUp()
    animatedContainerVerticalConstraint.constant = 0
    container:layoutIfNeeded()
  end

  -- 2. The card filling up the container, its corners squaring off.
  local function animateCardDetailViewSizing()
    cardWidthConstraint.constant = animatedContainerView.bounds.width
    cardHeightConstraint.constant = animatedContainerView.bounds.height
    cardDetailView.layer.cornerRadius = 0
    container:layoutIfNeeded()
  end

  local function completeEverything()
    -- Remove the temporary animatedContainerView and put the card in the container itself,
    -- pinned to its edges.
    animatedContainerView:removeConstraints(animatedContainerView.constraints)
    animatedContainerView:removeFromSuperview()
    container:addSubview(cardDetailView)
    -- The width and height are installed on the card itself; the other constraints went with
    -- the animated container.
    cardDetailView:removeConstraints({ cardWidthConstraint, cardHeightConstraint })
    edges(cardDetailView, container, { top = CARD_TOP_FIX })
    local success = not ctx.transitionWasCancelled
    ctx:completeTransition(success)
  end

  if not ctx.isAnimated then
    animateContainerBouncingUp()
    animateCardDetailViewSizing()
    completeEverything()
    return baseAnimator
  end

  baseAnimator:addAnimations(function()
    -- Spring animation for bouncing up.
    animateContainerBouncingUp()
    -- Linear animation for the expansion, over 0.6 of the spring's duration.
    local cardExpanding = UIViewPropertyAnimator.new{ duration = baseAnimator.duration * CARD_EXPANDING_SHARE,
      curve = "linear", animations = animateCardDetailViewSizing }
    cardExpanding:startAnimation()
  end)
  baseAnimator:addCompletion(function()
    completeEverything()
  end)
  return baseAnimator
end

function PresentCardAnimator:animateTransition(ctx)
  self.transitionDriver = presentCardTransitionDriver(self.params, ctx, self.springAnimator)
  if ctx.isAnimated then self:interruptibleAnimator(ctx):startAnimation() end
end

function PresentCardAnimator:animationEnded(transitionCompleted)
  self.transitionDriver = nil
end

function PresentCardAnimator:interruptibleAnimator(ctx)
  return self.transitionDriver
end

-- DismissCardAnimator.swift.
local DismissCardAnimator = NSObject:subclass("DismissCardAnimator")

function DismissCardAnimator:init(animatorParams)
  self.params = animatorParams
end

function DismissCardAnimator:transitionDuration(ctx)
  return ctx.isAnimated and GlobalConstants.dismissalAnimationDuration or 0
end

function DismissCardAnimator:animateTransition(ctx)
  local container = ctx.containerView
  local cardDetailView = ctx:view("from")
  local fromCardFrameWithoutTransform = self.params.fromCardFrameWithoutTransform

  local animatedContainerView = UIView.new{ name = "animatedContainerView" }
  animatedContainerView.translatesAutoresizingMaskIntoConstraints = false
  cardDetailView.translatesAutoresizingMaskIntoConstraints = false

  -- The original clears every constraint the container holds (the card's edges, and the
  -- blur's with them) before the card moves into the animated container. The blur, left with
  -- no constraints and translatesAutoresizingMaskIntoConstraints false, is then laid out at
  -- zero size (its alpha still animates), so the list is sharp again as the dismissal starts.
  container:removeConstraints(container.constraints)

  container:addSubview(animatedContainerView)
  animatedContainerView:addSubview(cardDetailView)

  -- The card fills the animated container view.
  edges(cardDetailView, animatedContainerView)

  animatedContainerView.centerXAnchor:constraint{equalTo = container.centerXAnchor}.isActive = true
  local animatedContainerTopConstraint = animatedContainerView.topAnchor:constraint{equalTo = container.topAnchor, constant = 0}
  local animatedContainerWidthConstraint = animatedContainerView.widthAnchor:constraint{equalToConstant = cardDetailView.frame.width}
  local animatedContainerHeightConstraint = animatedContainerView.heightAnchor:constraint{equalToConstant = cardDetailView.frame.height}
  NSLayoutConstraint.activate{ animatedContainerTopConstraint, animatedContainerWidthConstraint, animatedContainerHeightConstraint }

  container:layoutIfNeeded()

  local function animateCardViewBackToPlace()
    -- Back to identity: the animated container lets the card's transform and Auto Layout
    -- animate together without one upsetting the other.
    cardDetailView.transform = CGAffineTransform.identity
    animatedContainerTopConstraint.constant = fromCardFrameWithoutTransform.minY
    animatedContainerWidthConstraint.constant = fromCardFrameWithoutTransform.width
    animatedContainerHeightConstraint.constant = fromCardFrameWithoutTransform.height
    container:layoutIfNeeded()
  end

  local function completeEverything()
    local success = not ctx.transitionWasCancelled
    animatedContainerView:removeConstraints(animatedContainerView.constraints)
    animatedContainerView:removeFromSuperview()
    if success then
      cardDetailView:removeFromSuperview()
      self.params.fromCell.isHidden = false
    else
      container:removeConstraints(container.constraints)
      container:addSubview(cardDetailView)
      edges(cardDetailView, container)
    end
    ctx:completeTransition(success)
  end

  UIView.animate{ duration = self:transitionDuration(ctx), delay = 0, dampingRatio = 0.7, velocity = 0,
    animations = animateCardViewBackToPlace,
    completion = function() completeEverything() end }
end

-- CardTransition.swift: the transitioning delegate. The original makes one per tap with the
-- cell's frames (HomeViewController's didSelectItemAt); this one reads them from the cell
-- when UIKit asks for the presentation's animator, which happens inside present().
local CardTransition = NSObject:subclass("CardTransition")
CardTransition.modalPresentationStyle = "custom"
-- "IMPORTANT: Must set modalPresentationStyle to `.custom` for this to be used."
CardTransition.supportedPresentationStyles = { "custom" }

-- The cell's frame on screen now (its presentation layer: mid-highlight it is scaled), and
-- without its transform, both in the window's coordinates (the container covers the window).
local function cardFrames(cell)
  local currentCellFrame = cell.layer:presentation().frame
  local cardPresentationFrameOnScreen = cell.superview:convert(currentCellFrame, nil)
  local center, size = cell.center, cell.bounds.size
  local r = CGRect(center.x - size.width / 2, center.y - size.height / 2, size.width, size.height)
  return cardPresentationFrameOnScreen, cell.superview:convert(r, nil)
end

function CardTransition:animationControllerForPresented(presented, presenting, source)
  local cell = self.sourceView or views.named(presenting.view, params.sourceName)
  if cell == nil then return nil end  -- nothing to grow from: UIKit's own animation
  local fromCardFrame, fromCardFrameWithoutTransform = cardFrames(cell)
  self.params = { fromCardFrame = fromCardFrame, fromCardFrameWithoutTransform = fromCardFrameWithoutTransform,
    fromCell = cell }
  return PresentCardAnimator.new({ fromCardFrame = fromCardFrame, fromCell = cell })
end

function CardTransition:animationControllerForDismissed(dismissed)
  if self.params == nil then return nil end
  return DismissCardAnimator.new(self.params)
end

function CardTransition:presentationControllerForPresented(presented, presenting, source)
  return CardPresentationController.new(presented, presenting)
end

return CardTransition.new()
