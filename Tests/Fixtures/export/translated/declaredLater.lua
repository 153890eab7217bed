-- `local x` assigned later is a var typed by its first assignment.
local Pick = NSObject:subclass("Pick")

function Pick:transitionDuration(ctx)
  return 0.3
end

function Pick:animateTransition(ctx)
  local target
  if ctx.isAnimated then
    target = ctx:view("to")
  else
    target = ctx.containerView
  end
  target.alpha = 1
  ctx:completeTransition(true)
end

return Pick
