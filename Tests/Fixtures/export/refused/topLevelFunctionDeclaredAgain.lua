local function half(x) return x / 2 end
local function half(x) return x * 0.5 end

local Fade = NSObject:subclass("Fade")

function Fade:animateTransition(ctx)
  ctx.containerView.alpha = half(1)
  ctx:completeTransition(true)
end

return Fade
