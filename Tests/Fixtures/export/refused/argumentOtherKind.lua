local function fade(view, to)
  view.alpha = to
end

local Fade = NSObject:subclass("Fade")

function Fade:animateTransition(ctx)
  fade(ctx.containerView, 0)
  fade(ctx.containerView, "none")
  ctx:completeTransition(true)
end

return Fade
