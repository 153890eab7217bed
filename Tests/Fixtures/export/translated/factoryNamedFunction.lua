-- A function the call of a class factory passes by name is called by that name.
local function centred(bounds)
  return CGRect(bounds.midX - 50, bounds.midY - 50, 100, 100)
end

local Card = require("modules.chrome").controller("NamedPresentationController", { frame = centred, dimAlpha = 0.3 })
Card.modalPresentationStyle = "custom"
return Card
