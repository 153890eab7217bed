local factory = require("modules.factory")
local Delegate = NSObject:subclass("Delegate")

function Delegate:presentationControllerForPresented(presented, presenting, source)
  local Made = factory.make("Made", { frame = CGRect(0, 0, 10, 10) })
  return Made.new(presented, presenting)
end

return Delegate
