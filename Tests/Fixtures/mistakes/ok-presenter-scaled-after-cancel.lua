-- The corrected twin of presenter-scaled-after-cancel.lua: after a cancelled pull the
-- completion puts the screen underneath back to its identity transform before UIKit takes it
-- out of the window. Passes with no problem.
local Pull = UIPercentDrivenInteractiveTransition:subclass("PullDownRevealsScaled")

-- Built-in controllers keep no fields of their own: the effect remembers its gestures.
local gestures = {}

function Pull:transitionDuration(ctx) return ctx.isAnimated and 0.3 or 0 end

function Pull:animateTransition(ctx)
  local toVC = ctx:viewController("to")
  local presenting = toVC.presentingViewController == ctx:viewController("from")
  local container = ctx.containerView
  if presenting then
    local toView = ctx:view("to")
    toView.frame = ctx:finalFrame(toVC)
    toView.alpha = 0
    container:addSubview(toView)
    UIView.animate(self:transitionDuration(ctx), function() toView.alpha = 1 end,
      function() ctx:completeTransition(not ctx.transitionWasCancelled) end)
    return
  end
  local fromView, toView = ctx:view("from"), ctx:view("to")
  toView.frame = ctx:finalFrame(toVC)
  toView.transform = CGAffineTransform.scale(0.9, 0.9)
  container:insertSubviewBelow(toView, fromView)
  local shown = fromView.frame
  UIView.animate(self:transitionDuration(ctx), function()
    fromView.frame = CGRect(shown.x, container.bounds.height, shown.width, shown.height)
    toView.transform = CGAffineTransform.identity
  end, function()
    if ctx.transitionWasCancelled then toView.transform = CGAffineTransform.identity end
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
  elseif g.state == "ended" or g.state == "cancelled" then
    self.interacting = false
    if progress > 0.5 and g.state == "ended" then self:finish() else self:cancel() end
  end
end

local pull = Pull.new()
pull.modalPresentationStyle = "fullScreen"
pull.interactiveDismissal = { pan = "down" }
return pull
