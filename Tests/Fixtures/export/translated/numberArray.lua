-- A table of numbers one of which is a float is an array of Double: Lua has one number type, so
-- its first element, an integer, does not make the others integers.
local Fade = NSObject:subclass("Fade")

function Fade:transitionDuration(ctx)
  return 0.3
end

function Fade:animateTransition(ctx)
  local steps = { 0, 0.25, 1 }
  local toView = ctx:view("to")
  toView.alpha = steps[2]
  ctx.containerView:addSubview(toView)
  ctx:completeTransition(true)
end

return Fade
