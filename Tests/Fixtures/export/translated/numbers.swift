// Lua has one number type: an integer meeting a float is converted as Lua converts it, / is a
// float division, and a number literal takes the type UIKit expects; a float computed from
// integers alone takes the type of its first use (a view's alpha a CGFloat, a layer's opacity a Float).

import UIKit

final class Steps: NSObject, UIViewControllerAnimatedTransitioning {
    func transitionDuration(using ctx: (any UIViewControllerContextTransitioning)?) -> TimeInterval {
        return 0.5
    }

    func animateTransition(using ctx: any UIViewControllerContextTransitioning) {
        let container = ctx.containerView
        for i in stride(from: 0, through: 4, by: 1) {
            let half = CGFloat(i) * 0.5
            let third = CGFloat(i) / 3
            container.alpha = half + third
            let rest = Float(4 - i) / 4
            container.layer.opacity = rest
        }
        ctx.completeTransition(true)
    }
}
