-- Must pass: the twin of Tests/Fixtures/problems/unbalanced-appearance.lua (balanced both ways). A custom presentation keeps the presenter's view
-- (shouldRemovePresentersView false), so UIKit sends the presenter no appearance callbacks; the
-- controller sends them itself, a common port pattern, but forgets them on the way back: the
-- presenter gets viewWillDisappear/viewDidDisappear and never viewWillAppear again. The twin
-- Tests/Fixtures/check/ok-appearance-balanced.lua sends them in the dismissal too.
local BALANCED = true
local Card = UIPresentationController:subclass("ForgetfulCard")
function Card:frameOfPresentedViewInContainerView()
  local b = self.containerView.bounds
  return CGRect(0, b.height / 3, b.width, b.height * 2 / 3)
end
function Card:presentationTransitionWillBegin()
  self.presentingViewController:beginAppearanceTransition(false, true)
end
function Card:presentationTransitionDidEnd(completed)
  self.presentingViewController:endAppearanceTransition()
end
function Card:dismissalTransitionWillBegin()
  if BALANCED then self.presentingViewController:beginAppearanceTransition(true, true) end
end
function Card:dismissalTransitionDidEnd(completed)
  if BALANCED then self.presentingViewController:endAppearanceTransition() end
end

local Slide = NSObject:subclass("CardSlide")
function Slide:transitionDuration(ctx) return ctx.isAnimated and 0.3 or 0 end
function Slide:animateTransition(ctx)
  local toVC = ctx:viewController("to")
  local presenting = toVC.presentingViewController == ctx:viewController("from")
  local view = presenting and ctx:view("to") or ctx:view("from")
  local container = ctx.containerView
  if presenting then
    local final = ctx:finalFrame(toVC)
    view.frame = final:offsetBy(0, final.height)
    container:addSubview(view)
  end
  UIView.animate(self:transitionDuration(ctx), function()
    if presenting then view.frame = ctx:finalFrame(toVC) else view.frame = view.frame:offsetBy(0, container.bounds.height) end
  end, function() ctx:completeTransition(not ctx.transitionWasCancelled) end)
end

local delegate = NSObject:subclass("ForgetfulCardDelegate").new()
local slide = Slide.new()
function delegate:presentationController(presented, presenting, source) return Card.new(presented, presenting) end
function delegate:animationControllerForPresented() return slide end
function delegate:animationControllerForDismissed() return slide end
delegate.modalPresentationStyle = "custom"
return delegate
