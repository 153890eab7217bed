local Grow = NSObject:subclass("Grow")

local function scaled(size)
  return CGSize(size.width * 2, size.height * 2)
end

function Grow:animateTransition(ctx)
  local size = scaled(ctx.containerView.bounds.size, ctx:view("to"))
  ctx:completeTransition(true)
end

return Grow
