// A numeric for (stride, which runs zero times when the limit is below the start, as Lua's)
// and ipairs over an array (one-based indices).

import UIKit

final class Stagger: NSObject, UIViewControllerAnimatedTransitioning {
    func transitionDuration(using ctx: (any UIViewControllerContextTransitioning)?) -> TimeInterval {
        return 0.4
    }

    func animateTransition(using ctx: any UIViewControllerContextTransitioning) {
        let container = ctx.containerView
        for _ in stride(from: 1, through: 3, by: 1) {
            container.alpha -= 0.1
        }
        for (offset, view) in container.subviews.enumerated() {
            let index = offset + 1
            view.alpha = CGFloat(index) / 10
        }
        for view in container.subviews {
            view.isHidden = false
        }
        ctx.completeTransition(true)
    }
}
