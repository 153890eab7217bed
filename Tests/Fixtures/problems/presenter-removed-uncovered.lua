-- Broken on purpose: presenter-removed-uncovered. A card that covers the bottom two thirds of
-- the screen, whose presentation controller keeps UIKit's full-screen habit:
--     override var shouldRemovePresentersView: Bool { true }
-- UIKit then takes the presenter's view out of the window when the presentation ends, and the
-- third above the card shows the window's black background. A presented view that does not
-- cover the container needs shouldRemovePresentersView false (the default).
local Card = UIPresentationController:subclass("TwoThirdsCardPresentationController")

function Card:frameOfPresentedViewInContainerView()
  local bounds = self.containerView.bounds
  local height = math.floor(bounds.height * 2 / 3)
  return CGRect(0, bounds.height - height, bounds.width, height)
end

function Card:shouldRemovePresentersView()
  return true   -- (wrong) the card covers only two thirds
end

function Card:containerViewWillLayoutSubviews()
  if not self.presentedViewController.isBeingDismissed then
    self:presentedView().frame = self:frameOfPresentedViewInContainerView()
  end
end

-- The controller is also the animator (Apple's CustomPresentation sample does the same).
function Card:transitionDuration(ctx) return ctx.isAnimated and 0.35 or 0 end

function Card:animateTransition(ctx)
  local presenting = ctx:viewController("to") == self.presentedViewController
  local container = ctx.containerView
  local card = presenting and ctx:view("to") or ctx:view("from")
  local shown = self:frameOfPresentedViewInContainerView()
  local below = CGRect(shown.x, container.bounds.height, shown.width, shown.height)
  if presenting then
    card.frame = below
    container:addSubview(card)
  else
    -- With shouldRemovePresentersView the presenter's view comes back through view("to").
    local under = ctx:view("to")
    if under then
      under.frame = ctx:finalFrame(ctx:viewController("to"))
      container:insertSubviewBelow(under, card)
    end
  end
  UIView.animate(self:transitionDuration(ctx), function()
    card.frame = presenting and shown or below
  end, function()
    ctx:completeTransition(not ctx.transitionWasCancelled)
  end)
end

return Card
