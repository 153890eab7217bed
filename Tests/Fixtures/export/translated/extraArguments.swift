// A call with more arguments than the function has parameters: Lua drops the extra ones, and an
// extra local or property read has nothing to evaluate, so the Swift call leaves it out.

import UIKit

final class Grow: NSObject, UIViewControllerAnimatedTransitioning {
    func transitionDuration(using ctx: (any UIViewControllerContextTransitioning)?) -> TimeInterval {
        return 0.3
    }

    func animateTransition(using ctx: any UIViewControllerContextTransitioning) {
        let toView = ctx.view(forKey: .to)!
        let size = scaled(ctx.containerView.bounds.size)
        toView.frame = CGRect(x: 0, y: 0, width: size.width, height: size.height)
        ctx.completeTransition(true)
    }
}

@MainActor
func scaled(_ size: CGSize) -> CGSize {
    return CGSize(width: size.width * 2, height: size.height * 2)
}
