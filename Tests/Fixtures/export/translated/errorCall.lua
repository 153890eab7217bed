-- error(message) reports a programmer's mistake: fatalError(message), which stops the app in
-- every build configuration, as Lua's error always raises.
local EDGE = "left"

local Edge = NSObject:subclass("Edge")

function Edge:transitionDuration(ctx)
  return 0.3
end

function Edge:animateTransition(ctx)
  local toView = ctx:view("to")
  local offset
  if EDGE == "left" then offset = CGVector(-1, 0)
  elseif EDGE == "right" then offset = CGVector(1, 0)
  else error("EDGE must be left or right") end
  toView.frame = ctx.containerView.bounds:offsetBy(offset.dx * 100, 0)
  ctx.containerView:addSubview(toView)
  ctx:completeTransition(true)
end

return Edge
