-- Broken on purpose: interruptible-animator-changed. A slide-over animator ported from Swift
-- whose interruptibleAnimator builds a new UIViewPropertyAnimator on every call:
--     func interruptibleAnimator(using ctx: ...) -> UIViewImplicitlyAnimating {
--         let animator = UIViewPropertyAnimator(duration: ..., curve: .easeOut) { ... }
--         return animator
--     }
-- animateTransition starts one; UIKit, which asks again, gets another that nothing started.
-- Apple: "you must return the same animator object for the duration of the transition".
local Slide = NSObject:subclass("SlideOverAnimator")

function Slide:transitionDuration(ctx) return ctx.isAnimated and 0.35 or 0 end

function Slide:animateTransition(ctx)
  self:interruptibleAnimator(ctx):startAnimation()
end

function Slide:interruptibleAnimator(ctx)
  -- (wrong) a new animator each time; keep one per transition instead
  local toVC = ctx:viewController("to")
  local presenting = toVC.presentingViewController == ctx:viewController("from")
  local view = presenting and ctx:view("to") or ctx:view("from")
  local container = ctx.containerView
  local shown = presenting and ctx:finalFrame(toVC) or view.frame
  local aside = CGRect(container.bounds.width, shown.y, shown.width, shown.height)
  if presenting and view.superview ~= container then
    view.frame = aside
    container:addSubview(view)
  end
  local animator = UIViewPropertyAnimator.new{ duration = self:transitionDuration(ctx), curve = "easeOut" }
  animator:addAnimations(function() view.frame = presenting and shown or aside end)
  animator:addCompletion(function(position)
    ctx:completeTransition(not ctx.transitionWasCancelled)
  end)
  return animator
end

return Slide.new()
