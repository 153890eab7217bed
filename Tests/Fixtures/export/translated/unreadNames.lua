-- A loop's name the body never reads is not bound (`for _ in`, `for subview in`, `for offset in
-- array.indices`); `x or y` bound to a local where y may be nil too is `x ?? y!`.
local Fan = NSObject:subclass("Fan")

function Fan:transitionDuration(ctx)
  return 0.3
end

function Fan:animateTransition(ctx)
  local container = ctx.containerView
  local view = ctx:view("to") or ctx:view("from")
  for i, subview in ipairs(container.subviews) do
    subview.isHidden = false
  end
  for i, subview in ipairs(container.subviews) do
    view.alpha = i * 0.1
  end
  for i in ipairs(container.subviews) do
    view.alpha = 1
  end
  ctx:completeTransition(true)
end

return Fan
