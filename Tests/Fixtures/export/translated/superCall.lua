-- Class.super.method(self, ...) in a method of Class is Swift's super.method(...); X.new(a, b)
-- over a UIKit class without an init of the script's is its inherited initialiser.
local Cover = UIPresentationController:subclass("CoverPresentationController")

function Cover:containerViewWillLayoutSubviews()
  Cover.super.containerViewWillLayoutSubviews(self)
  self:presentedView().frame = self.contentFrame
end

local Interaction = UIPercentDrivenInteractiveTransition:subclass("CoverInteraction")

function Interaction:startInteractiveTransition(transitionContext)
  self.context = transitionContext
  Interaction.super.startInteractiveTransition(self, transitionContext)
end

local Delegate = NSObject:subclass("CoverDelegate")

function Delegate:presentationControllerForPresented(presented, presenting, source)
  local controller = Cover.new(presented, presenting)
  controller.contentFrame = CGRect(10, 20, 300, 400)
  return controller
end

function Delegate:interactionControllerForDismissal(animator)
  return Interaction.new()
end

return Delegate
