// UIView.animate's options table: labelled arguments of the overload its keys name.

import UIKit

final class Spring: NSObject, UIViewControllerAnimatedTransitioning {
    func transitionDuration(using ctx: (any UIViewControllerContextTransitioning)?) -> TimeInterval {
        return 0.5
    }

    func animateTransition(using ctx: any UIViewControllerContextTransitioning) {
        let toView = ctx.view(forKey: .to)!
        ctx.containerView.addSubview(toView)
        UIView.animate(withDuration: 0.5, delay: 0.1, options: [.curveEaseOut], animations: {
            toView.alpha = 1
        })
        UIView.animate(withDuration: 0.5, delay: 0, usingSpringWithDamping: 0.7, initialSpringVelocity: 0, animations: {
            toView.transform = CGAffineTransform.identity
        }, completion: { finished in
            ctx.completeTransition(finished)
        })
    }
}
