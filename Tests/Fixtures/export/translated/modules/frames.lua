-- Frames, made from sizes.
local sizes = require("modules.sizes")
local frames = {}

function frames.centred(bounds)
  local size = sizes.half(bounds.size)
  return CGRect(bounds.midX - size.width / 2, bounds.midY - size.height / 2, size.width, size.height)
end

return frames
