local Dk = NSObject:subclass("Dk")

function Dk:animateTransition(ctx)
  local key = "alpha"
  local view = ctx:view("to")
  local value = view[key]
end

return Dk
