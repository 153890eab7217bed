// An Objective-C port's test that a method exists (`if ctx.view then`, its
// respondsToSelector:) is always true: the branch that runs is written, the others are not.

import UIKit

final class Fallback: NSObject, UIViewControllerAnimatedTransitioning {
    func transitionDuration(using ctx: (any UIViewControllerContextTransitioning)?) -> TimeInterval {
        return 0.3
    }

    func animateTransition(using ctx: any UIViewControllerContextTransitioning) {
        var toView = ctx.viewController(forKey: .to)!.view!
        // iOS 8 and later
        // Lua tests that ctx.view exists, a method every UIViewControllerContextTransitioning has: this branch always runs.
        toView = ctx.view(forKey: .to)!
        ctx.containerView.addSubview(toView)
        ctx.completeTransition(true)
    }
}
