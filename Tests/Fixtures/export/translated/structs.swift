// A table of named fields made at run time is a Swift struct: the tables that meet (the two
// results of one function) are one struct, a field one of them leaves out is optional, a number
// literal's field takes the type of its use, and the struct is named after the local it is
// bound to.

import UIKit

struct Move {
    let dx: CGFloat
    var fade: Bool?
    var alpha: CGFloat?
}

@MainActor
func offsetOf(_ presenting: Bool, _ width: CGFloat) -> Move {
    if presenting {
        return Move(dx: width, fade: true)
    }
    return Move(dx: -width, alpha: 0.5)
}

final class Slide: NSObject, UIViewControllerAnimatedTransitioning {
    func transitionDuration(using ctx: (any UIViewControllerContextTransitioning)?) -> TimeInterval {
        return 0.3
    }

    func animateTransition(using ctx: any UIViewControllerContextTransitioning) {
        let toView = ctx.view(forKey: .to)!
        let width = ctx.containerView.bounds.size.width
        let move = offsetOf(ctx.isAnimated, width)
        toView.frame = toView.frame.offsetBy(dx: move.dx, dy: 0)
        if move.fade == true {
            toView.alpha = 0
        }
        if move.alpha != nil {
            toView.alpha = move.alpha!
        }
        ctx.containerView.addSubview(toView)
        ctx.completeTransition(true)
    }
}
