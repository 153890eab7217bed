-- Two tables of one struct list its fields in other orders, and the values call a function that
-- does something (it adds a view): in the struct's order they would run in another order than
-- in Lua.
local function added(container)
  local view = UIView.new()
  container:addSubview(view)
  return view
end

local function pair(container, flipped)
  if flipped then
    return { back = added(container), front = added(container) }
  end
  return { front = added(container), back = added(container) }
end

local Fade = NSObject:subclass("Fade")

function Fade:transitionDuration(ctx)
  return 0.3
end

function Fade:animateTransition(ctx)
  local views = pair(ctx.containerView, ctx.isAnimated)
  views.front.alpha = 0
  ctx:completeTransition(true)
end

return Fade
