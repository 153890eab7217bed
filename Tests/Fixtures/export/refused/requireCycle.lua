local ping = require("modules.ping")
local A = NSObject:subclass("A")
function A:transitionDuration(ctx)
  return ping.value()
end
return A
