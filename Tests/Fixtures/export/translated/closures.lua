-- Functions as closures: { ... }, { finished in ... }, a parameter Lua leaves out as _.
local Dissolve = NSObject:subclass("Dissolve")

function Dissolve:transitionDuration(ctx)
  return 0.35
end

function Dissolve:animateTransition(ctx)
  local fromView = ctx:view("from")
  UIView.animate(self:transitionDuration(ctx), function()
    fromView.alpha = 0
  end, function(finished)
    fromView.alpha = 1
    ctx:completeTransition(not ctx.transitionWasCancelled)
  end)
  UIView.animate(0.1, function() end, function() end)
end

return Dissolve
