// A value UIKit types as a protocol (interruptibleAnimator returns any
// UIViewImplicitlyAnimating): what the protocol requires is called on it.

import UIKit

final class Interruptible: NSObject, UIViewControllerAnimatedTransitioning {
    func transitionDuration(using ctx: (any UIViewControllerContextTransitioning)?) -> TimeInterval {
        return 0.3
    }

    func animateTransition(using ctx: any UIViewControllerContextTransitioning) {
        self.interruptibleAnimator(using: ctx).startAnimation()
    }

    func interruptibleAnimator(using ctx: any UIViewControllerContextTransitioning) -> any UIViewImplicitlyAnimating {
        let toView = ctx.view(forKey: .to)!
        let animator = UIViewPropertyAnimator(duration: 0.3, curve: .easeOut)
        animator.addAnimations({
            toView.alpha = 1
        })
        return animator
    }
}
