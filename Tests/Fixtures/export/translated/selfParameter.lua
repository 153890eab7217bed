-- A file function whose parameter Lua names self (Swift's keyword) is named after its class; a
-- field of that object bound to a local is unwrapped there, as the object's own would be.
local function follow(self, gesture)
  if gesture.state == "began" then
    self.start = self.presentedViewController.view.frame
  else
    local start = self.start
    self.presentedViewController.view.frame = start:offsetBy(0, gesture:translation(self.containerView).y)
  end
end

local Swipe = UIPresentationController:subclass("Swipe")

function Swipe:presentationTransitionWillBegin()
  self.presentedViewController.view:addGestureRecognizer(UIPanGestureRecognizer.new(function(g) follow(self, g) end))
end

return Swipe
