-- A local choosing between strings is the enumeration its first use takes; a function whose first
-- return is an integer literal returns what its other returns give; # of an optional array.
local Slide = NSObject:subclass("Slide")

function Slide:transitionDuration(ctx)
  return 0.3
end

function Slide:fraction(view, width)
  if width <= 0 then
    return -1
  end
  return view.frame.x / width
end

function Slide:animateTransition(ctx)
  local presenting = ctx:viewController("to").isBeingPresented
  local key = presenting and "to" or "from"
  local moving = ctx:viewController(key)
  local count = #moving.children
  local tabs = UITabBarController.new()
  local pages = #tabs.viewControllers
  moving.view.alpha = self:fraction(moving.view, ctx.containerView.bounds.width) + count + pages
  ctx:completeTransition(true)
end

return Slide
