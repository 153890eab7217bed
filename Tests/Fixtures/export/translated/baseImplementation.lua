-- UIPresentationController.presentedView(self) runs UIKit's implementation, which Swift calls
-- super.presentedView.
local Wrapped = UIPresentationController:subclass("Wrapped")

function Wrapped:presentedView()
  return self.wrapper
end

function Wrapped:presentationTransitionWillBegin()
  local content = UIPresentationController.presentedView(self)
  local wrapper = UIView.new{ frame = content.frame }
  self.wrapper = wrapper
  wrapper:addSubview(content)
  self.containerView:addSubview(wrapper)
end

return Wrapped
