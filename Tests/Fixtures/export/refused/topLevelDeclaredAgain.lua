-- A top-level local declared again: Lua's second hides the first, a Swift file declares a name once.
local Fade = NSObject:subclass("Fade")
local Fade = NSObject:subclass("Fade")

function Fade:transitionDuration(ctx)
  return 0.3
end

function Fade:animateTransition(ctx)
  ctx:completeTransition(true)
end

return Fade
