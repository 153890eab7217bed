-- Guillotine menu: the menu falls into place like a guillotine blade, swinging down about a hinge
-- at its top-left corner from where it lay rotated a quarter turn above the screen, and
-- bouncing to rest on a stop at the screen's left edge; dismissed, it swings back up. Real physics: UIKit
-- Dynamics (Box2D underneath), not a timing curve.
-- Numbers from Yalantis/GuillotineMenu (GuillotineMenu/GuillotineMenuTransitionAnimation.swift):
-- duration 0.6 s, the menu starting at -90°, a UIAttachmentBehavior pinning the menu's point
-- (topOffset/2, topOffset/2) from its top-left corner to the same point of the container, a
-- continuous UIPushBehavior of (0, ±vectorDY) with vectorDY = (2/π) × screen height / duration,
-- UIDynamicItemBehavior elasticity 0.6, and a one-point UICollisionBehavior boundary where the
-- swing must stop (iOS 9's adjustments: (-1, H - 1)→(-1, H) presenting; (H - 1, topOffset - W - 1)
-- →(H, same) dismissing, in portrait). The transition completes in dynamicAnimatorDidPause, as
-- the original's does, so it lasts as long as the swing takes to come to rest.
-- Departures: each boundary is extended along the line of the original's one-point stop (over
-- the half of it no part of the swinging menu crosses before the stop): a fast corner slid off a
-- one-point segment and swung on. The push is scaled so the menu swings on every screen as the
-- original's does on the iPhone 6 it was tuned on (375 × 667 pt); unscaled, a large menu swings
-- for seconds. transitionDuration returns SETTLE, about how long the swing takes to come to
-- rest, where the original returns 0.6: UIKit does not hold an animator to its duration, but
-- Transit reports a completion later than the duration plus 2 s.
-- topOffset is the bottom of the example's navigation bar (64 pt on the iPhones of 2015); the
-- original sets the rotated menu's frame, which UIKit leaves undefined, so here the menu keeps
-- the container's size and its center is placed to put the hinge on the anchor.
-- Parameters:
--   DURATION    seconds (0.6): the push's scale
--   SETTLE      seconds (2): transitionDuration
--   ELASTICITY  the menu's bounce (0.6)
--   TOP_OFFSET  points (64): the hinge is at (TOP_OFFSET / 2, TOP_OFFSET / 2)
-- Run:  transit run scripts/animators/guillotine.lua  /  transit render scripts/animators/guillotine.lua -o guillotine.gif

local DURATION = 0.6
local ELASTICITY = 0.6
local SETTLE = 2
local TOP_OFFSET = 64
local INITIAL_ROTATION = -math.pi / 2
local REFERENCE_WIDTH, REFERENCE_HEIGHT = 375, 667

local GuillotineTransitionAnimation = NSObject:subclass("GuillotineTransitionAnimation")

function GuillotineTransitionAnimation:transitionDuration(transitionContext)
  return SETTLE
end

function GuillotineTransitionAnimation:animateTransition(transitionContext)
  local container = transitionContext.containerView
  local presenting = transitionContext:viewController("to").isBeingPresented
  local menu = presenting and transitionContext:view("to") or transitionContext:view("from")
  local bounds = container.bounds
  local W, H = bounds.width, bounds.height
  local a = TOP_OFFSET / 2

  if presenting then
    menu.frame = bounds
    container:addSubview(menu)
    -- Lying a quarter turn anticlockwise above the screen, its hinge point (a, a) on the
    -- container's (a, a): rotated by -90°, the offset (a - W/2, a - H/2) becomes
    -- (a - H/2, W/2 - a), so the center is (H/2, 2a - W/2).
    menu.transform = CGAffineTransform.rotation(INITIAL_ROTATION)
    menu.center = CGPoint(H / 2, 2 * a - W / 2)
  else
    local presenter = transitionContext:view("to")
    if presenter then
      presenter.frame = transitionContext:finalFrame(transitionContext:viewController("to"))
      container:insertSubviewBelow(presenter, menu)
    end
  end

  -- The original's push, (2/π) × screen height / duration, is tuned for an iPhone 6: here the
  -- push gives the menu the angular acceleration at its stop that the original's gives an
  -- iPhone 6's menu (angular acceleration = force × lever / moment of inertia about the hinge).
  local function perForce(w, h)
    local inertia = (w * w + h * h) / 12 + (w / 2 - a) ^ 2 + (h / 2 - a) ^ 2
    local lever = presenting and (w / 2 - a) or (h / 2 - a)
    return lever / (w * h * inertia)
  end
  local originalPush = (2 / math.pi) * REFERENCE_HEIGHT / DURATION
  local vectorDY = originalPush * perForce(REFERENCE_WIDTH, REFERENCE_HEIGHT) / perForce(W, H)
  local animator = UIDynamicAnimator(container)
  animator.delegate = self
  self.animator = animator
  self.context = transitionContext
  self.menu = menu
  self.presenting = presenting

  animator:addBehavior(UIAttachmentBehavior{
    item = menu, offsetFromCenter = CGPoint(-W / 2 + a, -H / 2 + a), attachedToAnchor = CGPoint(a, a),
  })
  local collision = UICollisionBehavior{menu}
  if presenting then
    collision:addBoundary("collide", CGPoint(-1, 2 * TOP_OFFSET), CGPoint(-1, H))
  else
    local y = -W + TOP_OFFSET - 1
    collision:addBoundary("collide", CGPoint(H / 2, y), CGPoint(H, y))
  end
  animator:addBehavior(collision)
  local item = UIDynamicItemBehavior{menu}
  item.elasticity = ELASTICITY
  animator:addBehavior(item)
  local fall = UIPushBehavior({menu}, "continuous")
  fall.pushDirection = CGVector(0, presenting and vectorDY or -vectorDY)
  animator:addBehavior(fall)
end

-- The swing came to rest: the menu is laid straight and the transition completes.
function GuillotineTransitionAnimation:dynamicAnimatorDidPause(animator)
  if self.context == nil then return end
  if self.presenting then
    animator:removeAllBehaviors()
    self.menu.transform = CGAffineTransform.identity
    self.menu.frame = self.context.containerView.bounds
  end
  local context = self.context
  self.context = nil
  self.animator = nil
  context:completeTransition(not context.transitionWasCancelled)
end

local animator = GuillotineTransitionAnimation.new()
animator.modalPresentationStyle = "fullScreen"
return animator
