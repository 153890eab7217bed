-- Broken on purpose: transition-stuck. The pull-down dismissal begins interactively and is
-- updated while the finger moves, but the handler ignores the gesture's end: neither finish()
-- nor cancel() is ever called, so the transition never ends (on iOS: a frozen screen).
local Pull = UIPercentDrivenInteractiveTransition:subclass("NeverLetsGo")

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
    function() ctx:completeTransition(not ctx.transitionWasCancelled) end)
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
  if self.interacting then return self end
  return nil
end

function Pull:handle(g)
  local progress = math.max(0, g:translation(g.view).y / g.view.bounds.height)
  if g.state == "began" then
    self.interacting = true
    self.presented:dismiss(true, nil)
  elseif g.state == "changed" then
    self:update(progress)
  -- (missing) "ended": finish() or cancel()
  end
end

local pull = Pull.new()
pull.interactiveDismissal = { pan = "down" }
return pull
