-- A module's table of named constants read with a key the effect computes is a Swift dictionary;
-- the read is optional, as Lua's of a missing key is nil, unless the key is a constant of the
-- file that the table has.
local directions = require("modules.directions")

local params = { direction = "left" }

local Slide = NSObject:subclass("Slide")

function Slide:transitionDuration(ctx)
  return 0.3
end

function Slide:animateTransition(ctx)
  local toView = ctx:view("to")
  local back = directions.OPPOSITE[params.direction]
  toView.frame = toView.frame:offsetBy(directions.offset(back, toView.frame.width), 0)
  ctx.containerView:addSubview(toView)
  ctx:completeTransition(true)
end

return Slide
