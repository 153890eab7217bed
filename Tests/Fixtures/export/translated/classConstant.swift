// Values stored in a class table are static constants of the Swift class.

import UIKit

final class Switcher: NSObject, UIViewControllerAnimatedTransitioning, UIViewControllerTransitioningDelegate {
    var kind: String!

    static let TypePresent = "present"
    static let TypeDismiss = "dismiss" // the other way
    static let Duration: TimeInterval = 0.3

    func transitionDuration(using ctx: (any UIViewControllerContextTransitioning)?) -> TimeInterval {
        return Switcher.Duration
    }

    func animationController(forPresented presented: UIViewController, presenting: UIViewController, source: UIViewController) -> (any UIViewControllerAnimatedTransitioning)? {
        self.kind = Switcher.TypePresent
        return self
    }

    func animationController(forDismissed dismissed: UIViewController) -> (any UIViewControllerAnimatedTransitioning)? {
        self.kind = Switcher.TypeDismiss
        return self
    }

    func animateTransition(using ctx: any UIViewControllerContextTransitioning) {
        if self.kind == Switcher.TypeDismiss {
            ctx.view(forKey: .from)!.alpha = 0
        }
        ctx.completeTransition(true)
    }
}
