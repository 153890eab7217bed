// Class.new{...}: the initialiser's arguments, then properties set on the new object; Transit's
// own name for it (UIKit has none) is a comment.

import UIKit

final class Dim: NSObject, UIViewControllerAnimatedTransitioning {
    func transitionDuration(using ctx: (any UIViewControllerContextTransitioning)?) -> TimeInterval {
        return 0.3
    }

    func animateTransition(using ctx: any UIViewControllerContextTransitioning) {
        let container = ctx.containerView
        let dimming = {
            let instance = UIView(frame: container.bounds)
            instance.alpha = 0.5
            // Transit's name: "dimming"
            return instance
        }()
        container.addSubview(dimming)
        ctx.completeTransition(true)
    }
}
