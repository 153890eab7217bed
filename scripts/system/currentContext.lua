-- UIModalPresentationStyle.currentContext: the presented view covers the view of the
-- presentation context (the nearest ancestor with definesPresentationContext, else the root)
-- and that context's views are removed after the presentation, as for fullScreen (UIKit docs,
-- docs/sources.md §3.7). The host picks that context as the presenting controller
-- (docs/semantics.md, "Who presents"): for the window's root this is exactly fullScreen.

local FullScreen = require("system.fullScreen")

local CurrentContext = FullScreen:subclass("UICurrentContextPresentationController")

-- The frame each controller remembers, kept here: UIKit's controllers have no fields for
-- scripts to add (Transit reports one written on them as a mistake).
local contextFrames = setmetatable({}, { __mode = "k" })

-- The presenting controller's view, in the container's coordinates. Remembered, because the
-- presenter's view leaves the window once the presentation completes.
function CurrentContext:frameOfPresentedViewInContainerView()
  local context = self.presentingViewController.view
  if context.window and self.containerView then
    contextFrames[self] = context:convert(context.bounds, self.containerView)
  end
  return contextFrames[self] or self.containerView.bounds
end

return CurrentContext
