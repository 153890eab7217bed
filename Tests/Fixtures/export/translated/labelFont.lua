-- A new label's fontSize and fontWeight (Transit's shortcuts) are UIKit's one font, the system
-- font of that size and weight (17 points and regular unless given, as in UIKit).
local Titled = NSObject:subclass("Titled")

function Titled:transitionDuration(ctx)
  return 0.3
end

function Titled:animateTransition(ctx)
  local container = ctx.containerView
  container:addSubview(UILabel.new{ frame = CGRect(0, 0, 100, 40), text = "Hello", fontSize = 18, fontWeight = "bold" })
  container:addSubview(UILabel.new{ fontWeight = "semibold", text = "World" })
  ctx:completeTransition(true)
end

return Titled
