-- a, b = x, y: Lua evaluates every value before it assigns any target, as Swift's tuple
-- assignment does.
local Swap = NSObject:subclass("Swap")

function Swap:transitionDuration(ctx)
  return 0.3
end

function Swap:animateTransition(ctx)
  local front = ctx:view("to")
  local back = ctx:view("from")
  front, back = back, front
  ctx.containerView:addSubview(back)
  front.alpha, back.alpha = 0, 1
  ctx:completeTransition(true)
end

return Swap
