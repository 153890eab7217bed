// A method UIKit declares as returning Self (CALayer's presentation() -> Self?): the receiver's type.

import UIKit

final class Grab: NSObject, UIViewControllerAnimatedTransitioning {
    func transitionDuration(using ctx: (any UIViewControllerContextTransitioning)?) -> TimeInterval {
        return 0.3
    }

    func animateTransition(using ctx: any UIViewControllerContextTransitioning) {
        let view = ctx.view(forKey: .to)!
        let onScreen = view.layer.presentation()!.position.y - view.bounds.size.height / 2
        view.alpha = onScreen > 0 ? 1 : 0
        ctx.completeTransition(true)
    }
}
