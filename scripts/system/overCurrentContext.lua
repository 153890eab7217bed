-- UIModalPresentationStyle.overCurrentContext: like currentContext, but the context's views
-- are not removed, so they show through (UIKit docs, docs/sources.md §3.7).

local CurrentContext = require("system.currentContext")

local OverCurrentContext = CurrentContext:subclass("UIOverCurrentContextPresentationController")

function OverCurrentContext:shouldRemovePresentersView()
  return false
end

return OverCurrentContext
