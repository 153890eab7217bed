local dimmer = require("modules.dimmer")
local Light = dimmer.make("Light", { alpha = 0.2 })
local Dark = dimmer.make("Dark", { alpha = 0.8 })
Light.modalPresentationStyle = "custom"
return Dark
