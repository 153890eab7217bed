local Pa = NSObject:subclass("Pa")

function Pa:animateTransition(ctx)
  for key, value in pairs({ a = 1 }) do
  end
end

return Pa
