-- A property the protocol UIKit types a value as requires: UIContentContainer's preferredContentSize.
local Sized = UIPresentationController:subclass("Sized")

function Sized:sizeForChildContentContainer(container, parentSize)
  if container == self.presentedViewController then
    return container.preferredContentSize
  end
  return parentSize
end

return Sized
