-- `local x` assigned later is typed by its first assignment, a let when no path assigns it twice;
-- an optional's value is unwrapped where it is assigned, as where a local is bound to it.
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
