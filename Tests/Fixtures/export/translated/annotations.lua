-- A function nothing in the file calls (a setter Transit's scene calls, as UIKit sets an outlet)
-- takes its parameters' types from its LuaLS annotations: an API class, and a table of named
-- fields, a struct named after the parameter.
local Delegate = NSObject:subclass("Delegate")

function Delegate:animationControllerForTransitionFrom(tabBarController, fromVC, toVC)
  return nil
end

---@param tabBarController UITabBarController
---@param badge { text: string, count: integer? }
function Delegate:install(tabBarController, badge)
  tabBarController.delegate = self
  self.tabBarController = tabBarController
  self.badge = badge
  if badge.count then tabBarController.title = badge.text end
end

return Delegate.new()
