-- A local assigned later that a path assigns twice is a var; one initialised to nil or assigned
-- nil is an optional, as Lua reads it; one tested for nil stays the optional it is given.
local Reveal = NSObject:subclass("Reveal")

function Reveal:transitionDuration(ctx)
  return 0.3
end

function Reveal:animateTransition(ctx)
  local shown
  shown = ctx:view("to")
  if not ctx.isAnimated then shown = ctx.containerView end
  shown.alpha = 1
  local tint
  if ctx.isInteractive then tint = UIColor.black else tint = nil end
  shown.backgroundColor = tint
  local title = nil
  if ctx.isAnimated then title = "Shown" end
  ctx:viewController("to").title = title
  local hidden
  hidden = ctx:view("from")
  if hidden then hidden.alpha = 0 end
  ctx:completeTransition(true)
end

return Reveal
