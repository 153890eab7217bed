// .. on strings is +; a string constant is a String.

import UIKit

let PREFIX = "Card"

final class Named: NSObject, UIViewControllerAnimatedTransitioning {
    func transitionDuration(using ctx: (any UIViewControllerContextTransitioning)?) -> TimeInterval {
        return 0.3
    }

    func animateTransition(using ctx: any UIViewControllerContextTransitioning) {
        let toVC = ctx.viewController(forKey: .to)!
        toVC.title = PREFIX + " " + "detail"
        ctx.completeTransition(true)
    }
}
