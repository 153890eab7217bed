// Foundation's constants (CGRect.zero) and an object made with no arguments (CAShapeLayer(),
// NSObject's init); Transit's name for a view is a comment, as UIKit has none; `return f()`
// in a hook that returns nothing is the call, then the return.

import UIKit

final class Masked: NSObject, UIViewControllerAnimatedTransitioning {
    func transitionDuration(using ctx: (any UIViewControllerContextTransitioning)?) -> TimeInterval {
        return 0.3
    }

    func animateTransition(using ctx: any UIViewControllerContextTransitioning) {
        let toView = ctx.view(forKey: .to)!
        // Transit's name: "masked"
        let mask = CAShapeLayer()
        mask.frame = CGRect.zero
        toView.layer.mask = mask
        if !ctx.isAnimated {
            ctx.completeTransition(true)
            return
        }
        ctx.containerView.addSubview(toView)
        ctx.completeTransition(true)
    }
}
