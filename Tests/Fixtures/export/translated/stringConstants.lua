-- A string constant is a String, or an enumeration's case where UIKit takes one (Transit
-- spells cases as strings); a field of the object read into a local is unwrapped there.
local params = { style = "dark", title = "Blurred" }

local Blur = UIPresentationController:subclass("Blur")

function Blur:presentationTransitionWillBegin()
  local blur = UIVisualEffectView{ effect = UIBlurEffect{ style = params.style } }
  self.blurView = blur
  self.presentedViewController.title = params.title
  self.containerView:addSubview(blur)
end

function Blur:dismissalTransitionWillBegin()
  local blur = self.blurView
  blur.effect = nil
end

return Blur
