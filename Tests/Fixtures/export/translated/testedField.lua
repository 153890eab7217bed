-- A field tested for truth is a Swift optional: Lua reads it as nil before it is assigned, and
-- false and nil are both false, so an optional Bool is tested with == true.
local Once = NSObject:subclass("Once")

function Once:transitionDuration(ctx)
  return 0.3
end

function Once:animateTransition(ctx)
  if not self.started and ctx.isAnimated then
    self.started = true
  end
  ctx:completeTransition(self.started == true)
end

return Once
