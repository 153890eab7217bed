-- Class.new{...}: the initialiser's arguments, then properties set on the new object; Transit's
-- own name for it (UIKit has none) is a comment.
local Dim = NSObject:subclass("Dim")

function Dim:transitionDuration(ctx)
  return 0.3
end

function Dim:animateTransition(ctx)
  local container = ctx.containerView
  local dimming = UIView.new{ frame = container.bounds, alpha = 0.5, name = "dimming" }
  container:addSubview(dimming)
  ctx:completeTransition(true)
end

return Dim
