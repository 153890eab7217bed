-- The corrected twin of delegate-set-too-late.lua: the caller sets the style and the delegate
-- before calling present, so UIKit uses the card animator both ways. Passes with no problem.
-- A scene: transit check runs it once per device and version.
local CardAnimator = NSObject:subclass("CardAnimator")

function CardAnimator:transitionDuration(ctx) return 0.35 end

function CardAnimator:animateTransition(ctx)
  local toVC = ctx:viewController("to")
  local presenting = toVC.presentingViewController == ctx:viewController("from")
  local view = presenting and ctx:view("to") or ctx:view("from")
  local container = ctx.containerView
  local shown = presenting and ctx:finalFrame(toVC) or view.frame
  local below = CGRect(shown.x, container.bounds.height, shown.width, shown.height)
  if presenting then
    view.frame = below
    container:addSubview(view)
  elseif ctx:view("to") then
    -- A full-screen style hands the presenter's view back: put it under the card.
    local under = ctx:view("to")
    under.frame = ctx:finalFrame(toVC)
    container:insertSubviewBelow(under, view)
  end
  UIView.animate(self:transitionDuration(ctx), function()
    view.frame = presenting and shown or below
  end, function()
    ctx:completeTransition(not ctx.transitionWasCancelled)
  end)
end

local CardDelegate = NSObject:subclass("CardTransitioningDelegate")
function CardDelegate:animationControllerForPresented(presented, presenting, source) return CardAnimator.new() end
function CardDelegate:animationControllerForDismissed(dismissed) return CardAnimator.new() end

local home = UIViewController.new{ title = "Home", backgroundColor = UIColor.systemBackground }
transit.window.rootViewController = home

local cardDelegate = CardDelegate.new()
local card = UIViewController.new{ title = "Card", backgroundColor = UIColor.systemOrange }
card.modalPresentationStyle = "custom"
card.transitioningDelegate = cardDelegate
home:present(card, true, nil)
transit.wait(1)
card:dismiss(true, nil)
transit.wait(1)
