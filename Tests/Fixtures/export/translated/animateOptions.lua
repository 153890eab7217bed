-- UIView.animate's options table: labelled arguments of the overload its keys name.
local Spring = NSObject:subclass("Spring")

function Spring:transitionDuration(ctx)
  return 0.5
end

function Spring:animateTransition(ctx)
  local toView = ctx:view("to")
  ctx.containerView:addSubview(toView)
  UIView.animate{ duration = 0.5, delay = 0.1, options = { "curveEaseOut" }, animations = function()
    toView.alpha = 1
  end }
  UIView.animate{ duration = 0.5, dampingRatio = 0.7, velocity = 0, animations = function()
    toView.transform = CGAffineTransform.identity
  end, completion = function(finished)
    ctx:completeTransition(finished)
  end }
end

return Spring
