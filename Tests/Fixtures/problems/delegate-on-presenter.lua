-- Broken on purpose: delegate-on-presenter. A list screen that "owns" its card transition and
-- sets itself up as the transitioning delegate, the way a Swift port writes
-- `self.transitioningDelegate = cardDelegate` in the presenting controller's viewDidLoad, and
-- then presents the detail: UIKit asks the presented controller's transitioningDelegate, which
-- is nil, so the detail slides up with UIKit's own animation and the card animator never runs.
-- A scene: transit check runs it once per device and version.
local CardAnimator = NSObject:subclass("CardAnimator")

function CardAnimator:transitionDuration(ctx) return 0.35 end

function CardAnimator:animateTransition(ctx)
  local toVC = ctx:viewController("to")
  local presenting = toVC.presentingViewController == ctx:viewController("from")
  local view = presenting and ctx:view("to") or ctx:view("from")
  if presenting then
    view.frame = ctx:finalFrame(toVC)
    view.alpha = 0
    ctx.containerView:addSubview(view)
  end
  UIView.animate(self:transitionDuration(ctx), function()
    view.alpha = presenting and 1 or 0
  end, function()
    ctx:completeTransition(not ctx.transitionWasCancelled)
  end)
end

local CardDelegate = NSObject:subclass("CardTransitioningDelegate")
function CardDelegate:animationControllerForPresented(presented, presenting, source) return CardAnimator.new() end
function CardDelegate:animationControllerForDismissed(dismissed) return CardAnimator.new() end

local cardDelegate = CardDelegate.new()
local list = UIViewController.new{ title = "List", backgroundColor = UIColor.systemBackground }
list.transitioningDelegate = cardDelegate    -- on the presenting controller: never asked
transit.window.rootViewController = list

local detail = UIViewController.new{ title = "Detail", backgroundColor = UIColor.systemPurple }
detail.modalPresentationStyle = "custom"
list:present(detail, true, nil)
transit.wait(1)
detail:dismiss(true, nil)
transit.wait(1)
