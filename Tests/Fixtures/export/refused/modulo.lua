local Mo = NSObject:subclass("Mo")

function Mo:animateTransition(ctx)
  ctx.containerView.alpha = ctx.containerView.alpha % 1
end

return Mo
