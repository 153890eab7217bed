-- A field of a record assigned where the record is a parameter: the caller's struct would not
-- change, where Lua's one table does.
local function dim(state) state.alpha = 0.5 end

local Fade = NSObject:subclass("Fade")

function Fade:transitionDuration(ctx)
  return 0.3
end

function Fade:animateTransition(ctx)
  local state = { alpha = 1 }
  dim(state)
  ctx:view("to").alpha = state.alpha
  ctx:completeTransition(true)
end

return Fade
