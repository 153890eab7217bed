-- A record field given { 0, 1 } by one table and { 0, 0.9 } by another: Lua has one number type,
-- so the struct's field is a [Double], which the integer literals also are.
local ENTER = { fade = { 0, 0.25 }, bounds = { 0, 1 } }
local RETURN = { fade = { 0.6, 0.9 }, bounds = { 0, 0.9 } }

local Fader = NSObject:subclass("Fader")

function Fader:transitionDuration(ctx)
  return 0.4
end

function Fader:animateTransition(ctx)
  local view = ctx:view("to")
  local thresholds = view.alpha > 0 and ENTER or RETURN
  local range = thresholds.bounds
  UIView.animate{ duration = 0.4 * (range[2] - range[1]), delay = 0.4 * thresholds.fade[1], animations = function()
    view.alpha = 1
  end, completion = function(finished)
    ctx:completeTransition(true)
  end }
end

return Fader
