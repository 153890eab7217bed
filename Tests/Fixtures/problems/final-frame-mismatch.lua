-- Broken on purpose: final-frame-mismatch. The presented view slides up but stops 40 points
-- short of ctx:finalFrame(toVC); UIKit's animateTransition docs ask for the view to end at the
-- frame finalFrame(for:) returns.
local Slide = NSObject:subclass("ShortSlide")
function Slide:transitionDuration(ctx) return ctx.isAnimated and 0.3 or 0 end
function Slide:animateTransition(ctx)
  local toVC = ctx:viewController("to")
  local presenting = toVC.presentingViewController == ctx:viewController("from")
  local view = presenting and ctx:view("to") or ctx:view("from")
  local final = ctx:finalFrame(toVC)
  if presenting then
    view.frame = final:offsetBy(0, final.height)
    ctx.containerView:addSubview(view)
  end
  UIView.animate(self:transitionDuration(ctx), function()
    if presenting then view.frame = final:offsetBy(0, 40) else view.frame = view.frame:offsetBy(0, view.frame.height) end
  end, function() ctx:completeTransition(not ctx.transitionWasCancelled) end)
end
return Slide.new()
