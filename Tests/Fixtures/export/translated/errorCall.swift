// error(message) reports a programmer's mistake: fatalError(message), which stops the app in
// every build configuration, as Lua's error always raises.

import UIKit

let EDGE = "left"

final class Edge: NSObject, UIViewControllerAnimatedTransitioning {
    func transitionDuration(using ctx: (any UIViewControllerContextTransitioning)?) -> TimeInterval {
        return 0.3
    }

    func animateTransition(using ctx: any UIViewControllerContextTransitioning) {
        let toView = ctx.view(forKey: .to)!
        let offset: CGVector
        if EDGE == "left" {
            offset = CGVector(dx: -1, dy: 0)
        } else if EDGE == "right" {
            offset = CGVector(dx: 1, dy: 0)
        } else {
            fatalError("EDGE must be left or right")
        }
        toView.frame = ctx.containerView.bounds.offsetBy(dx: offset.dx * 100, dy: 0)
        ctx.containerView.addSubview(toView)
        ctx.completeTransition(true)
    }
}
