-- Transit's globals as an app writes them: transit.device is UIDevice.current (its idiom a
-- Swift case), transit.log(...) is print(...) without the virtual time, and string.format is
-- String(format:).
local Wide = NSObject:subclass("Wide")

function Wide:transitionDuration(ctx)
  return 0.3
end

function Wide:animateTransition(ctx)
  local toView = ctx:view("to")
  local isPad = transit.device.userInterfaceIdiom == "pad"
  if isPad then toView.alpha = 0.5 end
  transit.log("wide:", string.format("%.2f of %d", toView.alpha, #ctx.containerView.subviews), isPad)
  ctx:completeTransition(true)
end

return Wide
