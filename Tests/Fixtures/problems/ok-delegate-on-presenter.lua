-- The corrected twin of delegate-on-presenter.lua: the delegate is set on the controller being
-- presented (detail.transitioningDelegate), the one UIKit asks. Passes with no problem.
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
transit.window.rootViewController = list

local detail = UIViewController.new{ title = "Detail", backgroundColor = UIColor.systemPurple }
detail.transitioningDelegate = cardDelegate
detail.modalPresentationStyle = "custom"
list:present(detail, true, nil)
transit.wait(1)
detail:dismiss(true, nil)
transit.wait(1)
