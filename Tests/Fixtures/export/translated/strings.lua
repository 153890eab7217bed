-- .. on strings is +; a string constant is a String.
local PREFIX = "Card"

local Named = NSObject:subclass("Named")

function Named:transitionDuration(ctx)
  return 0.3
end

function Named:animateTransition(ctx)
  local toVC = ctx:viewController("to")
  toVC.title = PREFIX .. " " .. "detail"
  ctx:completeTransition(true)
end

return Named
