-- Sizes.
local sizes = {}

function sizes.half(size)
  return CGSize(size.width / 2, size.height / 2)
end

return sizes
