local Pin = UIPresentationController:subclass("Pin")

function Pin:presentationTransitionWillBegin()
  local view = self.presentedViewController.view
  NSLayoutConstraint.activate{
    view.topAnchor:constraint{equalTo = self.containerView.topAnchor},
    self,
  }
end

return Pin
