local Mr = NSObject:subclass("Mr")

function Mr:transitionDuration(ctx)
  return 0.3, 0.5
end

return Mr
