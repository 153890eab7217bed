-- A record's field that no table gives and nothing assigns is nil in every record: a branch
-- testing it never runs, in Lua as in the app. A colour's alpha is its CGColor's.
local function stateOf(view)
  local background = view.backgroundColor
  return { fade = background == nil or background.alpha < 1 }
end

local function apply(view, state)
  if state.scale then
    view.transform = CGAffineTransform(state.scale.x, 0, 0, state.scale.y, 0, 0)
  end
  view.alpha = state.fade and 0 or 1
end

local Fade = NSObject:subclass("Fade")

function Fade:transitionDuration(ctx)
  return 0.3
end

function Fade:animateTransition(ctx)
  local view = ctx:view("from")
  apply(view, stateOf(view))
  ctx:completeTransition(true)
end

return Fade
