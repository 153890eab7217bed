-- A local function passed by its name where UIKit takes a closure: the nested function is the closure.
local Reveal = NSObject:subclass("Reveal")

function Reveal:transitionDuration(ctx)
  return 0.3
end

function Reveal:animateTransition(ctx)
  local view = ctx:view("to")
  local function finish()
    view.layer.mask = nil
    ctx:completeTransition(not ctx.transitionWasCancelled)
  end
  if not ctx.isAnimated then return finish() end
  CATransaction.begin()
  CATransaction.setCompletionBlock(finish)
  view.alpha = 1
  CATransaction.commit()
end

return Reveal
