// An init over a UIKit class takes its designated initialiser's arguments (X.new(a, b) makes the
// superclass's part from them first): an override of it. UIView.new() is NSObject's init().

import UIKit

final class DimmingController: UIPresentationController {
    var dimmingView: UIView!

    override init(presentedViewController: UIViewController, presenting presentingViewController: UIViewController?) {
        super.init(presentedViewController: presentedViewController, presenting: presentingViewController)
        self.dimmingView = UIView()
        self.dimmingView.alpha = 0
    }

    override func presentationTransitionWillBegin() {
        self.dimmingView.frame = self.containerView!.bounds
        self.containerView!.addSubview(self.dimmingView)
    }
}
