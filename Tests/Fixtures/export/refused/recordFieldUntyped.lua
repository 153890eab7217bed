-- A field no table of the record gives (Lua reads nil) whose use gives it no Swift type.
local Move = NSObject:subclass("Move")

function Move:transitionDuration(ctx)
  return 0.3
end

function Move:animateTransition(ctx)
  local toView = ctx:view("to")
  local state = { alpha = 1 }
  if state.offset then toView.center = CGPoint(state.offset.x, 0) end
  toView.alpha = state.alpha
  ctx:completeTransition(true)
end

return Move
