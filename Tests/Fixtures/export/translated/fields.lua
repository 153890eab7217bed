-- A field the script keeps on its object is a stored property typed by its first assignment;
-- a property of the superclass is the superclass's.
local Dimming = UIPresentationController:subclass("DimmingPresentationController")

function Dimming:presentationTransitionWillBegin()
  self.dimmingView = UIView.new{ frame = self.containerView.bounds }
  self.dimmingView.alpha = 0
  self.containerView:addSubview(self.dimmingView)
end

function Dimming:dismissalTransitionDidEnd(completed)
  if completed then
    self.dimmingView:removeFromSuperview()
  end
end

return Dimming
