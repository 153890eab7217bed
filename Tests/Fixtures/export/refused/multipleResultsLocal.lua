local Mr = NSObject:subclass("Mr")

function Mr:animateTransition(ctx)
  local a, b = ctx:finalFrame(ctx:viewController("to"))
end

return Mr
