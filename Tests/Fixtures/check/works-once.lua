-- Works the first time only: the animator remembers that it has "set up" the container and
-- skips adding the presented view from then on. The default scene presents once and passes;
-- transit check runs every cell twice on the same effect object and catches the second
-- presentation (presented-not-visible), which is why each cell has two rounds.
local Fade = NSObject:subclass("WorksOnce")
function Fade:transitionDuration(ctx) return ctx.isAnimated and 0.3 or 0 end
function Fade:animateTransition(ctx)
  local toVC = ctx:viewController("to")
  local presenting = toVC.presentingViewController == ctx:viewController("from")
  local view = presenting and ctx:view("to") or ctx:view("from")
  if presenting then
    view.frame = ctx:finalFrame(toVC)
    view.alpha = 0
    if not self.didSetUp then ctx.containerView:addSubview(view) end
    self.didSetUp = true
  end
  UIView.animate(self:transitionDuration(ctx), function() view.alpha = presenting and 1 or 0 end,
    function() ctx:completeTransition(not ctx.transitionWasCancelled) end)
end
return Fade.new()
