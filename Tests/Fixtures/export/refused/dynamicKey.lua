local Dk = NSObject:subclass("Dk")

function Dk:animateTransition(ctx)
  local key = "alpha"
  local view = ctx:view("to")
  view[key] = 1
end

return Dk
