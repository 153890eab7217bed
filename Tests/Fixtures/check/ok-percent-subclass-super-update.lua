-- Must pass (issue 22 item 3): a UIPercentDrivenInteractiveTransition subclass that overrides
-- startInteractiveTransition (without calling super) and drives the context itself, and still
-- calls super's update/finish/cancel, a leftover that is harmless in UIKit (super has no context
-- of its own, so they do nothing). Not interaction-drives-nothing. Tests/CLI/test_check.py
-- mutates interactionControllerForDismissal to return nil: then the super calls really drive
-- nothing and the problem names the subclass.
local Pull = UIPercentDrivenInteractiveTransition:subclass("OwnStartPull")

-- Built-in controllers keep no fields of their own: the effect remembers its state here.
local state = { gestures = {} }

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

-- The override: keeps the context and animates on the frozen timeline, without super.
function Pull:startInteractiveTransition(ctx)
  state.ctx = ctx
  self:animateTransition(ctx)
end

function Pull:animationControllerForPresented(presented)
  if not state.gestures[presented] then
    state.gestures[presented] = UIPanGestureRecognizer.new(function(g) self:handle(g) end)
    presented.view:addGestureRecognizer(state.gestures[presented])
  end
  state.presented = presented
  return self
end

function Pull:animationControllerForDismissed() return self end

function Pull:interactionControllerForDismissal()
  if state.interacting then return self end
  return nil
end

function Pull:handle(g)
  local progress = math.min(1, math.max(0, g:translation(g.view).y / g.view.bounds.height))
  if g.state == "began" then
    state.interacting = true
    state.presented:dismiss(true, nil)
  elseif g.state == "changed" then
    if state.ctx then state.ctx:updateInteractiveTransition(progress) end
    Pull.super.update(self, progress)
  elseif g.state == "ended" or g.state == "cancelled" then
    state.interacting = false
    local ctx = state.ctx
    state.ctx = nil
    if progress > 0.5 then
      if ctx then ctx:finishInteractiveTransition() end
      Pull.super.finish(self)
    else
      if ctx then ctx:cancelInteractiveTransition() end
      Pull.super.cancel(self)
    end
  end
end

local pull = Pull.new()
pull.interactiveDismissal = { pan = "down" }
return pull
