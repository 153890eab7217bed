-- A field of a record assigned in a function that runs later, after the record was passed on.
local function show(view, state) view.alpha = state.alpha end

local Fade = NSObject:subclass("Fade")

function Fade:transitionDuration(ctx)
  return 0.3
end

function Fade:animateTransition(ctx)
  local toView = ctx:view("to")
  local state = { alpha = 0 }
  UIView.animate(0.3, function()
    state.alpha = 1
  end, function(finished)
    ctx:completeTransition(true)
  end)
  show(toView, state)
end

return Fade
