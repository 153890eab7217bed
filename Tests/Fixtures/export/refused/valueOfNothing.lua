-- The value of a call of a function that returns nothing, kept in a field: Lua's nil.
local function prepare(view)
  view.alpha = 0
end

local Fade = NSObject:subclass("Fade")

function Fade:transitionDuration(ctx)
  return 0.3
end

function Fade:animateTransition(ctx)
  self.prepared = prepare(ctx:view("to"))
  ctx:completeTransition(true)
end

return Fade
