local Ts = NSObject:subclass("Ts")

function Ts:animateTransition(ctx)
  transit.wait(0.5)
  ctx:completeTransition(true)
end

return Ts
