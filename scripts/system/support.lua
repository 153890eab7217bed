-- Helpers shared by UIKit's own animators in scripts/system.
local support = {}

-- The view an animator may animate for `key`. Before iOS 8 the context has no view(key)
-- (docs/design.md §2.10): use the controller's view, unless it is on screen outside the container (a
-- presenter the presentation does not remove), which is the case where iOS 8's view(key) is nil.
function support.viewFor(ctx, key)
  if ctx.view then return ctx:view(key) end
  local view = ctx:viewController(key).view
  if view.window and view.superview ~= ctx.containerView then return nil end
  return view
end

return support
