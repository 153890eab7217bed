// A field set at the top of the file on the instance the file returns is the initial value of
// a stored property: the app's object starts with it.

import UIKit

final class Slide: NSObject, UIViewControllerAnimatedTransitioning {
    var edge: String!

    init(_ edge: String) {
        super.init()
        self.edge = edge
    }

    func transitionDuration(using ctx: (any UIViewControllerContextTransitioning)?) -> TimeInterval {
        return 0.35
    }

    func animateTransition(using ctx: any UIViewControllerContextTransitioning) {
        let toView = ctx.view(forKey: .to)!
        if self.edge == "right" {
            toView.alpha = 0
        }
        ctx.completeTransition(true)
    }
}

final class SlideDelegate: NSObject, UIViewControllerTransitioningDelegate {
    var targetEdge: String! = "right" // in from the right

    func animationController(forPresented presented: UIViewController, presenting: UIViewController, source: UIViewController) -> (any UIViewControllerAnimatedTransitioning)? {
        return Slide(self.targetEdge)
    }
}
