// a, b = x, y: Lua evaluates every value before it assigns any target, as Swift's tuple
// assignment does.

import UIKit

final class Swap: NSObject, UIViewControllerAnimatedTransitioning {
    func transitionDuration(using ctx: (any UIViewControllerContextTransitioning)?) -> TimeInterval {
        return 0.3
    }

    func animateTransition(using ctx: any UIViewControllerContextTransitioning) {
        var front = ctx.view(forKey: .to)!
        var back = ctx.view(forKey: .from)!
        (front, back) = (back, front)
        ctx.containerView.addSubview(back)
        (front.alpha, back.alpha) = (0, 1)
        ctx.completeTransition(true)
    }
}
