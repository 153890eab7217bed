-- A call that leaves out the last parameters (Lua passes nil): optional parameters defaulting to
-- nil, when the function only compares or tests them.
local function snapshot(view, afterUpdates)
  return view:snapshotView(afterUpdates == true)
end

local Flip = NSObject:subclass("Flip")

function Flip:transitionDuration(ctx)
  return 0.3
end

function Flip:animateTransition(ctx)
  local container = ctx.containerView
  local function place(view, above)
    container:addSubview(view)
    if above then
      view.center = above.center
    end
  end
  local from = snapshot(ctx:view("from"))
  local to = snapshot(ctx:view("to"), true)
  place(from)
  place(to, from)
  ctx:completeTransition(true)
end

return Flip
