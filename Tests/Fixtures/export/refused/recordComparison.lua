-- Two records compared: Lua compares the tables' identity, and a Swift struct has none.
local Fade = NSObject:subclass("Fade")

function Fade:transitionDuration(ctx)
  return 0.3
end

function Fade:animateTransition(ctx)
  local a = { alpha = 0 }
  local b = { alpha = 0 }
  if a == b then ctx:view("to").alpha = a.alpha end
  ctx:completeTransition(true)
end

return Fade
