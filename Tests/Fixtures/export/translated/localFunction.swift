// A local function of the file: its first call gives its parameters their Swift types, its
// first return its result.

import UIKit

final class Shift: NSObject, UIViewControllerAnimatedTransitioning {
    func transitionDuration(using ctx: (any UIViewControllerContextTransitioning)?) -> TimeInterval {
        return 0.3
    }

    func animateTransition(using ctx: any UIViewControllerContextTransitioning) {
        let toView = ctx.view(forKey: .to)!
        let steps: CGFloat = 2
        toView.frame = atX(toView.frame, 0)
        toView.alpha = steps * .pi / 10
        ctx.completeTransition(true)
    }
}

// The same frame with another x.
@MainActor
func atX(_ frame: CGRect, _ x: CGFloat) -> CGRect {
    return CGRect(x: x, y: frame.origin.y, width: frame.size.width, height: frame.size.height)
}
