local function options() return {} end
return require("modules.factory").make("Made", options())
