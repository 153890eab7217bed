-- let unless reassigned, numbers typed by their use.
local MARGIN = 20
local DURATION = 0.25

local Slide = NSObject:subclass("Slide")

function Slide:transitionDuration(ctx)
  return DURATION
end

function Slide:animateTransition(ctx)
  local toView = ctx:view("to")
  local width = ctx.containerView.bounds.width
  local offset = width - MARGIN * 2
  local alpha = 0
  alpha = alpha + 0.5
  toView.alpha = alpha
  toView.frame = CGRect(MARGIN, 0, offset, ctx.containerView.bounds.height / 2)
  ctx:completeTransition(true)
end

return Slide
