-- A call with more arguments than the function has parameters: Lua drops the extra ones, and an
-- extra local or property read has nothing to evaluate, so the Swift call leaves it out.
local Grow = NSObject:subclass("Grow")

local function scaled(size)
  return CGSize(size.width * 2, size.height * 2)
end

function Grow:transitionDuration(ctx)
  return 0.3
end

function Grow:animateTransition(ctx)
  local toView = ctx:view("to")
  local size = scaled(ctx.containerView.bounds.size, toView)
  toView.frame = CGRect(0, 0, size.width, size.height)
  ctx:completeTransition(true)
end

return Grow
