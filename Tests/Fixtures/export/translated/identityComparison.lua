-- An object UIKit types as a protocol (a child container) compared with one typed as a class:
-- Lua compares their identity, Swift's === on the two objects.
local Half = UIPresentationController:subclass("Half")

function Half:sizeForChildContentContainer(container, parentSize)
  if container == self.presentedViewController then
    return CGSize(parentSize.width / 2, parentSize.height)
  end
  return UIPresentationController.sizeForChildContentContainer(self, container, parentSize)
end

return Half
