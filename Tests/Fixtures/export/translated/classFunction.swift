// A function stored in a class table is a static function of the Swift class, typed by its
// calls; a local named self in it is a plain local (Swift names it after its class), and the
// fields it sets on the object are stored properties.

import UIKit

final class EdgeInteraction: UIPercentDrivenInteractiveTransition {
    var presented: UIViewController!

    static func attach(_ presented: UIViewController) -> EdgeInteraction {
        let edgeInteraction = EdgeInteraction()
        edgeInteraction.presented = presented
        return edgeInteraction
    }
}

final class EdgeDelegate: NSObject, UIViewControllerTransitioningDelegate {
    var interaction: EdgeInteraction!

    func animationController(forPresented presented: UIViewController, presenting: UIViewController, source: UIViewController) -> (any UIViewControllerAnimatedTransitioning)? {
        self.interaction = EdgeInteraction.attach(presented)
        return nil
    }

    func interactionControllerForDismissal(using animator: any UIViewControllerAnimatedTransitioning) -> (any UIViewControllerInteractiveTransitioning)? {
        return self.interaction
    }
}
