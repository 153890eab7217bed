local Pm = NSObject:subclass("Pm")

function Pm:animateTransition(ctx)
  if self:interruptibleAnimator(ctx).isInterruptible then ctx:completeTransition(true) end
end

return Pm
