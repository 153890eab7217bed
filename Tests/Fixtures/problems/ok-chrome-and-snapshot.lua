-- Not broken: the patterns the view-left-over rule must allow. A presentation controller keeps
-- a dimming view behind the presented view; the animator keeps a blur-like backdrop behind it
-- while presented (MIBlurPopup) and reveals the presented view through a snapshot it removes
-- right after calling completeTransition, in the same completion (CircularRevealKit). Every
-- cell of transit check passes.
local Dimming = UIPresentationController:subclass("DimmingPresentation")

function Dimming:presentationTransitionWillBegin()
  self.dimming = UIView.new{ frame = self.containerView.bounds, backgroundColor = UIColor.black, alpha = 0, name = "dimming" }
  self.containerView:insertSubview(self.dimming, 1)
  self.presentedViewController.transitionCoordinator:animateAlongsideTransition(function() self.dimming.alpha = 0.4 end, nil)
end

function Dimming:dismissalTransitionWillBegin()
  self.presentedViewController.transitionCoordinator:animateAlongsideTransition(function() self.dimming.alpha = 0 end, nil)
end

function Dimming:frameOfPresentedViewInContainerView()
  local b = self.containerView.bounds
  return CGRect(0, b.height * 0.3, b.width, b.height * 0.7)
end

function Dimming:transitionDuration(ctx) return ctx.isAnimated and 0.3 or 0 end

function Dimming:animateTransition(ctx)
  local toVC = ctx:viewController("to")
  local presenting = toVC.presentingViewController == ctx:viewController("from")
  local container = ctx.containerView
  if presenting then
    local toView = ctx:view("to")
    toView.frame = ctx:finalFrame(toVC)
    self.backdrop = UIView.new{ frame = container.bounds, backgroundColor = UIColor.white, alpha = 0.3, name = "backdrop" }
    container:addSubview(self.backdrop)
    container:addSubview(toView)
    local snapshot = UIView.new{ frame = toView.frame, backgroundColor = UIColor.systemBlue, name = "reveal snapshot" }
    container:addSubview(snapshot)
    UIView.animate(self:transitionDuration(ctx), function() snapshot.alpha = 0.2 end, function()
      ctx:completeTransition(not ctx.transitionWasCancelled)
      snapshot:removeFromSuperview()   -- right after, as the libraries do
    end)
  else
    local fromView = ctx:view("from")
    local final = fromView.frame:offsetBy(0, fromView.frame.height)
    UIView.animate(self:transitionDuration(ctx), function() fromView.frame = final end, function()
      if not ctx.transitionWasCancelled then self.backdrop:removeFromSuperview() end
      ctx:completeTransition(not ctx.transitionWasCancelled)
    end)
  end
end

function Dimming:presentationController(presented, presenting) return self end
function Dimming:animationControllerForPresented() return self end
function Dimming:animationControllerForDismissed() return self end

return Dimming
