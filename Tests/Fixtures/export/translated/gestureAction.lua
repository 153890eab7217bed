-- A gesture recognizer given a Lua function: UIKit calls a method of a target object, so the
-- function becomes an @objc method of the class, self the target, named with #selector.
local Dimmed = UIPresentationController:subclass("Dimmed")

function Dimmed:presentationTransitionWillBegin()
  local dimming = UIView.new{ frame = self.containerView.bounds }
  dimming:addGestureRecognizer(UITapGestureRecognizer.new(function()
    self.presentedViewController:dismiss(true, nil)
  end))
  dimming:addGestureRecognizer(UIPanGestureRecognizer.new(function(pan)
    -- Follows the finger.
    pan.view.alpha = 1 - pan:translation(self.containerView).y / 100
  end))
  self.containerView:insertSubview(dimming, 1)
end

return Dimmed
