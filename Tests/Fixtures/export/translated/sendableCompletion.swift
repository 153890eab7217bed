// A completion UIKit declares @Sendable (animateKeyframes'): UIKit calls it on the main thread,
// so its body runs in MainActor.assumeIsolated, where the views may be touched.

import UIKit

final class Keys: NSObject, UIViewControllerAnimatedTransitioning {
    func transitionDuration(using ctx: (any UIViewControllerContextTransitioning)?) -> TimeInterval {
        return 0.4
    }

    func animateTransition(using ctx: any UIViewControllerContextTransitioning) {
        let toView = ctx.view(forKey: .to)!
        ctx.containerView.addSubview(toView)
        toView.alpha = 0
        UIView.animateKeyframes(withDuration: 0.4, delay: 0, animations: {
            UIView.addKeyframe(withRelativeStartTime: 0, relativeDuration: 1, animations: {
                toView.alpha = 1
            })
        }, completion: { finished in
            MainActor.assumeIsolated {
                toView.alpha = 1
                ctx.completeTransition(!ctx.transitionWasCancelled)
            }
        })
    }
}
