local Gt = NSObject:subclass("Gt")

function Gt:animateTransition(ctx)
  goto done
  ::done::
end

return Gt
