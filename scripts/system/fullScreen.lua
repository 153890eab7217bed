-- UIModalPresentationStyle.fullScreen: the presented view covers the screen and "the views
-- belonging to the presenting view controller are removed after the presentation completes"
-- (UIKit docs, docs/sources.md §3.7). UIPresentationController defaults (docs/sources.md §3.3): the
-- presented view is the controller's view and its frame is the container's bounds.

local FullScreen = UIPresentationController:subclass("UIFullScreenPresentationController")

function FullScreen:shouldRemovePresentersView()
  return true
end

function FullScreen:frameOfPresentedViewInContainerView()
  return self.containerView.bounds
end

-- Keep the presented view on its frame when the container changes size (rotation); during a
-- transition the animator owns the frame.
function FullScreen:containerViewWillLayoutSubviews()
  local presented = self.presentedViewController
  if presented.isBeingPresented or presented.isBeingDismissed then return end
  self:presentedView().frame = self:frameOfPresentedViewInContainerView()
end

return FullScreen
