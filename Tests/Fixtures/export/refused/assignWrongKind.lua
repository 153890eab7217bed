local Dim = UIPresentationController:subclass("Dim")

function Dim:presentationTransitionWillBegin()
  self.containerView.frame = 1.5
end

return Dim
