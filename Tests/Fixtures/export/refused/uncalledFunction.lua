local Mr = NSObject:subclass("Mr")

local function pair()
  return 1, 2
end

return Mr
