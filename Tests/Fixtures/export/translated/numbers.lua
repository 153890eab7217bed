-- Lua has one number type: an integer meeting a float is converted as Lua converts it, / is a
-- float division, and a number literal takes the type UIKit expects; a float computed from
-- integers alone takes the type of its first use (a view's alpha a CGFloat, a layer's opacity a Float).
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
    local rest = (4 - i) / 4
    container.layer.opacity = rest
  end
  ctx:completeTransition(true)
end

return Steps
