-- Must pass (issue 22 item 3): the App Store card's deliberate offset. The original pins the
-- card's top at −1 pt ("Funny how -1 and 1 work!") and keeps it after presenting, so the
-- presented view ends 1 pt above ctx:finalFrame. A user cannot see a 1-pt hairline, so this is
-- not final-frame-mismatch (docs/check.md); Tests/CLI/test_check.py mutates TOP_FIX to −3 and
-- expects the problem back.
local TOP_FIX = -1
local Card = NSObject:subclass("OnePointCard")
function Card:transitionDuration(ctx) return ctx.isAnimated and 0.3 or 0 end
function Card:animateTransition(ctx)
  local toVC = ctx:viewController("to")
  local presenting = toVC.presentingViewController == ctx:viewController("from")
  local view = presenting and ctx:view("to") or ctx:view("from")
  local final = ctx:finalFrame(toVC)
  if presenting then
    view.frame = final:offsetBy(0, final.height)
    ctx.containerView:addSubview(view)
  end
  UIView.animate(self:transitionDuration(ctx), function()
    if presenting then view.frame = final:offsetBy(0, TOP_FIX) else view.frame = view.frame:offsetBy(0, view.frame.height) end
  end, function() ctx:completeTransition(not ctx.transitionWasCancelled) end)
end
return Card.new()
