local function fade(view)
  view.alpha = 0
end

local Fade = NSObject:subclass("Fade")

function Fade:animateTransition(ctx)
  fade(ctx.containerView)
  fade(ctx:view("from"))
  ctx:completeTransition(true)
end

return Fade
