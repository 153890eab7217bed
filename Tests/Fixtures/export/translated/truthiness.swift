// Where Lua tests a value's truth (an if, not, the operands of and/or there), an optional is
// true when it is not nil: `if ctx.isAnimated and toView then` is `... && toView != nil`.

import UIKit

final class Guarded: NSObject, UIViewControllerAnimatedTransitioning {
    func transitionDuration(using ctx: (any UIViewControllerContextTransitioning)?) -> TimeInterval {
        return 0.3
    }

    func animateTransition(using ctx: any UIViewControllerContextTransitioning) {
        let toView = ctx.view(forKey: .to)
        let fromView = ctx.view(forKey: .from)
        if ctx.isAnimated && toView != nil {
            ctx.containerView.addSubview(toView!)
        }
        if !(fromView != nil || toView != nil) {
            ctx.completeTransition(false)
            return
        }
        ctx.completeTransition(true)
    }
}
