// Enumeration strings are Swift cases where UIKit's declaration takes the enumeration; a list
// of them is an option set.

import UIKit

final class Keys: NSObject, UIViewControllerAnimatedTransitioning {
    func transitionDuration(using ctx: (any UIViewControllerContextTransitioning)?) -> TimeInterval {
        return 0.3
    }

    func animateTransition(using ctx: any UIViewControllerContextTransitioning) {
        let fromVC = ctx.viewController(forKey: .from)!
        let toView = ctx.view(forKey: .to)!
        toView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        fromVC.view.layer.maskedCorners = [.layerMinXMinYCorner, .layerMaxXMinYCorner]
        ctx.completeTransition(true)
    }
}
