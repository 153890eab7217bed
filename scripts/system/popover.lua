-- UIModalPresentationStyle.popover (iOS 8+). The host class, UIPopoverPresentationController,
-- holds the anchor and computes where the popover goes and which way its arrow points
-- (Sources/TransitCore/Transition/PopoverPresentationController.swift); in compact width the
-- host adapts it to a sheet (iOS 13+) or full screen unless the delegate's
-- adaptivePresentationStyle answers "none". This script draws what is on screen while it is a
-- popover (docs/semantics.md, "Popovers"; numbers ours):
--   a clear view over the rest of the container that takes the taps outside: a tap there is a
--   dismissal by the user (transit.userDismissal: isModalInPresentation, then the delegate's
--   presentationControllerShouldDismiss and popoverPresentationControllerShouldDismissPopover);
--   behind the presented view, the popover's shape: a rounded rectangle (radius 13) with the
--   arrow (UIPopoverBackgroundView's arrowHeight 13, arrowBase 26) pointing at the source, in
--   backgroundColor (white when nil), with a soft shadow;
--   a fade of 0.25 s in (easeOut) and 0.2 s out (easeIn), whatever modalTransitionStyle says.
-- The presenter's view stays (shouldRemovePresentersView false).
--
-- Instances of system-style classes take no fields of their own: this script's state is kept
-- in a weak-keyed side table, never on self.

local Popover = UIPopoverPresentationController:subclass("UIPopoverPresentationControllerSystem")

local CORNER_RADIUS = 13
local PRESENT_DURATION, DISMISS_DURATION = 0.25, 0.2

local stateOf, state = require("system.support").privateState()

-- The popover's shape in container coordinates: the content's rounded rectangle and the arrow
-- beside it (touching, not overlapping, so the fill's winding cannot cancel out).
local function popoverPath(controller, frame)
  local path = UIBezierPath.new{ roundedRect = frame, cornerRadius = CORNER_RADIUS }
  local height, base = controller:arrowHeight(), controller:arrowBase()
  local direction, offset = controller.arrowDirection, controller.arrowOffset
  local arrow = UIBezierPath.new()
  if direction == "up" or direction == "down" then
    local x = frame.midX + offset
    local edge = direction == "up" and frame.minY or frame.maxY
    local tip = direction == "up" and edge - height or edge + height
    arrow:move(CGPoint(x - base / 2, edge))
    arrow:addLine(CGPoint(x, tip))
    arrow:addLine(CGPoint(x + base / 2, edge))
    arrow:close()
    path:append(arrow)
  elseif direction == "left" or direction == "right" then
    local y = frame.midY + offset
    local edge = direction == "left" and frame.minX or frame.maxX
    local tip = direction == "left" and edge - height or edge + height
    arrow:move(CGPoint(edge, y - base / 2))
    arrow:addLine(CGPoint(tip, y))
    arrow:addLine(CGPoint(edge, y + base / 2))
    arrow:close()
    path:append(arrow)
  end
  return path
end

-- Lays the popover out (arrowDirection, arrowOffset) and redraws its shape around `frame`.
local function drawChrome(controller, frame)
  local s = state[controller]
  if not s or not s.background then return end
  CATransaction.begin()
  CATransaction.setDisableActions(true)  -- the shape follows the layout at once
  s.background.frame = controller.containerView.bounds
  s.shape.frame = s.background.bounds
  s.shape.path = popoverPath(controller, frame)
  s.shape.fillColor = controller.backgroundColor or UIColor.white
  s.shape.shadowPath = s.shape.path
  CATransaction.commit()
end

function Popover:shouldRemovePresentersView()
  return false
end

function Popover:presentationTransitionWillBegin()
  local container = self.containerView
  local s = stateOf(self)
  local controller = self
  -- Taps outside the popover land here (UIKit's popover dimming view is clear).
  s.dimmingView = UIView.new{ frame = container.bounds, name = "popover dimming" }
  s.dimmingView.autoresizingMask = { "flexibleWidth", "flexibleHeight" }
  s.tap = UITapGestureRecognizer.new(function(tap)
    if tap.state == "ended" then controller:tappedOutside() end
  end)
  s.dimmingView:addGestureRecognizer(s.tap)
  container:insertSubview(s.dimmingView, 1)

  s.background = UIView.new{ frame = container.bounds, name = "popover background" }
  s.background.isUserInteractionEnabled = false
  s.shape = CAShapeLayer.new{}
  s.shape.shadowColor = UIColor.black
  s.shape.shadowOpacity = 0.15
  s.shape.shadowRadius = 12
  s.shape.shadowOffset = CGSize(0, 2)
  s.background.layer:addSublayer(s.shape)
  container:insertSubviewAbove(s.background, s.dimmingView)

  local frame = self:layoutPopover()
  drawChrome(self, frame)
  local content = self:presentedView()
  content.layer.cornerRadius = CORNER_RADIUS
  content.clipsToBounds = true

  local background = s.background
  background.alpha = 0
  self.presentedViewController.transitionCoordinator:animateAlongsideTransition(function()
    background.alpha = 1
  end)
end

function Popover:presentationTransitionDidEnd(completed)
  if not completed then self:removeChrome() end
end

-- A tap outside: a dismissal by the user, which the delegate may refuse.
function Popover:tappedOutside()
  local presented = self.presentedViewController
  if presented.isBeingPresented or presented.isBeingDismissed then return end
  if not transit.userDismissal(self, "should") then
    transit.userDismissal(self, "attempted")
    return
  end
  local controller = self
  presented:dismiss(true, function() transit.userDismissal(controller, "did") end)
  transit.userDismissal(self, "will")
end

function Popover:dismissalTransitionWillBegin()
  local s = state[self]
  if not s or not s.background then return end
  local background = s.background
  self.presentedViewController.transitionCoordinator:animateAlongsideTransition(function()
    background.alpha = 0
  end)
end

function Popover:dismissalTransitionDidEnd(completed)
  if completed then self:removeChrome() end
end

function Popover:removeChrome()
  local s = state[self]
  if not s then return end
  if s.dimmingView then s.dimmingView:removeFromSuperview() end
  if s.background then s.background:removeFromSuperview() end
  local content = self:presentedView()
  content.layer.cornerRadius = 0
  content.clipsToBounds = false
  state[self] = nil
end

function Popover:containerViewWillLayoutSubviews()
  local s = state[self]
  if not s or not s.background then return end
  local frame = self:layoutPopover()
  drawChrome(self, frame)
  local presented = self.presentedViewController
  if presented.isBeingPresented or presented.isBeingDismissed then return end
  self:presentedView().frame = frame
end

-- The popover's own fade, asked by the host for the popover style (modalTransitionStyle does
-- not apply to popovers).
local presentAnimator = {
  __name = "UIPopoverFadeIn",
  transitionDuration = function(_, ctx) return ctx.isAnimated and PRESENT_DURATION or 0 end,
  animateTransition = function(_, ctx)
    local toVC = ctx:viewController("to")
    local view = ctx:view("to") or toVC.view
    view.frame = ctx:finalFrame(toVC)
    ctx.containerView:addSubview(view)
    view.alpha = 0
    UIView.animate{ duration = ctx.isAnimated and PRESENT_DURATION or 0, options = { "curveEaseOut" },
      animations = function() view.alpha = 1 end,
      completion = function()
        if ctx.transitionWasCancelled then view.alpha = 1 end
        ctx:completeTransition(not ctx.transitionWasCancelled)
      end }
  end,
}

local dismissAnimator = {
  __name = "UIPopoverFadeOut",
  transitionDuration = function(_, ctx) return ctx.isAnimated and DISMISS_DURATION or 0 end,
  animateTransition = function(_, ctx)
    local view = ctx:view("from") or ctx:viewController("from").view
    UIView.animate{ duration = ctx.isAnimated and DISMISS_DURATION or 0, options = { "curveEaseIn" },
      animations = function() view.alpha = 0 end,
      completion = function()
        local cancelled = ctx.transitionWasCancelled
        if not cancelled then view:removeFromSuperview() end
        view.alpha = 1
        ctx:completeTransition(not cancelled)
      end }
  end,
}

function Popover:animationControllerForPresented()
  return presentAnimator
end

function Popover:animationControllerForDismissed()
  return dismissAnimator
end

return Popover
