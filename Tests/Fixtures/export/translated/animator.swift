// The class mechanism: a subclass of NSObject whose hooks are the animator protocol's methods.

import UIKit

final class Fade: NSObject, UIViewControllerAnimatedTransitioning {
    func transitionDuration(using transitionContext: (any UIViewControllerContextTransitioning)?) -> TimeInterval {
        return 0.3
    }

    func animateTransition(using transitionContext: any UIViewControllerContextTransitioning) {
        let toView = transitionContext.view(forKey: .to)!
        transitionContext.containerView.addSubview(toView)
        transitionContext.completeTransition(true)
    }
}

// Transit's scene: modalPresentationStyle = "fullScreen"
