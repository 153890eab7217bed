// A local choosing between strings is the enumeration its first use takes; a function whose first
// return is an integer literal returns what its other returns give; # of an optional array.

import UIKit

final class Slide: NSObject, UIViewControllerAnimatedTransitioning {
    func transitionDuration(using ctx: (any UIViewControllerContextTransitioning)?) -> TimeInterval {
        return 0.3
    }

    func fraction(_ view: UIView!, _ width: CGFloat) -> CGFloat {
        if width <= 0 {
            return -1
        }
        return view.frame.origin.x / width
    }

    func animateTransition(using ctx: any UIViewControllerContextTransitioning) {
        let presenting = ctx.viewController(forKey: .to)!.isBeingPresented
        let key: UITransitionContextViewControllerKey = presenting ? .to : .from
        let moving = ctx.viewController(forKey: key)!
        let count = moving.children.count
        let tabs = UITabBarController()
        let pages = tabs.viewControllers!.count
        moving.view.alpha = self.fraction(moving.view, ctx.containerView.bounds.size.width) + CGFloat(count) + CGFloat(pages)
        ctx.completeTransition(true)
    }
}
