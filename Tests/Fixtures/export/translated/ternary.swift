// c and x or y with a boolean c: a conditional expression; with an x that may be nil,
// (c ? x : nil) ?? y, which is what Lua computes.

import UIKit

let DURATION: TimeInterval = 0.3

final class Either: NSObject, UIViewControllerAnimatedTransitioning {
    func transitionDuration(using ctx: (any UIViewControllerContextTransitioning)?) -> TimeInterval {
        return ctx!.isAnimated ? DURATION : 0
    }

    func animateTransition(using ctx: any UIViewControllerContextTransitioning) {
        let isPresenting = ctx.viewController(forKey: .to)!.presentingViewController === ctx.viewController(forKey: .from)
        let view = (isPresenting ? ctx.view(forKey: .to) : nil) ?? ctx.view(forKey: .from)!
        view.alpha = 1
        ctx.completeTransition(true)
    }
}
