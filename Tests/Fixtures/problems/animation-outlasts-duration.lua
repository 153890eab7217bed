-- Broken on purpose: animation-outlasts-duration. A zoom-in whose spring was slowed down while
-- tuning it (3 s) while transitionDuration still says 0.3 s: completeTransition, in the
-- animation's completion, comes long after the transition's announced length (UIKit drives
-- interactive transitions and the coordinator's alongside animations with transitionDuration,
-- and Transit's deadline is that duration + 2 s). The animator does call completeTransition:
-- the duration is what is wrong.
local Zoom = NSObject:subclass("SlowZoom")

local ANIMATION = 3     -- the spring's length, tuned by eye

function Zoom:transitionDuration(ctx) return ctx.isAnimated and 0.3 or 0 end   -- (wrong) not ANIMATION

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
  UIView.animate{ duration = ctx.isAnimated and ANIMATION or 0, dampingRatio = 0.8, animations = function()
    view.transform = presenting and CGAffineTransform.identity or CGAffineTransform.scale(0.5, 0.5)
    view.alpha = presenting and 1 or 0
  end, completion = function()
    ctx:completeTransition(not ctx.transitionWasCancelled)
  end }
end

return Zoom.new()
