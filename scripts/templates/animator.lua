-- MyAnimator: a custom modal transition (`transit new animator` wrote this from
-- scripts/templates/animator.lua). The presented screen slides up a little while fading in, and
-- slides back down while fading out on dismissal. Change the numbers, then the motion.
--
-- Parameters (the values this file uses; change them here):
--   DURATION  seconds the transition lasts               0.4
--   LIFT      points the view travels while it fades     60
--
-- Try it:  transit run MyAnimator.lua --trace   (present, pause, dismiss in the default scene)
--          transit watch MyAnimator.lua --serve (a live player that follows every save)
--          transit check MyAnimator.lua         (every device, animated and not, twice)

local DURATION = 0.4
local LIFT = 60

-- An animator is an object with two hooks (UIViewControllerAnimatedTransitioning). Subclassing
-- NSObject gives it a class name, which the trace and the error messages show.
---@class MyAnimator : UIViewControllerAnimatedTransitioning
local MyAnimator = NSObject:subclass("MyAnimator")

function MyAnimator:transitionDuration(ctx)
  -- UIKit asks for the duration of non-animated transitions too: 0 means "no animation".
  return ctx.isAnimated and DURATION or 0
end

function MyAnimator:animateTransition(ctx)
  local toVC = ctx:viewController("to")
  -- Presenting: the screen we go to was presented by the one we come from.
  local presenting = toVC.presentingViewController == ctx:viewController("from")
  local container = ctx.containerView

  if presenting then
    -- On a presentation you add the incoming view to the container yourself, at the frame
    -- UIKit computed for it (finalFrame).
    local view = ctx:view("to")
    local final = ctx:finalFrame(toVC)
    view.frame = final:offsetBy(0, LIFT)
    view.alpha = 0
    container:addSubview(view)
    UIView.animate{ duration = self:transitionDuration(ctx), options = { "curveEaseOut" },
      animations = function()
        view.frame = final
        view.alpha = 1
      end,
      completion = function()
        -- Always tell UIKit you are done, with whether the transition really happened.
        ctx:completeTransition(not ctx.transitionWasCancelled)
      end }
  else
    -- On a dismissal the outgoing view is already in the container; UIKit removes it when
    -- completeTransition(true) is called.
    local view = ctx:view("from")
    local start = view.frame
    UIView.animate{ duration = self:transitionDuration(ctx), options = { "curveEaseIn" },
      animations = function()
        view.frame = start:offsetBy(0, LIFT)
        view.alpha = 0
      end,
      completion = function()
        local cancelled = ctx.transitionWasCancelled
        if cancelled then view.alpha = 1; view.frame = start end
        ctx:completeTransition(not cancelled)
      end }
  end
end

-- The file returns the effect: here an animator, used for both directions. The default scene
-- presents with modalPresentationStyle "custom" unless the effect says otherwise.
return MyAnimator.new()
