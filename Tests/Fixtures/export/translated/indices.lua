-- Transit counts positions from 1, as Lua lists do, and UIKit from 0: insertSubview(v, 1) is
-- at: 0, a computed index is one less, a 1-based property is read one more, and moved by a
-- step it moves by the same step.
local Tabs = NSObject:subclass("Tabs")

function Tabs:shouldSelect(tabBarController, viewController)
  local view = tabBarController.view
  view:insertSubview(UIView.new(), 1)
  local n = #view.subviews
  view:insertSubview(UIView.new(), n)
  view.layer:insertSublayer(CALayer(), n + 1)
  tabBarController.selectedIndex = tabBarController.selectedIndex - 1
  return tabBarController.selectedIndex < 3
end

return Tabs
