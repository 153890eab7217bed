-- A local function returning several values returns a Swift tuple; `local a, b = f()` and
-- `a, b = f()` take it apart; `local a = f()` keeps the first value, as Lua does.
local Halves = NSObject:subclass("Halves")

-- The left and right halves of a rectangle.
local function halves(rect)
  local half = rect.width / 2
  return CGRect(rect.x, rect.y, half, rect.height), CGRect(rect.x + half, rect.y, half, rect.height)
end

function Halves:transitionDuration(ctx)
  return 0.3
end

function Halves:animateTransition(ctx)
  local toView = ctx:view("to")
  local left, right = halves(ctx.containerView.bounds)
  toView.frame = left
  local first, second
  first, second = halves(right)
  toView.frame = first:union(second)
  local leftHalf = halves(left)
  toView.frame = leftHalf
  ctx:completeTransition(true)
end

return Halves
