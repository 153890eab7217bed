// `local x` assigned later is a var typed by its first assignment.

import UIKit

final class Pick: NSObject, UIViewControllerAnimatedTransitioning {
    func transitionDuration(using ctx: (any UIViewControllerContextTransitioning)?) -> TimeInterval {
        return 0.3
    }

    func animateTransition(using ctx: any UIViewControllerContextTransitioning) {
        var target: UIView?
        if ctx.isAnimated {
            target = ctx.view(forKey: .to)
        } else {
            target = ctx.containerView
        }
        target!.alpha = 1
        ctx.completeTransition(true)
    }
}
