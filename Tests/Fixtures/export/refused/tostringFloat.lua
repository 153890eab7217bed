local Tf = NSObject:subclass("Tf")

function Tf:animateTransition(ctx)
  ctx:viewController("to").title = tostring(ctx.containerView.alpha)
end

return Tf
