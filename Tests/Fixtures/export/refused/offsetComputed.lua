local Swing = NSObject:subclass("Swing")

function Swing:animateTransition(ctx)
  local menu = ctx:view("to")
  local animator = UIDynamicAnimator(ctx.containerView)
  self.animator = animator
  animator:addBehavior(UIAttachmentBehavior{
    item = menu, offsetFromCenter = menu:convert(CGPoint(0, 0), ctx.containerView), attachedToAnchor = CGPoint(0, 0),
  })
  ctx:completeTransition(true)
end

return Swing
