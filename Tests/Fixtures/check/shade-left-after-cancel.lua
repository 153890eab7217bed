-- A view left over after a cancelled full-screen dismissal: the dismissal lays a shade over everything and
-- removes it only when the dismissal finishes. After a short pull the dismissal is cancelled, the
-- container stays on screen, and the shade covers the presented view the user is still looking
-- at (view-left-over, in the 10 % cells only).
local Pull = UIPercentDrivenInteractiveTransition:subclass("ShadeLeftOnCancel")

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
  -- Full screen: the animator puts the revealed view under the presented one (and takes it out
  -- again on cancel, as Apple's Swipe sample does: UIKit does not).
  local toView = ctx:view("to")
  ctx.containerView:insertSubviewBelow(toView, fromView)
  local shade = UIView.new{ frame = ctx.containerView.bounds, backgroundColor = UIColor.black, alpha = 0.3, name = "shade" }
  ctx.containerView:addSubview(shade)
  UIView.animate(self:transitionDuration(ctx), function() fromView.alpha = 0 end, function()
    if not ctx.transitionWasCancelled then shade:removeFromSuperview() end   -- (missing) on cancel too
    if ctx.transitionWasCancelled then toView:removeFromSuperview() end
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
    if progress > 0.5 then self:finish() else self:cancel() end
  end
end

local pull = Pull.new()
pull.interactiveDismissal = { pan = "down" }
pull.modalPresentationStyle = "fullScreen"
return pull
