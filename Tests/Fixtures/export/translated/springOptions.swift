// A spring without a velocity is UIKit's spring animation at velocity 0, Transit's default; an
// option chosen by a condition is the case the condition picks.

import UIKit

final class Spring: NSObject, UIViewControllerAnimatedTransitioning {
    func transitionDuration(using ctx: (any UIViewControllerContextTransitioning)?) -> TimeInterval {
        return 0.5
    }

    func animateTransition(using ctx: any UIViewControllerContextTransitioning) {
        let toView = ctx.view(forKey: .to)!
        let presenting = ctx.isAnimated
        ctx.containerView.addSubview(toView)
        UIView.animate(withDuration: 0.5, delay: 0, usingSpringWithDamping: 0.8, initialSpringVelocity: 0, options: [presenting ? .curveEaseOut : .curveEaseIn], animations: {
            toView.alpha = 1
        }, completion: { _ in
            ctx.completeTransition(true)
        })
    }
}
