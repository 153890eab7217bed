local params = { duration = 0.3, origin = nil }

local Nc = NSObject:subclass("Nc")

function Nc:transitionDuration(ctx)
  if params.origin then return 0 end
  return params.duration
end

return Nc
