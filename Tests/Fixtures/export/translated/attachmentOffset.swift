// UIAttachmentBehavior's offsetFromCenter, a CGPoint in Transit, is UIKit's UIOffset (x horizontal,
// y vertical); a collision boundary's string identifier is an NSString.

import UIKit

final class Swing: NSObject, UIViewControllerAnimatedTransitioning {
    var animator: UIDynamicAnimator!

    func transitionDuration(using ctx: (any UIViewControllerContextTransitioning)?) -> TimeInterval {
        return 1
    }

    func animateTransition(using ctx: any UIViewControllerContextTransitioning) {
        let container = ctx.containerView
        let menu = ctx.view(forKey: .to)!
        container.addSubview(menu)
        let animator = UIDynamicAnimator(referenceView: container)
        self.animator = animator
        let hinge = CGPoint(x: 10, y: 10)
        animator.addBehavior(UIAttachmentBehavior(item: menu, offsetFromCenter: UIOffset(horizontal: -20, vertical: 5), attachedToAnchor: hinge))
        animator.addBehavior(UIAttachmentBehavior(item: menu, offsetFromCenter: UIOffset(horizontal: hinge.x, vertical: hinge.y), attachedToAnchor: CGPoint(x: 0, y: 0)))
        let collision = UICollisionBehavior(items: [menu])
        collision.addBoundary(withIdentifier: "floor" as NSString, from: CGPoint(x: 0, y: 500), to: CGPoint(x: 400, y: 500))
        animator.addBehavior(collision)
        ctx.completeTransition(true)
    }
}
