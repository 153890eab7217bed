// A field the script keeps on its object is a stored property typed by its first assignment;
// a property of the superclass is the superclass's.

import UIKit

final class DimmingPresentationController: UIPresentationController {
    var dimmingView: UIView!

    override func presentationTransitionWillBegin() {
        self.dimmingView = UIView(frame: self.containerView!.bounds)
        self.dimmingView.alpha = 0
        self.containerView!.addSubview(self.dimmingView)
    }

    override func dismissalTransitionDidEnd(_ completed: Bool) {
        if completed {
            self.dimmingView.removeFromSuperview()
        }
    }
}
