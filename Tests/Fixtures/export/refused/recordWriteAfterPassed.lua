-- A field of a record assigned after the record was passed on: Lua's one table would change
-- where it was passed too, where a Swift struct there is a copy.
local function keep(state) return state end

local Fade = NSObject:subclass("Fade")

function Fade:transitionDuration(ctx)
  return 0.3
end

function Fade:animateTransition(ctx)
  local state = { alpha = 0 }
  local kept = keep(state)
  state.alpha = 1
  ctx:view("to").alpha = kept.alpha
  ctx:completeTransition(true)
end

return Fade
