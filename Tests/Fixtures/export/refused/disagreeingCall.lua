local Mover = NSObject:subclass("Mover")

function Mover:transitionDuration(ctx)
  return 0.3
end

function Mover:animateTransition(ctx)
  self:place(ctx:view("to"))
  self:place(ctx.containerView.bounds)
  ctx:completeTransition(true)
end

function Mover:place(view)
  view.alpha = 1
end

return Mover
