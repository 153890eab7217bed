local broken = require("modules.broken")
local A = NSObject:subclass("A")

function A:transitionDuration(ctx)
  return 0.3
end

function A:animateTransition(ctx)
  broken.fade(ctx:view("to"))
  ctx:completeTransition(true)
end

return A
