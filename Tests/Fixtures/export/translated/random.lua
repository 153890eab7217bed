-- math.random is random in the app too (Transit seeds it only so that renders repeat):
-- math.random() is a float in [0, 1), math.random(m, n) an integer from m to n, both included,
-- and math.random(n) one from 1 to n.
local Scatter = NSObject:subclass("Scatter")

function Scatter:transitionDuration(ctx)
  return 0.5
end

function Scatter:animateTransition(ctx)
  local toView = ctx:view("to")
  ctx.containerView:addSubview(toView)
  toView.alpha = math.random()
  local column = math.random(0, 9)
  local row = math.random(20)
  toView.frame = CGRect(column * 10, row * 10, 10, 10)
  local jitter = math.random() * 2
  toView.center = CGPoint(toView.center.x + jitter, toView.center.y)
  ctx:completeTransition(true)
end

return Scatter
