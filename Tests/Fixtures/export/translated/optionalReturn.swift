// A field of self a function tests is optional, parenthesised when UIKit types it as a protocol;
// returned where UIKit's result is not optional, it is unwrapped (Swift cannot return nil there).

import UIKit

final class Card: NSObject, UIViewControllerAnimatedTransitioning {
    var context: (any UIViewControllerContextTransitioning)?
    var animator: UIViewPropertyAnimator?

    func transitionDuration(using ctx: (any UIViewControllerContextTransitioning)?) -> TimeInterval {
        return 0.3
    }

    func interruptibleAnimator(using ctx: any UIViewControllerContextTransitioning) -> any UIViewImplicitlyAnimating {
        if self.context != nil && self.context === ctx {
            return self.animator!
        }
        let animator = UIViewPropertyAnimator(duration: 0.3, curve: .easeInOut)
        (self.context, self.animator) = (ctx, animator)
        return animator
    }

    func animateTransition(using ctx: any UIViewControllerContextTransitioning) {
        self.interruptibleAnimator(using: ctx).startAnimation()
    }

    func animationEnded(_ completed: Bool) {
        if self.animator != nil {
            self.animator!.stopAnimation(true)
        }
        (self.context, self.animator) = (nil, nil)
    }
}
