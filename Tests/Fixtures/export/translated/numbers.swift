// Lua has one number type: an integer meeting a float is converted as Lua converts it, / is a
// float division, and a number literal takes the type UIKit expects.

import UIKit

final class Steps: NSObject, UIViewControllerAnimatedTransitioning {
    func transitionDuration(using ctx: (any UIViewControllerContextTransitioning)?) -> TimeInterval {
        return 0.5
    }

    func animateTransition(using ctx: any UIViewControllerContextTransitioning) {
        let container = ctx.containerView
        for i in stride(from: 0, through: 4, by: 1) {
            let half = Double(i) * 0.5
            let third = Double(i) / Double(3)
            container.alpha = CGFloat(half) + CGFloat(third)
        }
        ctx.completeTransition(true)
    }
}
