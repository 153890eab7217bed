-- Directions and their opposites.
local directions = {}

directions.OPPOSITE = { left = "right", right = "left" }

function directions.offset(direction, width)
  if direction == "left" then return -width end
  return width
end

return directions
