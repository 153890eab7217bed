-- Two tables of one struct give a field values of two types.
local function label(done)
  if done then return { text = "done" } end
  return { text = false }
end

local Fade = NSObject:subclass("Fade")

function Fade:transitionDuration(ctx)
  return 0.3
end

function Fade:animateTransition(ctx)
  local shown = label(ctx.isAnimated)
  if shown.text then ctx:view("to").alpha = 1 end
  ctx:completeTransition(true)
end

return Fade
