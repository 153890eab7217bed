-- A local function inside a function is a Swift nested function, typed by its first call (a
-- number by its use in the body); it captures the enclosing locals as the Lua closure does.
local Strips = NSObject:subclass("Strips")

function Strips:transitionDuration(ctx)
  return 0.4
end

function Strips:animateTransition(ctx)
  local container = ctx.containerView
  local height = container.bounds.height

  -- One strip of the container's width.
  local function strip(index, count)
    local view = UIView.new{ frame = CGRect(0, height * (index - 1) / count, container.bounds.width, height / count) }
    container:addSubview(view)
    return view
  end
  local fade = function(view)
    view.alpha = 0.5
  end

  local first = strip(1, 2)
  fade(first)
  fade(strip(2, 2))
  ctx:completeTransition(true)
end

return Strips
