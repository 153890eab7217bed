-- UIAttachmentBehavior's offsetFromCenter, a CGPoint in Transit, is UIKit's UIOffset (x horizontal,
-- y vertical); a collision boundary's string identifier is an NSString.
local Swing = NSObject:subclass("Swing")

function Swing:transitionDuration(ctx)
  return 1
end

function Swing:animateTransition(ctx)
  local container = ctx.containerView
  local menu = ctx:view("to")
  container:addSubview(menu)
  local animator = UIDynamicAnimator(container)
  self.animator = animator
  local hinge = CGPoint(10, 10)
  animator:addBehavior(UIAttachmentBehavior{ item = menu, offsetFromCenter = CGPoint(-20, 5), attachedToAnchor = hinge })
  animator:addBehavior(UIAttachmentBehavior{ item = menu, offsetFromCenter = hinge, attachedToAnchor = CGPoint(0, 0) })
  local collision = UICollisionBehavior{menu}
  collision:addBoundary("floor", CGPoint(0, 500), CGPoint(400, 500))
  animator:addBehavior(collision)
  ctx:completeTransition(true)
end

return Swing
