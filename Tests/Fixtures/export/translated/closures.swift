// Functions as closures: { ... }, { finished in ... }, a parameter Lua leaves out as _.

import UIKit

final class Dissolve: NSObject, UIViewControllerAnimatedTransitioning {
    func transitionDuration(using ctx: (any UIViewControllerContextTransitioning)?) -> TimeInterval {
        return 0.35
    }

    func animateTransition(using ctx: any UIViewControllerContextTransitioning) {
        let fromView = ctx.view(forKey: .from)!
        UIView.animate(withDuration: self.transitionDuration(using: ctx), animations: {
            fromView.alpha = 0
        }, completion: { finished in
            fromView.alpha = 1
            ctx.completeTransition(!ctx.transitionWasCancelled)
        })
        UIView.animate(withDuration: 0.1, animations: {}, completion: { _ in })
    }
}
