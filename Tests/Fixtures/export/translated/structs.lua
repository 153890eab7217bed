-- A table of named fields made at run time is a Swift struct: the tables that meet (the two
-- results of one function) are one struct, a field one of them leaves out is optional, a number
-- literal's field takes the type of its use, and the struct is named after the local it is
-- bound to.
local function offsetOf(presenting, width)
  if presenting then
    return { dx = width, fade = true }
  end
  return { dx = -width, alpha = 0.5 }
end

local Slide = NSObject:subclass("Slide")

function Slide:transitionDuration(ctx)
  return 0.3
end

function Slide:animateTransition(ctx)
  local toView = ctx:view("to")
  local width = ctx.containerView.bounds.width
  local move = offsetOf(ctx.isAnimated, width)
  toView.frame = toView.frame:offsetBy(move.dx, 0)
  if move.fade then toView.alpha = 0 end
  if move.alpha then toView.alpha = move.alpha end
  ctx.containerView:addSubview(toView)
  ctx:completeTransition(true)
end

return Slide
