-- Broken on purpose: interaction-never-driven. A pull-down-to-dismiss ported from a Swift app
-- whose delegate returns its interaction controller for every dismissal:
--     func interactionControllerForDismissal(using animator: ...) -> ... { return interactor }
-- A dismissal from a button (no finger on the screen) is then interactive too, and nothing
-- ever updates, finishes or cancels it: the screen hangs. It must return the interactor only
-- while the pan gesture is driving the dismissal (`interactor.hasStarted ? interactor : nil`).
local Pull = UIPercentDrivenInteractiveTransition:subclass("PullDownToDismiss")

-- Built-in controllers keep no fields of their own: the effect remembers its gestures.
local gestures = {}

function Pull:transitionDuration(ctx) return ctx.isAnimated and 0.3 or 0 end

function Pull:animateTransition(ctx)
  local toVC = ctx:viewController("to")
  local presenting = toVC.presentingViewController == ctx:viewController("from")
  if presenting then
    local toView = ctx:view("to")
    toView.frame = ctx:finalFrame(toVC)
    toView.alpha = 0
    ctx.containerView:addSubview(toView)
    UIView.animate(self:transitionDuration(ctx), function() toView.alpha = 1 end,
      function() ctx:completeTransition(not ctx.transitionWasCancelled) end)
    return
  end
  local fromView = ctx:view("from")
  UIView.animate(self:transitionDuration(ctx), function() fromView.alpha = 0 end,
    function()
      if ctx.transitionWasCancelled then fromView.alpha = 1 end
      ctx:completeTransition(not ctx.transitionWasCancelled)
    end)
end

function Pull:animationControllerForPresented(presented)
  if not gestures[presented] then
    gestures[presented] = UIPanGestureRecognizer.new(function(g) self:handle(g) end)
    presented.view:addGestureRecognizer(gestures[presented])
  end
  self.presented = presented
  return self
end

function Pull:animationControllerForDismissed() return self end

function Pull:interactionControllerForDismissal()
  return self   -- (wrong) also for a dismissal no gesture drives
end

function Pull:handle(g)
  local progress = math.max(0, g:translation(g.view).y / g.view.bounds.height)
  if g.state == "began" then
    self.interacting = true
    self.presented:dismiss(true, nil)
  elseif g.state == "changed" then
    self:update(progress)
  elseif g.state == "ended" or g.state == "cancelled" then
    self.interacting = false
    if progress > 0.5 and g.state == "ended" then self:finish() else self:cancel() end
  end
end

local pull = Pull.new()
pull.interactiveDismissal = { pan = "down" }
return pull
