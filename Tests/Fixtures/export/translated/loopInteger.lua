-- A numeric for whose start and step are integers loops with integers in Lua, whatever its limit:
-- with a float limit the Swift variable is a float, written as the integer it holds.
local Tiles = NSObject:subclass("Tiles")

function Tiles:transitionDuration(ctx)
  return 0.4
end

function Tiles:animateTransition(ctx)
  local container = ctx.containerView
  local columns = math.ceil(container.bounds.width / 100)
  for x = 0, columns - 1 do
    local tile = UIView.new{ frame = CGRect(x * 100, 0, 100, 100), name = "tile " .. x }
    container:addSubview(tile)
    ctx:viewController("to").title = string.format("%d of %d", x, 8)
  end
  ctx:completeTransition(true)
end

return Tiles
