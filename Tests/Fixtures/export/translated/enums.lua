-- Enumeration strings are Swift cases where UIKit's declaration takes the enumeration; a list
-- of them is an option set.
local Keys = NSObject:subclass("Keys")

function Keys:transitionDuration(ctx)
  return 0.3
end

function Keys:animateTransition(ctx)
  local fromVC = ctx:viewController("from")
  local toView = ctx:view("to")
  toView.autoresizingMask = { "flexibleWidth", "flexibleHeight" }
  fromVC.view.layer.maskedCorners = { "layerMinXMinYCorner", "layerMaxXMinYCorner" }
  ctx:completeTransition(true)
end

return Keys
