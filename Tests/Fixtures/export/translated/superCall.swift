// Class.super.method(self, ...) in a method of Class is Swift's super.method(...); X.new(a, b)
// over a UIKit class without an init of the script's is its inherited initialiser.

import UIKit

final class CoverPresentationController: UIPresentationController {
    var contentFrame: CGRect!

    override func containerViewWillLayoutSubviews() {
        super.containerViewWillLayoutSubviews()
        self.presentedView!.frame = self.contentFrame
    }
}

final class CoverInteraction: UIPercentDrivenInteractiveTransition {
    var context: (any UIViewControllerContextTransitioning)!

    override func startInteractiveTransition(_ transitionContext: any UIViewControllerContextTransitioning) {
        self.context = transitionContext
        super.startInteractiveTransition(transitionContext)
    }
}

final class CoverDelegate: NSObject, UIViewControllerTransitioningDelegate {
    func presentationController(forPresented presented: UIViewController, presenting: UIViewController?, source: UIViewController) -> UIPresentationController? {
        let controller = CoverPresentationController(presentedViewController: presented, presenting: presenting)
        controller.contentFrame = CGRect(x: 10, y: 20, width: 300, height: 400)
        return controller
    }

    func interactionControllerForDismissal(using animator: any UIViewControllerAnimatedTransitioning) -> (any UIViewControllerInteractiveTransitioning)? {
        return CoverInteraction()
    }
}
