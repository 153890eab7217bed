local OPTIONS = { "curveEaseInOut", "allowUserInteraction" }

local Spring = NSObject:subclass("Spring")

function Spring:animateTransition(ctx)
  local view = ctx:view("to")
  UIView.animate{ duration = 0.4, options = OPTIONS, animations = function() view.alpha = 1 end }
  for _, name in ipairs(OPTIONS) do
    ctx:viewController("to").title = name
  end
  ctx:completeTransition(true)
end

return Spring
