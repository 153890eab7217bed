-- An action function reading a local of the function that makes the recognizer: the @objc
-- method cannot see it, so the target keeps its value for each recognizer, where it is made.
local Dimmed = UIPresentationController:subclass("Dimmed")

function Dimmed:presentationTransitionWillBegin()
  local dimming = UIView.new{ frame = self.containerView.bounds }
  local presented = self.presentedViewController
  dimming:addGestureRecognizer(UITapGestureRecognizer.new(function()
    dimming.alpha = 0
    presented:dismiss(true, nil)
  end))
  self.containerView:addSubview(dimming)
end

return Dimmed
