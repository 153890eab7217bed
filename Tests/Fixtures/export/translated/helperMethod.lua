-- A method that is not a UIKit hook: its calls type its parameters, its first return its result.
local Doors = NSObject:subclass("Doors")

function Doors:transitionDuration(ctx)
  return 0.5
end

function Doors:animateTransition(ctx)
  local toView = ctx:view("to")
  ctx.containerView:addSubview(toView)
  toView.frame = self:offscreen(ctx.containerView.bounds, 2)
  UIView.animate(self:transitionDuration(ctx), function()
    toView.frame = ctx.containerView.bounds
  end, function(finished)
    ctx:completeTransition(not ctx.transitionWasCancelled)
  end)
end

-- The frame `widths` container widths to the right: defined after its first call.
function Doors:offscreen(bounds, widths)
  return bounds:offsetBy(bounds.width * widths, 0)
end

return Doors
