local Va = NSObject:subclass("Va")

function Va:animateTransition(...)
end

return Va
