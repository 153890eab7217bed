-- Tables that meet are one struct even when their fields come in another order: the struct
-- declares them in the first table's order, and a table that lists them otherwise is written in
-- that order when its values only compute (here a pure function of the file and literals). A
-- field no table gives is nil in every record, as Lua reads it: an optional typed by its use. A
-- field the code tests is optional, though every table gives it.
local function edge(width) return CGPoint(width, 0) end

local function recipe(presenting, width)
  if presenting then
    return { onTop = true,
      to = { offset = edge(width), shadow = true },
      from = { offset = edge(-width / 3) } }
  end
  return { onTop = false,
    from = { offset = edge(width), shadow = true },
    to = { offset = edge(-width / 3) } }
end

local Push = NSObject:subclass("Push")

function Push:transitionDuration(ctx)
  return 0.35
end

local function place(view, state)
  if state.offset then view.transform = CGAffineTransform.translation(state.offset.x, state.offset.y) end
  if state.scale then view.transform = view.transform:scaledBy(state.scale, state.scale) end
end

function Push:animateTransition(ctx)
  local fromView = ctx:view("from")
  local toView = ctx:view("to")
  local plan = recipe(ctx.isAnimated, ctx.containerView.bounds.width)
  if plan.onTop then ctx.containerView:addSubview(toView) end
  place(toView, plan.to)
  place(fromView, plan.from)
  ctx:completeTransition(true)
end

return Push
