local Ra = NSObject:subclass("Ra")

function Ra:animateTransition(ctx)
  local pair = { view = ctx.containerView, alpha = 1 }
  pair.alpha = 0
end

return Ra
