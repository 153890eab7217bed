local Cl = NSObject:subclass("Cl")

function Cl:animateTransition(ctx)
  local handle <close> = ctx.containerView
end

return Cl
