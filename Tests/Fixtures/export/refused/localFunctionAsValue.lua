local Fade = NSObject:subclass("Fade")

function Fade:animateTransition(ctx)
  local function finish()
    ctx:completeTransition(true)
  end
  local done = finish
  done()
end

return Fade
