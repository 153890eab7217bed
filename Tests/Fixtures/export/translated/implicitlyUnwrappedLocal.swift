// A property UIKit declares implicitly unwrapped (UIViewController.view) bound to a local is
// unwrapped there, as an optional result is: Lua would raise where the nil is used.

import UIKit

final class RoundedPresentationController: UIPresentationController {
    override func presentationTransitionWillBegin() {
        let view = self.presentedViewController.view!
        view.layer.cornerRadius = 8
        view.clipsToBounds = true
    }
}
