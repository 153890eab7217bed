local function shift(view, by)
  view.center = CGPoint(view.center.x + by, view.center.y)
end

local Slide = NSObject:subclass("Slide")

function Slide:animateTransition(ctx)
  shift(ctx:view("to"))
  shift(ctx:view("to"), 10)
  ctx:completeTransition(true)
end

return Slide
