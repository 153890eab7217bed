local Loop = NSObject:subclass("Loop")

function Loop:animateTransition(ctx)
  for i = 0, "x" do
    ctx.containerView.alpha = i
  end
  ctx:completeTransition(true)
end

return Loop
