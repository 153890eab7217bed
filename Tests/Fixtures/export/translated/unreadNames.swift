// A loop's name the body never reads is not bound (`for _ in`, `for subview in`, `for offset in
// array.indices`); `x or y` bound to a local where y may be nil too is `x ?? y!`.

import UIKit

final class Fan: NSObject, UIViewControllerAnimatedTransitioning {
    func transitionDuration(using ctx: (any UIViewControllerContextTransitioning)?) -> TimeInterval {
        return 0.3
    }

    func animateTransition(using ctx: any UIViewControllerContextTransitioning) {
        let container = ctx.containerView
        let view = ctx.view(forKey: .to) ?? ctx.view(forKey: .from)!
        for subview in container.subviews {
            subview.isHidden = false
        }
        for offset in container.subviews.indices {
            let i = offset + 1
            view.alpha = CGFloat(i) * 0.1
        }
        for _ in container.subviews {
            view.alpha = 1
        }
        ctx.completeTransition(true)
    }
}
