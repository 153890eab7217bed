-- Broken on purpose: complete-never-called. The animator animates but never calls
-- ctx:completeTransition, so UIKit would wait for ever ("you must call completeTransition: at
-- the end of your animations", UIViewControllerContextTransitioning docs). Transit reports it
-- after the duration plus its grace period and finishes the transition itself.
local Fade = NSObject:subclass("NeverCompletes")
function Fade:transitionDuration(ctx) return ctx.isAnimated and 0.3 or 0 end
function Fade:animateTransition(ctx)
  local toVC = ctx:viewController("to")
  local presenting = toVC.presentingViewController == ctx:viewController("from")
  local view = presenting and ctx:view("to") or ctx:view("from")
  if presenting then
    view.frame = ctx:finalFrame(toVC)
    view.alpha = 0
    ctx.containerView:addSubview(view)
  end
  UIView.animate(self:transitionDuration(ctx), function() view.alpha = presenting and 1 or 0 end,
    function() --[[ (missing) ctx:completeTransition(true) ]] end)
end
return Fade.new()
