// `local x` assigned later is typed by its first assignment, a let when no path assigns it twice;
// an optional's value is unwrapped where it is assigned, as where a local is bound to it.

import UIKit

final class Pick: NSObject, UIViewControllerAnimatedTransitioning {
    func transitionDuration(using ctx: (any UIViewControllerContextTransitioning)?) -> TimeInterval {
        return 0.3
    }

    func animateTransition(using ctx: any UIViewControllerContextTransitioning) {
        let target: UIView
        if ctx.isAnimated {
            target = ctx.view(forKey: .to)!
        } else {
            target = ctx.containerView
        }
        target.alpha = 1
        ctx.completeTransition(true)
    }
}
