-- Where Lua tests a value's truth (an if, not, the operands of and/or there), an optional is
-- true when it is not nil: `if ctx.isAnimated and toView then` is `... && toView != nil`.
local Guarded = NSObject:subclass("Guarded")

function Guarded:transitionDuration(ctx)
  return 0.3
end

function Guarded:animateTransition(ctx)
  local toView = ctx:view("to")
  local fromView = ctx:view("from")
  if ctx.isAnimated and toView then
    ctx.containerView:addSubview(toView)
  end
  if not (fromView or toView) then
    ctx:completeTransition(false)
    return
  end
  ctx:completeTransition(true)
end

return Guarded
