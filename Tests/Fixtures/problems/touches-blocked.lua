-- Broken on purpose: touches-blocked. While presenting, the animator puts a clear "touch guard"
-- over the whole window (so taps cannot start a second transition) and forgets to remove it:
-- nothing is visible, but every tap on the presented screen lands on the guard. The twin
-- Tests/Fixtures/check/ok-touch-guard-removed.lua removes it in the completion.
local REMOVE_GUARD = false
local Fade = NSObject:subclass("GuardedFade")
function Fade:transitionDuration(ctx) return ctx.isAnimated and 0.3 or 0 end
function Fade:animateTransition(ctx)
  local toVC = ctx:viewController("to")
  local presenting = toVC.presentingViewController == ctx:viewController("from")
  local container = ctx.containerView
  local guard = UIView.new{ frame = container.window.bounds, name = "touchGuard" }
  container.window:addSubview(guard)
  local view = presenting and ctx:view("to") or ctx:view("from")
  if presenting then
    view.frame = ctx:finalFrame(toVC)
    view.alpha = 0
    container:addSubview(view)
  end
  UIView.animate(self:transitionDuration(ctx), function() view.alpha = presenting and 1 or 0 end,
    function()
      if REMOVE_GUARD or not presenting then guard:removeFromSuperview() end
      ctx:completeTransition(not ctx.transitionWasCancelled)
    end)
end
return Fade.new()
