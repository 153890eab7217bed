local Cf = NSObject:subclass("Cf")

function Cf:animateTransition(ctx)
  ctx:viewController("to").title = "alpha " .. ctx.containerView.alpha
end

return Cf
