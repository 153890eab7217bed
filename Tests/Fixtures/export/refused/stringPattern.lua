local Sp = NSObject:subclass("Sp")

function Sp:animateTransition(ctx)
  local title = ctx:viewController("to").title
  local short = string.gsub(title, "%s+", "")
end

return Sp
