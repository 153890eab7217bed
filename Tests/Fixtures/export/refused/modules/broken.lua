-- A module whose function the effect calls uses a construct the exporter refuses.
local broken = {}

function broken.fade(view)
  view.alpha = 0
  setmetatable({}, {})
end

return broken
