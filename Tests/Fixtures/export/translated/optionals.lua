-- A nil constant is an optional of the type its uses give it; `x or default` on an optional is
-- `x ?? default`, and `c and x or y` with an optional c is `c != nil ? x : y`, the optional
-- unwrapped where UIKit wants a value (Lua would raise on a nil there).
local params = { duration = 0.4, origin = nil }

local Grow = NSObject:subclass("Grow")

function Grow:transitionDuration(ctx)
  return params.duration
end

function Grow:animateTransition(ctx)
  local container = ctx.containerView
  local toView = ctx:view("to") or container
  container:addSubview(toView)
  local center = params.origin or CGPoint(container.bounds.midX, container.bounds.midY)
  local start = params.origin and container:convert(params.origin, toView) or center
  toView.center = start
  local title = ctx:viewController("to").title or "untitled"
  ctx:viewController("to").title = title .. "!"
  ctx:completeTransition(true)
end

return Grow
