-- The machinery of the Presentr-style presentations in scripts/presentations (alert, popup,
-- topHalf, bottomHalf): each of those files says where its screen sits and where it comes
-- from, and hands that to `presentr.controller` here. What they share is Presentr's
-- (IcaliaLabs/Presentr: PresentrController.swift, CoverVerticalAnimation.swift):
--   * the chrome: full-container black at `dimAlpha`, whose view alpha goes 0 → 1 alongside the
--     presentation and back alongside the dismissal (Presentr animates the view's alpha, not its
--     colour); a tap on it dismisses;
--   * the presented view placed by `frame` and kept there on every layout pass (rotation);
--   * the controller is its own animator: the view slides between `hidden` and its frame over
--     `duration` (a dismissal starts where the view is).
--
-- presentr.controller(name, options) returns a UIPresentationController subclass; options:
--   frame(bounds)          the presented view's frame in a container of these bounds (required)
--   hidden(shown, bounds)  where it slides from and back to (default: one view height below
--                          the container's bottom, Presentr's cover-vertical start)
--   cornerRadius           rounds the presented view (default: square corners)
--   dimAlpha, duration     default 0.7 and 0.4 s (Presentr.backgroundOpacity, .normal(0.4))
--   didInstallChrome(controller, presentedView)
--                          called once the chrome is in, before the presentation animates
--   keepsFrameWhileDismissing
--                          layout passes leave the view alone while it is being dismissed
--                          (for a view a gesture moves)

local presentr = {}

local function belowTheBottom(shown, bounds)
  return CGRect(shown.x, bounds.height + shown.height, shown.width, shown.height)
end

function presentr.controller(name, options)
  local dimAlpha = options.dimAlpha or 0.7
  local duration = options.duration or 0.4
  local hidden = options.hidden or belowTheBottom
  local Controller = UIPresentationController:subclass(name)

  function Controller:init(presented, presenting)
    -- UIKit asks the transitioning delegate for a presentation controller only for "custom".
    presented.modalPresentationStyle = "custom"
  end

  function Controller:frameOfPresentedViewInContainerView()
    return options.frame(self.containerView.bounds)
  end

  function Controller:presentationTransitionWillBegin()
    local chrome = UIView.new{ frame = self.containerView.bounds, name = "chromeView",
      backgroundColor = UIColor.black:withAlphaComponent(dimAlpha), autoresizingMask = { "flexibleWidth", "flexibleHeight" } }
    chrome.alpha = 0
    chrome:addGestureRecognizer(UITapGestureRecognizer.new(function()
      self.presentingViewController:dismiss(true, nil)
    end))
    self.containerView:addSubview(chrome)
    self.chromeView = chrome

    local view = self.presentedViewController.view
    if options.cornerRadius then
      view.layer.cornerRadius = options.cornerRadius
      view.clipsToBounds = true
    end
    if options.didInstallChrome then options.didInstallChrome(self, view) end

    -- Alongside the presentation: the block runs inside the animator's animation, so the fade
    -- follows its timing (and an interactive transition's scrubbing).
    self.presentedViewController.transitionCoordinator:animateAlongsideTransition(function(context)
      chrome.alpha = 1
    end, nil)
  end

  function Controller:presentationTransitionDidEnd(completed)
    -- Cancelled: UIKit removes the container and what is in it; drop our reference.
    if not completed then self.chromeView = nil end
  end

  function Controller:dismissalTransitionWillBegin()
    local chrome = self.chromeView
    self.presentedViewController.transitionCoordinator:animateAlongsideTransition(function(context)
      chrome.alpha = 0
    end, nil)
  end

  function Controller:dismissalTransitionDidEnd(completed)
    if completed then self.chromeView = nil end
  end

  -- The chrome follows the container (rotation), and so does the presented view.
  function Controller:containerViewWillLayoutSubviews()
    if self.chromeView then self.chromeView.frame = self.containerView.bounds end
    if options.keepsFrameWhileDismissing and self.presentedViewController.isBeingDismissed then return end
    self:presentedView().frame = self:frameOfPresentedViewInContainerView()
  end

  -- UIViewControllerAnimatedTransitioning: Presentr's cover-vertical animations.

  function Controller:transitionDuration(ctx)
    return ctx.isAnimated and duration or 0
  end

  function Controller:animateTransition(ctx)
    local isPresenting = ctx:viewController("to") == self.presentedViewController
    local view = isPresenting and ctx:view("to") or ctx:view("from")
    local shown = self:frameOfPresentedViewInContainerView()
    local offscreen = hidden(shown, ctx.containerView.bounds)
    if isPresenting then
      ctx.containerView:addSubview(view)
      view.frame = offscreen
    end
    UIView.animate(self:transitionDuration(ctx), function()
      view.frame = isPresenting and shown or offscreen
    end, function(finished)
      ctx:completeTransition(not ctx.transitionWasCancelled)
    end)
  end

  return Controller
end

return presentr
