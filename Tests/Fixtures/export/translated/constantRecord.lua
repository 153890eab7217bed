-- Tables of named constants at the top used whole (chosen by a condition): records, instances
-- of one struct.
local ENTER = { fade = 0.25, delay = 0 }
local RETURN = { fade = 0.3, delay = 0.1 }

local Fader = NSObject:subclass("Fader")

function Fader:transitionDuration(ctx)
  return 0.4
end

function Fader:animateTransition(ctx)
  local view = ctx:view("to")
  local timing = view.alpha > 0 and ENTER or RETURN
  UIView.animate{ duration = timing.fade, delay = timing.delay, animations = function()
    view.alpha = 1
  end, completion = function(finished)
    ctx:completeTransition(true)
  end }
end

return Fader
