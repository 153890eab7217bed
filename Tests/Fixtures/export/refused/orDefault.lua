local Od = NSObject:subclass("Od")

function Od:animateTransition(ctx)
  local view = ctx.containerView or ctx:view("to")
end

return Od
