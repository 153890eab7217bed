-- c and x or y with a boolean c: a conditional expression; with an x that may be nil,
-- (c ? x : nil) ?? y, which is what Lua computes.
local DURATION = 0.3

local Either = NSObject:subclass("Either")

function Either:transitionDuration(ctx)
  return ctx.isAnimated and DURATION or 0
end

function Either:animateTransition(ctx)
  local isPresenting = ctx:viewController("to").presentingViewController == ctx:viewController("from")
  local view = isPresenting and ctx:view("to") or ctx:view("from")
  view.alpha = 1
  ctx:completeTransition(true)
end

return Either
