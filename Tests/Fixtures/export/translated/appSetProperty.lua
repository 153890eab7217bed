-- A field of self nothing in the file assigns, read with a default (`self.sourceView or ...`): a
-- property the app sets before presenting, nil until then, as Lua reads it.
local Zoom = NSObject:subclass("Zoom")

function Zoom:transitionDuration(ctx)
  return 0.3
end

function Zoom:animateTransition(ctx)
  local container = ctx.containerView
  local source = self.sourceView or container
  ctx:view("to").frame = source.frame
  container:addSubview(ctx:view("to"))
  ctx:completeTransition(true)
end

return Zoom
