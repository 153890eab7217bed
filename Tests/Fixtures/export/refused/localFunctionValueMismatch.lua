local Fade = NSObject:subclass("Fade")

function Fade:animateTransition(ctx)
  local view = ctx:view("to")
  local function finish()
    ctx:completeTransition(true)
  end
  UIView.animate(0.3, function() view.alpha = 1 end, finish)
end

return Fade
