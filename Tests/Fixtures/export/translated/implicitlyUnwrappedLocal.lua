-- A property UIKit declares implicitly unwrapped (UIViewController.view) bound to a local is
-- unwrapped there, as an optional result is: Lua would raise where the nil is used.
local Rounded = UIPresentationController:subclass("RoundedPresentationController")

function Rounded:presentationTransitionWillBegin()
  local view = self.presentedViewController.view
  view.layer.cornerRadius = 8
  view.clipsToBounds = true
end

return Rounded
