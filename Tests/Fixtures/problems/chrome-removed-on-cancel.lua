-- Broken on purpose: chrome-removed-on-cancel. A pull-down-to-dismiss over a dimmed
-- background whose presentation controller removes its dimming view in
-- dismissalTransitionDidEnd whatever the outcome:
--     override func dismissalTransitionDidEnd(_ completed: Bool) { dimmingView.removeFromSuperview() }
-- After a cancelled pull the card stays presented, without its dimming view from then on.
-- Remove the chrome only when completed is true.
local Dimming = UIPresentationController:subclass("DimmingPresentationController")

function Dimming:presentationTransitionWillBegin()
  local dimming = UIView.new{ frame = self.containerView.bounds, name = "dimmingView",
    backgroundColor = UIColor.black:withAlphaComponent(0.4), autoresizingMask = { "flexibleWidth", "flexibleHeight" } }
  dimming.alpha = 0
  self.containerView:insertSubview(dimming, 0)
  self.dimmingView = dimming
  self.presentedViewController.transitionCoordinator:animateAlongsideTransition(function() dimming.alpha = 1 end, nil)
end

function Dimming:presentationTransitionDidEnd(completed)
  if not completed then self.dimmingView:removeFromSuperview() end
end

function Dimming:dismissalTransitionWillBegin()
  local dimming = self.dimmingView
  self.presentedViewController.transitionCoordinator:animateAlongsideTransition(function() dimming.alpha = 0 end, nil)
end

function Dimming:dismissalTransitionDidEnd(completed)
  self.dimmingView:removeFromSuperview()   -- (wrong) also after a cancelled dismissal
end

local Pull = UIPercentDrivenInteractiveTransition:subclass("PullDownCard")

-- Built-in controllers keep no fields of their own: the effect remembers its gestures.
local gestures = {}

function Pull:transitionDuration(ctx) return ctx.isAnimated and 0.3 or 0 end

function Pull:animateTransition(ctx)
  local toVC = ctx:viewController("to")
  local presenting = toVC.presentingViewController == ctx:viewController("from")
  local container = ctx.containerView
  local view = presenting and ctx:view("to") or ctx:view("from")
  local shown = presenting and ctx:finalFrame(toVC) or view.frame
  local below = CGRect(shown.x, container.bounds.height, shown.width, shown.height)
  if presenting then
    view.frame = below
    container:addSubview(view)
  end
  UIView.animate(self:transitionDuration(ctx), function()
    view.frame = presenting and shown or below
  end, function()
    ctx:completeTransition(not ctx.transitionWasCancelled)
  end)
end

function Pull:presentationController(presented, presenting, source)
  return Dimming.new(presented, presenting)
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
pull.interactiveDismissal = { pan = "down" }
return pull
