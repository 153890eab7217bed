-- The corrected twin of animation-outlasts-duration.lua: transitionDuration returns the
-- animation's real length, so completeTransition comes when the transition says it ends.
-- Passes with no problem.
local Zoom = NSObject:subclass("SlowZoom")

local ANIMATION = 3     -- the spring's length, tuned by eye

function Zoom:transitionDuration(ctx) return ctx.isAnimated and ANIMATION or 0 end

function Zoom:animateTransition(ctx)
  local toVC = ctx:viewController("to")
  local presenting = toVC.presentingViewController == ctx:viewController("from")
  local view = presenting and ctx:view("to") or ctx:view("from")
  if presenting then
    view.frame = ctx:finalFrame(toVC)
    view.transform = CGAffineTransform.scale(0.5, 0.5)
    view.alpha = 0
    ctx.containerView:addSubview(view)
  end
  UIView.animate{ duration = self:transitionDuration(ctx), dampingRatio = 0.8, animations = function()
    view.transform = presenting and CGAffineTransform.identity or CGAffineTransform.scale(0.5, 0.5)
    view.alpha = presenting and 1 or 0
  end, completion = function()
    ctx:completeTransition(not ctx.transitionWasCancelled)
  end }
end

return Zoom.new()
