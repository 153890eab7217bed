// A local function passed by its name where UIKit takes a closure: the nested function is the closure.

import UIKit

final class Reveal: NSObject, UIViewControllerAnimatedTransitioning {
    func transitionDuration(using ctx: (any UIViewControllerContextTransitioning)?) -> TimeInterval {
        return 0.3
    }

    func animateTransition(using ctx: any UIViewControllerContextTransitioning) {
        let view = ctx.view(forKey: .to)!
        func finish() {
            view.layer.mask = nil
            ctx.completeTransition(!ctx.transitionWasCancelled)
        }
        if !ctx.isAnimated {
            finish()
            return
        }
        CATransaction.begin()
        CATransaction.setCompletionBlock(finish)
        view.alpha = 1
        CATransaction.commit()
    }
}
