-- Blur-in: the screen behind goes out of focus while a card grows into the middle of it, and
-- comes back into focus when the card shrinks away (the look of iOS's context menus and of
-- popup libraries such as MIBlurPopup).
-- Shows: a UIPresentationController subclass whose chrome is a UIVisualEffectView (its `effect`
-- animated from nil to a UIBlurEffect alongside the transition, and back), a presented view
-- smaller than the container (frameOfPresentedViewInContainerView), and the presentation
-- controller as its own animator (animateTransition on the same object), as Apple's
-- CustomPresentation sample does.
-- The card is placed with Auto Layout, as MIBlurPopup's demo places its popup
-- (MarioIannotta/MIBlurPopup: MIBlurPopupDemo/Base.lproj/Main.storyboard, the Popup View
-- Controller scene: popupContentContainerView has translatesAutoresizingMaskIntoConstraints
-- "NO" and is held by leading, trailing, top and bottom constraints to its screen): centred
-- on the container, `cardSize` at a high priority and never wider or taller than the
-- container less `margin` each side, so a size change moves it with no layout hook of ours.
-- The blur stays a frame with an autoresizing mask, as MIBlurPopup.swift sets
-- visualEffectBlurView.frame = containerView.bounds. The card scales with a transform, which
-- the constraints leave alone (UIKit lays out the untransformed frame).
--
-- | parameter    | value      | meaning                                                         |
-- |--------------|------------|-----------------------------------------------------------------|
-- | style        | "regular"  | the UIBlurEffect style ("light", "dark", "systemMaterial", ...)   |
-- | cardSize     | 300 × 360  | the card's size in points (clamped to the container − margins)  |
-- | margin       | 20         | the smallest distance between the card and the container's edge |
-- | cornerRadius | 14         | the card's corner radius                                        |
-- | startScale   | 0.85       | the card's scale when it appears (and when it leaves)           |
-- | duration     | 0.4 s      | spring damping 0.8; the blur follows the transition's timing    |
-- Run:  transit run scripts/presentations/blurIn.lua  /  transit render scripts/presentations/blurIn.lua -o blurIn.gif

local params = {
  style = "regular",
  cardSize = CGSize(300, 360),
  margin = 20,
  cornerRadius = 14,
  startScale = 0.85,
  duration = 0.4,
}

local BlurIn = UIPresentationController:subclass("BlurInPresentationController")

function BlurIn:presentationTransitionWillBegin()
  -- The chrome: a blur over everything the presenting screen shows, with no effect yet. Views
  -- a presentation controller adds go under the presented view, so the card stays sharp.
  local blur = UIVisualEffectView{ effect = nil }
  blur.frame = self.containerView.bounds
  blur.autoresizingMask = { "flexibleWidth", "flexibleHeight" }
  self.containerView:addSubview(blur)
  self.blurView = blur

  -- UIVisualEffectView animates `effect` (to a blur, and to nil) inside animation blocks: here
  -- the transition's own, so the blur deepens exactly as the card grows, interactive or not.
  local coordinator = self.presentingViewController.transitionCoordinator
  coordinator:animateAlongsideTransition(function()
    blur.effect = UIBlurEffect{ style = params.style }
  end, nil)
end

function BlurIn:presentationTransitionDidEnd(completed)
  -- A cancelled presentation leaves nothing behind.
  if not completed then
    self.blurView:removeFromSuperview()
    self.blurView = nil
  end
end

function BlurIn:dismissalTransitionWillBegin()
  local blur = self.blurView
  self.presentingViewController.transitionCoordinator:animateAlongsideTransition(function()
    blur.effect = nil
  end, nil)
end

function BlurIn:dismissalTransitionDidEnd(completed)
  if completed then
    self.blurView:removeFromSuperview()
    self.blurView = nil
  end
end

-- The card: centred, the configured size, never closer than `margin` to the edges. The
-- constraints below say the same; UIKit still asks for this frame (ctx:finalFrame).
function BlurIn:frameOfPresentedViewInContainerView()
  local bounds = self.containerView.bounds
  local width = math.min(params.cardSize.width, bounds.width - 2 * params.margin)
  local height = math.min(params.cardSize.height, bounds.height - 2 * params.margin)
  return CGRect(bounds.midX - width / 2, bounds.midY - height / 2, width, height)
end

-- The card's constraints: what frameOfPresentedViewInContainerView computes, as relations to
-- the container, so a rotation or size change re-solves them (the blur follows its
-- autoresizing mask). The preferred size gives way (high, not required) to the margins.
local function cardConstraints(card, container)
  local width = card.widthAnchor:constraint{equalToConstant = params.cardSize.width}
  width.priority = UILayoutPriority.defaultHigh
  local height = card.heightAnchor:constraint{equalToConstant = params.cardSize.height}
  height.priority = UILayoutPriority.defaultHigh
  return {
    card.centerXAnchor:constraint{equalTo = container.centerXAnchor},
    card.centerYAnchor:constraint{equalTo = container.centerYAnchor},
    width, height,
    card.widthAnchor:constraint{lessThanOrEqualTo = container.widthAnchor, constant = -2 * params.margin},
    card.heightAnchor:constraint{lessThanOrEqualTo = container.heightAnchor, constant = -2 * params.margin},
  }
end

-- UIViewControllerAnimatedTransitioning, on the same object.
function BlurIn:transitionDuration(ctx)
  return ctx.isAnimated and params.duration or 0
end

function BlurIn:animateTransition(ctx)
  local toVC = ctx:viewController("to")
  local presenting = toVC.presentingViewController == ctx:viewController("from")
  local shrunk = CGAffineTransform.scale(params.startScale, params.startScale)
  if presenting then
    local card = ctx:view("to")
    local container = ctx.containerView
    -- Constraints need the card and the container in one hierarchy: add it first. Laid out
    -- at once (layoutIfNeeded, outside any animation block) so it starts at its place and
    -- only grows and fades, as it did when its frame was set here.
    card.translatesAutoresizingMaskIntoConstraints = false
    container:addSubview(card)
    NSLayoutConstraint.activate(cardConstraints(card, container))
    container:layoutIfNeeded()
    card.layer.cornerRadius = params.cornerRadius
    card.clipsToBounds = true
    card.alpha = 0
    card.transform = shrunk
    UIView.animate{ duration = self:transitionDuration(ctx), dampingRatio = 0.8, velocity = 0,
      animations = function()
        card.alpha = 1
        card.transform = CGAffineTransform.identity
      end,
      completion = function() ctx:completeTransition(not ctx.transitionWasCancelled) end }
  else
    local card = ctx:view("from")
    UIView.animate(self:transitionDuration(ctx), function()
      card.alpha = 0
      card.transform = shrunk
    end, function()
      -- A cancelled dismissal leaves the card as it was.
      if ctx.transitionWasCancelled then
        card.alpha = 1
        card.transform = CGAffineTransform.identity
      end
      ctx:completeTransition(not ctx.transitionWasCancelled)
    end)
  end
end

return BlurIn
