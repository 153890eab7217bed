// A table of numbers one of which is a float is an array of Double: Lua has one number type, so
// its first element, an integer, does not make the others integers.

import UIKit

final class Fade: NSObject, UIViewControllerAnimatedTransitioning {
    func transitionDuration(using ctx: (any UIViewControllerContextTransitioning)?) -> TimeInterval {
        return 0.3
    }

    func animateTransition(using ctx: any UIViewControllerContextTransitioning) {
        let steps = [0, 0.25, 1]
        let toView = ctx.view(forKey: .to)!
        toView.alpha = CGFloat(steps[1])
        ctx.containerView.addSubview(toView)
        ctx.completeTransition(true)
    }
}
