local Od = NSObject:subclass("Od")

function Od:animateTransition(ctx)
  local view = ctx:view("to") or ctx.containerView
end

return Od
