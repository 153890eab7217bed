local ping = require("modules.ping")
local pong = {}
function pong.value() return 1 end
return pong
