local Cover = UIPresentationController:subclass("Cover")

function Cover:containerViewWillLayoutSubviews()
end

local Delegate = NSObject:subclass("Delegate")

function Delegate:presentationControllerForPresented(presented, presenting, source)
  local controller = Cover.new(presented, presenting)
  Cover.super.containerViewWillLayoutSubviews(controller)
  return controller
end

return Delegate
