local Meta = NSObject:subclass("Meta")

function Meta:animateTransition(ctx)
  local t = setmetatable({}, {})
end

return Meta
