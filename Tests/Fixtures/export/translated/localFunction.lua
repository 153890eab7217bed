-- A local function of the file: its first call gives its parameters their Swift types, its
-- first return its result.
local Shift = NSObject:subclass("Shift")

-- The same frame with another x.
local function atX(frame, x)
  return CGRect(x, frame.y, frame.width, frame.height)
end

function Shift:transitionDuration(ctx)
  return 0.3
end

function Shift:animateTransition(ctx)
  local toView = ctx:view("to")
  local steps = 2
  toView.frame = atX(toView.frame, 0)
  toView.alpha = steps * math.pi / 10
  ctx:completeTransition(true)
end

return Shift
