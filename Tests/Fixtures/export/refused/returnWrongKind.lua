local Fade = NSObject:subclass("Fade")

function Fade:transitionDuration(ctx)
  return ctx.containerView
end

return Fade
