-- A local declared again in its block: Lua's second hides the first, Swift declares a name once.
local Fade = NSObject:subclass("Fade")

function Fade:transitionDuration(ctx)
  return 0.3
end

function Fade:animateTransition(ctx)
  local view = ctx:view("to")
  local view = ctx:view("from")
  view.alpha = 1
  ctx:completeTransition(true)
end

return Fade
