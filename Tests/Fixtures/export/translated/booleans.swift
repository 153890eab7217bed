// not, and, or on booleans; ~= is !=; if / elseif / else; an enumeration compared with its case.

import UIKit

final class Gate: NSObject, UIViewControllerAnimatedTransitioning {
    func transitionDuration(using ctx: (any UIViewControllerContextTransitioning)?) -> TimeInterval {
        return 0.2
    }

    func animateTransition(using ctx: any UIViewControllerContextTransitioning) {
        let toView = ctx.view(forKey: .to)!
        let animated = ctx.isAnimated
        let interactive = ctx.isInteractive
        if !animated && !interactive {
            toView.alpha = 1
        } else if animated || interactive {
            toView.alpha = 0.5
        } else {
            toView.alpha = 0
        }
        if toView.alpha != 1 {
            toView.isHidden = false
        }
        ctx.completeTransition(!ctx.transitionWasCancelled)
    }
}
