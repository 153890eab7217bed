-- A drawer that a finger pulls up from the presenting screen: the interactive presentation
-- shape `transit check` drives (docs/check.md). The effect declares the gesture
-- (interactivePresentation) and installs its recognizer on the presenting screen when asked
-- (installPresentationGesture), as an app attaches such a gesture to the screen it presents
-- from; the recognizer presents on `began` and drives the transition, finishing past half way.
local Drawer = UIPercentDrivenInteractiveTransition:subclass("Drawer")

function Drawer:transitionDuration(ctx) return ctx.isAnimated and 0.35 or 0 end

function Drawer:animateTransition(ctx)
  local toVC = ctx:viewController("to")
  local presenting = toVC.presentingViewController == ctx:viewController("from")
  local container = ctx.containerView
  if presenting then
    local toView = ctx:view("to")
    local final = ctx:finalFrame(toVC)
    toView.frame = final:offsetBy(0, container.bounds.height)
    container:addSubview(toView)
    UIView.animate(self:transitionDuration(ctx), function() toView.frame = final end,
      function() ctx:completeTransition(not ctx.transitionWasCancelled) end)
  else
    local fromView = ctx:view("from")
    UIView.animate(self:transitionDuration(ctx), function()
      fromView.frame = fromView.frame:offsetBy(0, container.bounds.height)
    end, function() ctx:completeTransition(not ctx.transitionWasCancelled) end)
  end
end

function Drawer:animationControllerForPresented() return self end
function Drawer:animationControllerForDismissed() return self end

function Drawer:interactionControllerForPresentation()
  if self.interacting then return self end
  return nil
end

-- `present` shows the next screen with this effect as its transitioning delegate.
function Drawer:installPresentationGesture(presenting, present)
  local view = presenting.view
  view:addGestureRecognizer(UIPanGestureRecognizer.new(function(g)
    -- Pulling up: the finger's upward travel over the screen's height.
    local progress = math.min(1, math.max(0, -g:translation(view).y / view.bounds.height))
    if g.state == "began" then
      self.interacting = true
      present()
    elseif g.state == "changed" then
      self:update(progress)
    elseif g.state == "ended" or g.state == "cancelled" then
      self.interacting = false
      if progress > 0.5 and g.state == "ended" then self:finish() else self:cancel() end
    end
  end))
end

local drawer = Drawer.new()
drawer.interactivePresentation = { pan = "up" }
return drawer
