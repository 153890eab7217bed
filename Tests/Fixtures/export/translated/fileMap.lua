-- A table at the top of the file used as a map, keyed by objects: a Swift dictionary, typed by
-- its first assignment; a missing key reads as nil.
local dimmingOf = {}

local Dim = UIPresentationController:subclass("DimPresentationController")

function Dim:presentationTransitionWillBegin()
  if dimmingOf[self.presentedViewController] then return end
  local dimming = UIView.new{ frame = self.containerView.bounds }
  self.containerView:addSubview(dimming)
  dimmingOf[self.presentedViewController] = dimming
end

function Dim:dismissalTransitionDidEnd(completed)
  if completed then dimmingOf[self.presentedViewController] = nil end
end

return Dim
