local Rv = NSObject:subclass("Rv")

function Rv:animateTransition(ctx)
  local n = #ctx.containerView.subviews
  ctx.containerView.tag = math.random(n)
end

return Rv
