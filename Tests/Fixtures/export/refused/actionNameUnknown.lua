local Dimmed = UIPresentationController:subclass("Dimmed")

function Dimmed:presentationTransitionWillBegin()
  self.containerView:addGestureRecognizer(UITapGestureRecognizer.new(self.presentedViewController, "dismissNow"))
end

return Dimmed
