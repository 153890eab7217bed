-- Helpers shared by UIKit's own animators in scripts/system.
local support = {}

-- The view UIKit wrapped a presented controller's view in before iOS 8 (the form sheet's): what
-- the system animators move instead of the controller's view.
support.Wrapper = UIView:subclass("SystemWrapper")
support.Wrapper.transitWrapper = true

-- The view an animator may animate for `key`. Before iOS 8 the context has no view(key)
-- (docs/design.md §2.10): use the controller's view, unless it is on screen outside the container (a
-- presenter the presentation does not remove), which is the case where iOS 8's view(key) is nil.
function support.viewFor(ctx, key)
  if ctx.view then return ctx:view(key) end
  local view = ctx:viewController(key).view
  -- A system wrapper (the iOS 7 form sheet's) is what moves.
  if view.superview and view.superview.transitWrapper then return view.superview end
  if view.window and view.superview ~= ctx.containerView then return nil end
  return view
end

-- The frame the animator gives the presented view at the end. Before iOS 8 a system wrapper
-- keeps the frame UIKit (or the app's viewWillAppear) gave it.
function support.finalFrame(ctx, view, controller)
  if view.transitWrapper then return view.frame end
  return ctx:finalFrame(controller)
end

-- Private state for UIKit's own controllers (the system sheets, the popover): they are sealed
-- like built-in objects and take no fields of a script's, so each style keeps its state here,
-- weakly keyed by the controller. Returns stateOf(controller), which makes it on first use, and
-- the table itself (to look without making, or to forget a controller).
function support.privateState()
  local state = setmetatable({}, { __mode = "k" })
  local function stateOf(controller)
    local s = state[controller]
    if not s then s = {} state[controller] = s end
    return s
  end
  return stateOf, state
end

return support
