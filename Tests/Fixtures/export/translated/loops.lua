-- A numeric for (stride, which runs zero times when the limit is below the start, as Lua's)
-- and ipairs over an array (one-based indices).
local Stagger = NSObject:subclass("Stagger")

function Stagger:transitionDuration(ctx)
  return 0.4
end

function Stagger:animateTransition(ctx)
  local container = ctx.containerView
  for i = 1, 3 do
    container.alpha = container.alpha - 0.1
  end
  for index, view in ipairs(container.subviews) do
    view.alpha = index / 10
  end
  for _, view in ipairs(container.subviews) do
    view.isHidden = false
  end
  ctx:completeTransition(true)
end

return Stagger
