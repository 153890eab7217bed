-- A spring without a velocity is UIKit's spring animation at velocity 0, Transit's default; an
-- option chosen by a condition is the case the condition picks.
local Spring = NSObject:subclass("Spring")

function Spring:transitionDuration(ctx)
  return 0.5
end

function Spring:animateTransition(ctx)
  local toView = ctx:view("to")
  local presenting = ctx.isAnimated
  ctx.containerView:addSubview(toView)
  UIView.animate{ duration = 0.5, dampingRatio = 0.8,
    options = { presenting and "curveEaseOut" or "curveEaseIn" },
    animations = function() toView.alpha = 1 end,
    completion = function() ctx:completeTransition(true) end }
end

return Spring
