-- Arrays at the top of the file that nothing assigns: a list of strings is the option set its
-- first use takes; an array of values is a `let` of its array type, indexed from 1 in Lua.
local OPTIONS = { "curveEaseInOut", "allowUserInteraction" }
local CURVE = { CGPoint(0.4, 0), CGPoint(0.2, 1) }

local Spring = NSObject:subclass("Spring")

function Spring:transitionDuration(ctx)
  return 0.4
end

function Spring:animateTransition(ctx)
  local view = ctx:view("to")
  local animator = UIViewPropertyAnimator.new{ duration = 0.4, controlPoint1 = CURVE[1], controlPoint2 = CURVE[2] }
  animator:addAnimations(function() view.alpha = 1 end)
  animator:startAnimation()
  UIView.animate{ duration = 0.4, options = OPTIONS, animations = function()
    view.alpha = 1
  end, completion = function(finished)
    ctx:completeTransition(true)
  end }
end

return Spring
