local Lf = NSObject:subclass("Lf")

function Lf:animateTransition(ctx)
  transit.log("alpha", ctx.containerView.alpha)
end

return Lf
