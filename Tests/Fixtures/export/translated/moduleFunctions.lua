-- A module the effect requires: a namespace of its functions and constants, translated once
-- into the same file, with what the effect uses.
local geometry = require("modules.geometry")
local again = require("modules.geometry")

local Drop = NSObject:subclass("Drop")

function Drop:transitionDuration(ctx)
  return 0.3
end

function Drop:animateTransition(ctx)
  local toView = ctx:view("to")
  local final = ctx.containerView.bounds
  toView.frame = geometry.lowered(final, geometry.TRAVEL)
  toView.center = CGPoint(final.midX, again.centreY(final))
  ctx.containerView:addSubview(toView)
  ctx:completeTransition(true)
end

return Drop
