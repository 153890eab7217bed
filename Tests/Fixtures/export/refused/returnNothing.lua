local function layout(view)
  view.alpha = 1
end

local Dim = UIPresentationController:subclass("Dim")

function Dim:frameOfPresentedViewInContainerView()
  return layout(self.containerView)
end

return Dim
