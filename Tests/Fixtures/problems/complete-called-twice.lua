-- Broken on purpose: complete-called-twice. The completion calls completeTransition, then
-- a clean-up helper calls it again; UIKit's contract is exactly one call, at the end of the
-- animations.
local Fade = NSObject:subclass("CompletesTwice")
function Fade:transitionDuration(ctx) return ctx.isAnimated and 0.3 or 0 end
function Fade:animateTransition(ctx)
  local toVC = ctx:viewController("to")
  local presenting = toVC.presentingViewController == ctx:viewController("from")
  local view = presenting and ctx:view("to") or ctx:view("from")
  if presenting then
    view.frame = ctx:finalFrame(toVC)
    ctx.containerView:addSubview(view)
  end
  UIView.animate(self:transitionDuration(ctx), function() view.backgroundColor = UIColor.systemGray5 end,
    function()
      local completed = not ctx.transitionWasCancelled
      ctx:completeTransition(completed)
      ctx:completeTransition(completed)   -- the helper's second call
    end)
end
return Fade.new()
