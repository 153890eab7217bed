local viewOf = {}
local A = UIPresentationController:subclass("A")

function A:presentationTransitionWillBegin()
  viewOf[self.containerView.bounds.width] = self.containerView
end

return A
