-- An init over a UIKit class takes its designated initialiser's arguments (X.new(a, b) makes the
-- superclass's part from them first): an override of it. UIView.new() is NSObject's init().
local Dimming = UIPresentationController:subclass("DimmingController")

function Dimming:init(presentedViewController, presentingViewController)
  self.dimmingView = UIView.new()
  self.dimmingView.alpha = 0
end

function Dimming:presentationTransitionWillBegin()
  self.dimmingView.frame = self.containerView.bounds
  self.containerView:addSubview(self.dimmingView)
end

return Dimming
