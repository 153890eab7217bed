-- The corrected twin of interruptible-animator-changed.lua: interruptibleAnimator builds the
-- property animator once per transition, keeps it, and returns that same object to every
-- caller until animationEnded lets it go. Passes with no problem.
local Slide = NSObject:subclass("SlideOverAnimator")

function Slide:transitionDuration(ctx) return ctx.isAnimated and 0.35 or 0 end

function Slide:animateTransition(ctx)
  self:interruptibleAnimator(ctx):startAnimation()
end

function Slide:interruptibleAnimator(ctx)
  if self.propertyAnimator then return self.propertyAnimator end
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
  self.propertyAnimator = animator
  return animator
end

function Slide:animationEnded(completed)
  self.propertyAnimator = nil
end

return Slide.new()
