local Nh = NSObject:subclass("Nh")

function Nh:helper(view)
end

return Nh
