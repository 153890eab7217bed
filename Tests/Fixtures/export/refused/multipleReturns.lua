local Mr = NSObject:subclass("Mr")

local function pair()
  return 1, 2
end

function Mr:animateTransition(ctx)
  local a = pair()
end

return Mr
