-- A table of named fields made in place is a Swift struct with those fields, read by them; an
-- array of them is an array of the struct, named after the loop variable that reads them.
local Strips = NSObject:subclass("Strips")

function Strips:transitionDuration(ctx)
  return 0.3
end

function Strips:animateTransition(ctx)
  local container = ctx.containerView
  local strips = {}
  for i = 1, 2 do
    local strip = UIView.new{ frame = CGRect(i * 10, 0, 10, 10) }
    container:addSubview(strip)
    strips[#strips + 1] = { view = strip, alpha = i / 2 }
  end
  for _, strip in ipairs(strips) do
    strip.view.alpha = strip.alpha
  end
  ctx:completeTransition(true)
end

return Strips
