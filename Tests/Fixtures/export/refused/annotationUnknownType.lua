-- A LuaLS annotation whose type has no Swift spelling the exporter knows.
local Delegate = NSObject:subclass("Delegate")

function Delegate:animationControllerForPresented(presented, presenting, source)
  return nil
end

---@param target fun(view: UIView)
function Delegate:install(target)
  self.target = target
end

return Delegate.new()
