-- A module that requires another: each is a namespace, once, the required one first.
local frames = require("modules.frames")
local sizes = require("modules.sizes")
local Centre = NSObject:subclass("Centre")

function Centre:transitionDuration(ctx)
  return 0.3
end

function Centre:animateTransition(ctx)
  local toView = ctx:view("to")
  toView.frame = frames.centred(ctx.containerView.bounds)
  toView.bounds = CGRect(0, 0, sizes.half(toView.bounds.size).width, toView.bounds.height)
  ctx.containerView:addSubview(toView)
  ctx:completeTransition(true)
end

return Centre
