-- Broken on purpose: one-frame-flash. The dismissal slides the presented screen down off the
-- screen; in the animation's completion it puts the screen's frame back "for next time" and
-- only a frame (1/60 s) later calls completeTransition, which takes the view out of the window:
-- the dismissed screen jumps back for one frame over the revealed one. The twin
-- Tests/Fixtures/check/ok-one-frame-flash-fixed.lua calls completeTransition first and restores
-- the frame after (UIKit has taken the view out of the window by then).
local FIXED = false
local Slide = NSObject:subclass("FlashingSlide")
function Slide:transitionDuration(ctx) return ctx.isAnimated and 0.3 or 0 end
function Slide:animateTransition(ctx)
  local toVC = ctx:viewController("to")
  local presenting = toVC.presentingViewController == ctx:viewController("from")
  local container = ctx.containerView
  if presenting then
    local toView = ctx:view("to")
    local final = ctx:finalFrame(toVC)
    toView.frame = final:offsetBy(0, final.height)
    container:addSubview(toView)
    UIView.animate(self:transitionDuration(ctx), function() toView.frame = final end,
      function() ctx:completeTransition(not ctx.transitionWasCancelled) end)
    return
  end
  local fromView = ctx:view("from")
  local start = fromView.frame
  UIView.animate(self:transitionDuration(ctx), function() fromView.frame = start:offsetBy(0, container.bounds.height) end,
    function()
      if FIXED then
        ctx:completeTransition(not ctx.transitionWasCancelled)
        fromView.frame = start
      else
        fromView.frame = start
        DispatchQueue.main:asyncAfter(DispatchTime.now() + 1 / 60, function()
          ctx:completeTransition(not ctx.transitionWasCancelled)
        end)
      end
    end)
end
return Slide.new()
