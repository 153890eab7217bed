local Ac = UIPresentationController:subclass("Ac")

function Ac:presentationTransitionWillBegin()
  local dimming = UIView.new{ frame = self.containerView.bounds }
  dimming:addGestureRecognizer(UITapGestureRecognizer.new(function()
    dimming.alpha = 0
  end))
end

return Ac
