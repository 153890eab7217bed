-- Broken on purpose: view-left-over. The animator lays a snapshot-like cover over the
-- presented view, fades it out... to 0.5, and never removes it: after the presentation a
-- half-transparent view covers what the user should see.
local Cover = NSObject:subclass("CoverLeftBehind")
function Cover:transitionDuration(ctx) return ctx.isAnimated and 0.3 or 0 end
function Cover:animateTransition(ctx)
  local toVC = ctx:viewController("to")
  local presenting = toVC.presentingViewController == ctx:viewController("from")
  local view = presenting and ctx:view("to") or ctx:view("from")
  local cover
  if presenting then
    view.frame = ctx:finalFrame(toVC)
    ctx.containerView:addSubview(view)
    cover = UIView.new{ frame = view.frame, backgroundColor = UIColor.black, name = "cover" }
    ctx.containerView:addSubview(cover)
  end
  UIView.animate(self:transitionDuration(ctx), function()
    if cover then cover.alpha = 0.5 else view.alpha = 0 end
  end, function()
    -- (missing) if cover then cover:removeFromSuperview() end
    if not presenting then view.alpha = 1 end
    ctx:completeTransition(not ctx.transitionWasCancelled)
  end)
end
return Cover.new()
