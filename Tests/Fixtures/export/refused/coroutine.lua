local Co = NSObject:subclass("Co")

function Co:animateTransition(ctx)
  local co = coroutine.create(function() end)
end

return Co
