// A method that is not a UIKit hook: its calls type its parameters, its first return its result.

import UIKit

final class Doors: NSObject, UIViewControllerAnimatedTransitioning {
    func transitionDuration(using ctx: (any UIViewControllerContextTransitioning)?) -> TimeInterval {
        return 0.5
    }

    func animateTransition(using ctx: any UIViewControllerContextTransitioning) {
        let toView = ctx.view(forKey: .to)!
        ctx.containerView.addSubview(toView)
        toView.frame = self.offscreen(ctx.containerView.bounds, 2)
        UIView.animate(withDuration: self.transitionDuration(using: ctx), animations: {
            toView.frame = ctx.containerView.bounds
        }, completion: { finished in
            ctx.completeTransition(!ctx.transitionWasCancelled)
        })
    }

    // The frame `widths` container widths to the right: defined after its first call.
    func offscreen(_ bounds: CGRect, _ widths: CGFloat) -> CGRect {
        return bounds.offsetBy(dx: bounds.size.width * widths, dy: 0)
    }
}
