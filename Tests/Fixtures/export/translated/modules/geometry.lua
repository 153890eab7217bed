-- Geometry helpers shared by effects.
local geometry = {}

-- How far a view travels, in points.
geometry.TRAVEL = 40

-- The frame moved down by `amount`.
function geometry.lowered(frame, amount)
  return frame:offsetBy(0, amount)
end

-- Not used by the effect below: left out of its Swift.
function geometry.raised(frame, amount)
  return frame:offsetBy(0, -amount)
end

local function half(value)
  return value / 2
end

function geometry.centreY(frame)
  return frame.y + half(frame.height)
end

return geometry
