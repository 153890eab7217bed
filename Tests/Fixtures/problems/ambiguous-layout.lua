-- Broken on purpose: ambiguous-layout. The animator fades the presented view in, correctly, and
-- puts a badge on it with Auto Layout: width, height and its leading edge are constrained, but
-- nothing says where it sits vertically, so its frame is not fixed (UIView.hasAmbiguousLayout:
-- "the view's position and size are not fully determined by its constraints"; UIKit may put it
-- at any height the constraints allow). The usual cause: a forgotten top or centerY constraint.
local Fade = NSObject:subclass("FadeWithFloatingBadge")
function Fade:transitionDuration(ctx) return ctx.isAnimated and 0.3 or 0 end
function Fade:animateTransition(ctx)
  local toVC = ctx:viewController("to")
  local presenting = toVC.presentingViewController == ctx:viewController("from")
  local view = presenting and ctx:view("to") or ctx:view("from")
  if presenting then
    view.frame = ctx:finalFrame(toVC)
    view.alpha = 0
    ctx.containerView:addSubview(view)
    local badge = UIView.new{ name = "badge", backgroundColor = UIColor.red }
    badge.translatesAutoresizingMaskIntoConstraints = false
    view:addSubview(badge)
    NSLayoutConstraint.activate{
      badge.leadingAnchor:constraint{equalTo = view.leadingAnchor, constant = 16},
      badge.widthAnchor:constraint{equalToConstant = 40},
      badge.heightAnchor:constraint{equalToConstant = 20},
      -- (missing) badge.topAnchor:constraint{equalTo = view.safeAreaLayoutGuide.topAnchor, constant = 16},
    }
  end
  UIView.animate(self:transitionDuration(ctx), function() view.alpha = presenting and 1 or 0 end,
    function() ctx:completeTransition(not ctx.transitionWasCancelled) end)
end
return Fade.new()
