// A Lua init is a Swift init typed by the first X.new(...); it runs after the superclass's part,
// so super.init() comes first. Fields may be read before the method that assigns them.

import UIKit

final class SlideAnimator: NSObject, UIViewControllerAnimatedTransitioning {
    var duration: TimeInterval!

    init(_ duration: TimeInterval) {
        super.init()
        self.duration = duration
    }

    func transitionDuration(using ctx: (any UIViewControllerContextTransitioning)?) -> TimeInterval {
        return self.duration
    }

    func animateTransition(using ctx: any UIViewControllerContextTransitioning) {
        ctx.completeTransition(true)
    }
}

final class SlideDelegate: NSObject, UIViewControllerTransitioningDelegate {
    func animationController(forPresented presented: UIViewController, presenting: UIViewController, source: UIViewController) -> (any UIViewControllerAnimatedTransitioning)? {
        return SlideAnimator(0.4)
    }
}
