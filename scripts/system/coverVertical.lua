-- UIModalTransitionStyle.coverVertical, UIKit's default modal animation: on present the
-- presented view "slides up from the bottom of the screen", on dismissal it "slides back
-- down" (UIViewController.h, docs/sources.md §3.7). The timing was measured on device by
-- material-motion (docs/sources.md §2.8): a Core Animation spring of mass 3, stiffness 1000,
-- damping 500 (damping ratio 4.56, no overshoot) over 0.5 s. Transit runs that spring's shape
-- so that it settles within the 0.5 s (UIView's dampingRatio form); see docs/semantics.md
-- (System styles) for why.

local DURATION = 0.5                                   -- measured (docs/sources.md §2.8)
local MASS, STIFFNESS, DAMPING = 3, 1000, 500          -- measured (docs/sources.md §2.8)
local DAMPING_RATIO = DAMPING / (2 * math.sqrt(MASS * STIFFNESS))  -- 4.56

local CoverVertical = NSObject:subclass("UICoverVerticalTransition")

local support = require("system.support")
local viewFor = support.viewFor

function CoverVertical:transitionDuration(ctx)
  return ctx.isAnimated and DURATION or 0
end

function CoverVertical:animateTransition(ctx)
  local container = ctx.containerView
  local fromVC, toVC = ctx:viewController("from"), ctx:viewController("to")
  local isPresenting = toVC.presentingViewController == fromVC
  local height = container.bounds.height
  local duration = self:transitionDuration(ctx)

  local fromView, toView = viewFor(ctx, "from"), viewFor(ctx, "to")
  local moving
  if isPresenting then
    -- The presented view starts just below the container and rises to its final frame.
    local final = support.finalFrame(ctx, toView, toVC)
    toView.frame = final:offsetBy(0, height - final.minY)
    container:addSubview(toView)
    moving = function() toView.frame = final end
  else
    -- Full-screen styles put the presenter's view back (toView); over styles leave it (nil).
    if toView then
      toView.frame = ctx:finalFrame(toVC)
      container:insertSubviewBelow(toView, fromView)
    end
    local start = fromView.frame
    moving = function() fromView.frame = start:offsetBy(0, height - start.minY) end
  end

  UIView.animate{ duration = duration, dampingRatio = DAMPING_RATIO, animations = moving,
    completion = function()
      local cancelled = ctx.transitionWasCancelled
      -- UIKit does not remove the to-view of a cancelled dismissal (docs/sources.md §1.2, Swipe).
      if cancelled and not isPresenting and toView then toView:removeFromSuperview() end
      ctx:completeTransition(not cancelled)
    end }
end

return CoverVertical.new()
