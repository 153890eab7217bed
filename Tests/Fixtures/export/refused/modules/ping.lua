local pong = require("modules.pong")
local ping = {}
function ping.value() return pong.value() end
return ping
