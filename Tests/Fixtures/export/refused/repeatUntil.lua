local Ru = NSObject:subclass("Ru")

function Ru:animateTransition(ctx)
  repeat
    local done = true
  until done
end

return Ru
