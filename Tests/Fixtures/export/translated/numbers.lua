-- Lua has one number type: an integer meeting a float is converted as Lua converts it, / is a
-- float division, and a number literal takes the type UIKit expects.
local Steps = NSObject:subclass("Steps")

function Steps:transitionDuration(ctx)
  return 0.5
end

function Steps:animateTransition(ctx)
  local container = ctx.containerView
  for i = 0, 4 do
    local half = i * 0.5
    local third = i / 3
    container.alpha = half + third
  end
  ctx:completeTransition(true)
end

return Steps
