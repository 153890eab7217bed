-- Lua's % is a floored modulo and // a floor division: the helpers at the end do what Lua does,
-- for integers and floats (a float // is floor(a / b)); `..` writes an integer as Lua does.
local Grid = NSObject:subclass("Grid")

function Grid:transitionDuration(ctx)
  return 0.3
end

function Grid:animateTransition(ctx)
  local container = ctx.containerView
  local count = #container.subviews
  for i = 1, count do
    local column = (i - 1) % 3
    local row = (i - 1) // 3
    container.subviews[i].frame = CGRect(column * 100, row * 100, 100, 100)
  end
  ctx:viewController("to").title = "cells: " .. count
  container.alpha = container.alpha % 1
  container.layer.zPosition = container.frame.width // 2
  ctx:completeTransition(true)
end

return Grid
