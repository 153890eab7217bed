-- Shared-element zoom: the tapped cell lifts out of the list and flies, growing, to where its
-- counterpart sits on the new screen (here the message card), while the new screen fades in
-- around it; dismissing flies it back into the list.
-- UIKit feature: snapshots and coordinate conversion. The flying view lives in the transition's
-- container, so both ends are converted into the container's coordinates with
-- `view:convert(view.bounds, containerView)`, wherever the cell and the card sit in their own
-- hierarchies. It carries two snapshots, the cell's and the card's, cross-fading as it flies
-- (a snapshot stretches to its frame, and the cross-fade hides the stretch). The real cell and
-- card are hidden while their stand-in flies and shown again in the completion.
-- The animator needs to know the source cell: an app sets `animator.sourceView = cell` before
-- presenting (in `didSelectRowAt`); without one it looks for a view named `params.sourceName`
-- in the presenting screen (the default scene's third row). The destination is the presented
-- screen's view named `params.destinationName`, or the whole screen.
-- Parameters:
--   duration         seconds (0.5)
--   dampingRatio     the spring's damping (0.85: a little settle at the end)
--   sourceName       the view to fly from when sourceView is not set ("row 3")
--   destinationName  the view to fly to ("card")
-- It animates over the presenter's view, so it presents fullScreen.
-- Run:  transit run scripts/animators/sharedElementZoom.lua  /  transit render scripts/animators/sharedElementZoom.lua -o zoom.gif

local views = require("lib.views")

local params = { duration = 0.5, dampingRatio = 0.85, sourceName = "row 3", destinationName = "card" }

local ZoomAnimator = NSObject:subclass("SharedElementZoomAnimator")

function ZoomAnimator:transitionDuration(transitionContext)
  return params.duration
end

function ZoomAnimator:animateTransition(transitionContext)
  local fromVC = transitionContext:viewController("from")
  local toVC = transitionContext:viewController("to")
  local fromView = transitionContext:view("from")
  local toView = transitionContext:view("to")
  local containerView = transitionContext.containerView
  local isPresenting = toVC.presentingViewController == fromVC

  -- The list screen and the detail screen, whichever way we go.
  local listView = isPresenting and fromView or toView
  local detailView = isPresenting and toView or fromView

  -- The detail screen must be laid out at its final frame before its card can be measured.
  toView.frame = transitionContext:finalFrame(toVC)
  if isPresenting then
    containerView:addSubview(toView)
  else
    containerView:insertSubviewBelow(toView, fromView)   -- the list goes back underneath
  end
  toView:layoutIfNeeded()

  local cell = self.sourceView or views.named(listView, params.sourceName)
  local card = views.named(detailView, params.destinationName) or detailView
  -- Both ends in the container's coordinates. Without a cell, fly from the middle.
  local cellFrame = cell and cell:convert(cell.bounds, containerView)
    or CGRect(containerView.bounds.midX - 40, containerView.bounds.midY - 40, 80, 80)
  local cardFrame = card:convert(card.bounds, containerView)

  -- The flying view: the card's snapshot over the cell's, one fading into the other.
  local flying = UIView.new{ frame = isPresenting and cellFrame or cardFrame, name = "flying element" }
  local cellImage = cell and cell:snapshotView(false) or UIView.new{ backgroundColor = UIColor.systemGray5 }
  local cardImage = card:snapshotView(true)
  for _, image in ipairs({ cellImage, cardImage }) do
    image.frame = flying.bounds
    image.autoresizingMask = { "flexibleWidth", "flexibleHeight" }
    flying:addSubview(image)
  end
  cardImage.alpha = isPresenting and 0 or 1
  containerView:addSubview(flying)

  -- The originals hide while their stand-in flies; the detail screen fades in (or out) around it.
  if cell then cell.isHidden = true end
  card.isHidden = true
  detailView.alpha = isPresenting and 0 or 1

  UIView.animate{ duration = self:transitionDuration(transitionContext), dampingRatio = params.dampingRatio,
    animations = function()
      flying.frame = isPresenting and cardFrame or cellFrame
      cardImage.alpha = isPresenting and 1 or 0
      detailView.alpha = isPresenting and 1 or 0
    end,
    completion = function(finished)
      local cancelled = transitionContext.transitionWasCancelled
      if cell then cell.isHidden = false end
      card.isHidden = false
      detailView.alpha = 1
      flying:removeFromSuperview()
      if cancelled then toView:removeFromSuperview() end
      transitionContext:completeTransition(not cancelled)
    end }
end

local animator = ZoomAnimator.new()
animator.modalPresentationStyle = "fullScreen"
return animator
