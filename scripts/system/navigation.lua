-- UIKit's navigation push and pop, in Lua. Push: the new view slides in from the right edge
-- while the old one moves a third of the way left (UIKit's parallax); pop reverses it.
-- Duration 0.35 s with easeInOut: UIKit does not document its values; 0.35 s is the common
-- measurement and Hero's default (docs/sources.md §2.1). Used when the navigation delegate gives no
-- animator; its pop is driven interactively by the built-in edge swipe.
local Navigation = {}

function Navigation:transitionDuration(ctx) return ctx.isAnimated and 0.35 or 0 end

function Navigation:animateTransition(ctx)
  local container = ctx.containerView
  local fromView, toView = ctx:view("from"), ctx:view("to")
  local width = container.bounds.width
  local toVC = ctx:viewController("to")
  local final = ctx:finalFrame(toVC)
  local isPush = toVC.navigationController ~= nil and
    toVC.navigationController.viewControllers[#toVC.navigationController.viewControllers] == toVC
  if isPush then
    toView.frame = final:offsetBy(width, 0)
    container:addSubview(toView)
  else
    toView.frame = final:offsetBy(-width / 3, 0)
    container:insertSubviewBelow(toView, fromView)
  end
  UIView.animate(self:transitionDuration(ctx), function()
    if isPush then
      fromView.frame = fromView.frame:offsetBy(-width / 3, 0)
    else
      fromView.frame = fromView.frame:offsetBy(width, 0)
    end
    toView.frame = final
  end, function()
    local cancelled = ctx.transitionWasCancelled
    -- Put the view that stays back where it belongs.
    if cancelled then fromView.frame = ctx:initialFrame(ctx:viewController("from")) end
    ctx:completeTransition(not cancelled)
  end)
end

return Navigation
