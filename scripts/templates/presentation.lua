-- MyPresentation: a custom presentation controller (`transit new presentation` wrote this from
-- scripts/templates/presentation.lua). The presented screen is a card in the lower part of the
-- screen over a dimmed background; tapping the dimmed part dismisses it. The card slides up
-- from the bottom edge (this class is also its own animator).
--
-- Parameters (the values this file uses; change them here):
--   HEIGHT     the card's height as a fraction of the container's     0.6
--   DIM        the dimming view's alpha when fully presented          0.4
--   DURATION   seconds the slide lasts                                0.35
--
-- Try it:  transit run MyPresentation.lua --trace   (presentationTransitionWillBegin, ... in order)
--          transit watch MyPresentation.lua --serve
--          transit check MyPresentation.lua

local HEIGHT = 0.6
local DIM = 0.4
local DURATION = 0.35

-- A UIPresentationController subclass owns the "chrome" around the presented view (here the
-- dimming view) and decides where the presented view goes.
---@class MyPresentation : UIPresentationController
local MyPresentation = UIPresentationController:subclass("MyPresentation")

-- Where the presented view sits once presented: UIKit reads this for finalFrame(presented).
function MyPresentation:frameOfPresentedViewInContainerView()
  local bounds = self.containerView.bounds
  local height = math.floor(bounds.height * HEIGHT + 0.5)
  return CGRect(0, bounds.height - height, bounds.width, height)
end

function MyPresentation:presentationTransitionWillBegin()
  local dimming = UIView.new{ frame = self.containerView.bounds, backgroundColor = UIColor.black,
    autoresizingMask = { "flexibleWidth", "flexibleHeight" }, name = "dimmingView" }
  dimming.alpha = 0
  dimming:addGestureRecognizer(UITapGestureRecognizer.new(function()
    self.presentedViewController:dismiss(true)
  end))
  self.containerView:insertSubview(dimming, 0)
  self.dimmingView = dimming
  -- Chrome animates alongside the transition through the coordinator, so it follows the
  -- animator's timing (and an interactive transition's progress) without its own animation.
  self.presentedViewController.transitionCoordinator:animateAlongsideTransition(function()
    dimming.alpha = DIM
  end)
end

function MyPresentation:presentationTransitionDidEnd(completed)
  -- A cancelled presentation leaves nothing behind.
  if not completed then self.dimmingView:removeFromSuperview(); self.dimmingView = nil end
end

function MyPresentation:dismissalTransitionWillBegin()
  self.presentedViewController.transitionCoordinator:animateAlongsideTransition(function()
    self.dimmingView.alpha = 0
  end)
end

function MyPresentation:dismissalTransitionDidEnd(completed)
  if completed then self.dimmingView:removeFromSuperview(); self.dimmingView = nil end
end

-- Rotation and size changes: keep the chrome and the card where they belong.
function MyPresentation:containerViewWillLayoutSubviews()
  if self.dimmingView then self.dimmingView.frame = self.containerView.bounds end
  self:presentedView().frame = self:frameOfPresentedViewInContainerView()
end

-- The animator (UIViewControllerAnimatedTransitioning): slide the card up, and down again.
function MyPresentation:transitionDuration(ctx)
  return ctx.isAnimated and DURATION or 0
end

function MyPresentation:animateTransition(ctx)
  local presenting = ctx:viewController("to") == self.presentedViewController
  local card = presenting and ctx:view("to") or ctx:view("from")
  local onScreen = self:frameOfPresentedViewInContainerView()
  local offScreen = onScreen:offsetBy(0, onScreen.height)
  if presenting then
    card.frame = offScreen
    ctx.containerView:addSubview(card)
  end
  UIView.animate{ duration = self:transitionDuration(ctx), options = { presenting and "curveEaseOut" or "curveEaseIn" },
    animations = function() card.frame = presenting and onScreen or offScreen end,
    completion = function() ctx:completeTransition(not ctx.transitionWasCancelled) end }
end

-- The transitioning delegate (UIViewControllerTransitioningDelegate): this controller answers
-- for itself. Run as an effect, Transit makes one per presentation and uses it as the delegate.
function MyPresentation:presentationControllerForPresented(presented, presenting, source)
  return self
end

function MyPresentation:animationControllerForPresented(presented, presenting, source)
  return self
end

function MyPresentation:animationControllerForDismissed(dismissed)
  return self
end

-- The file returns the class: the scene instantiates it for each presentation.
return MyPresentation
