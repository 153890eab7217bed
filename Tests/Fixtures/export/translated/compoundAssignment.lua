-- `x = x + y` on a local or a property is Swift's `x += y` (`-=`, `*=`, `/=` likewise), and
-- `s = s .. t` on a string `s += t`.
local Count = NSObject:subclass("Count")

function Count:transitionDuration(ctx)
  return 0.3
end

function Count:animateTransition(ctx)
  local toView = ctx:view("to")
  local title = "Step"
  local scale = 1
  for i = 1, 3 do
    title = title .. " " .. i
    scale = scale * 0.9
    toView.alpha = toView.alpha / 2
  end
  toView.layer.cornerRadius = 20 * scale
  ctx:viewController("to").title = title
  ctx:completeTransition(true)
end

return Count
