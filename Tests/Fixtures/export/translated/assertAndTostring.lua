-- assert(condition, message) checks in every run, as Lua does: when the condition fails,
-- fatalError(message); tostring of an integer or a boolean is String(v); math.atan(y) is atan.
local Checked = NSObject:subclass("Checked")

function Checked:transitionDuration(ctx)
  return 0.3
end

function Checked:animateTransition(ctx)
  local count = #ctx.containerView.subviews
  assert(count > 0, "the container is empty")
  assert(ctx.isAnimated)
  ctx:viewController("to").title = "views: " .. tostring(count) .. ", animated: " .. tostring(ctx.isAnimated)
  ctx.containerView.alpha = math.atan(1) / math.pi
  ctx:completeTransition(true)
end

return Checked
