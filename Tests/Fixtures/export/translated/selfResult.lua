-- A method UIKit declares as returning Self (CALayer's presentation() -> Self?): the receiver's type.
local Grab = NSObject:subclass("Grab")

function Grab:transitionDuration(ctx)
  return 0.3
end

function Grab:animateTransition(ctx)
  local view = ctx:view("to")
  local onScreen = view.layer:presentation().position.y - view.bounds.height / 2
  view.alpha = onScreen > 0 and 1 or 0
  ctx:completeTransition(true)
end

return Grab
