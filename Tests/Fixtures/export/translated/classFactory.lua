-- A class factory of a module, called at the top of the effect: the class it makes, with the
-- call's name, numbers and functions in it.
local SIZE = CGSize(270, 180)

return require("modules.chrome").controller("CardPresentationController", {
  cornerRadius = 12,
  -- Centred.
  frame = function(bounds)
    return CGRect(bounds.midX - SIZE.width / 2, bounds.midY - SIZE.height / 2, SIZE.width, SIZE.height)
  end,
})
