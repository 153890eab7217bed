// assert(condition, message) checks in every run, as Lua does: when the condition fails,
// fatalError(message); tostring of an integer or a boolean is String(v); math.atan(y) is atan.

import UIKit

final class Checked: NSObject, UIViewControllerAnimatedTransitioning {
    func transitionDuration(using ctx: (any UIViewControllerContextTransitioning)?) -> TimeInterval {
        return 0.3
    }

    func animateTransition(using ctx: any UIViewControllerContextTransitioning) {
        let count = ctx.containerView.subviews.count
        if !(count > 0) {
            fatalError("the container is empty")
        }
        if !ctx.isAnimated {
            fatalError("assertion failed!")
        }
        ctx.viewController(forKey: .to)!.title = "views: " + String(count) + ", animated: " + String(ctx.isAnimated)
        ctx.containerView.alpha = atan(1) / .pi
        ctx.completeTransition(true)
    }
}
