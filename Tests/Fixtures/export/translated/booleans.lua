-- not, and, or on booleans; ~= is !=; if / elseif / else; an enumeration compared with its case.
local Gate = NSObject:subclass("Gate")

function Gate:transitionDuration(ctx)
  return 0.2
end

function Gate:animateTransition(ctx)
  local toView = ctx:view("to")
  local animated = ctx.isAnimated
  local interactive = ctx.isInteractive
  if not animated and not interactive then
    toView.alpha = 1
  elseif animated or interactive then
    toView.alpha = 0.5
  else
    toView.alpha = 0
  end
  if toView.alpha ~= 1 then
    toView.isHidden = false
  end
  ctx:completeTransition(not ctx.transitionWasCancelled)
end

return Gate
