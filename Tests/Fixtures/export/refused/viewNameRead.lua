-- Transit's name of a view read: UIKit has no name (an app finds a view by an outlet or a tag).
local Find = NSObject:subclass("Find")

function Find:transitionDuration(ctx)
  return 0.3
end

function Find:animateTransition(ctx)
  local toView = ctx:view("to")
  toView.name = "destination"
  if toView.name == "destination" then toView.alpha = 1 end
  ctx:completeTransition(true)
end

return Find
