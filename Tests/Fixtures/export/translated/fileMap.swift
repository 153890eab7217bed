// A table at the top of the file used as a map, keyed by objects: a Swift dictionary, typed by
// its first assignment; a missing key reads as nil.

import UIKit

@MainActor
var dimmingOf: [UIViewController: UIView] = [:]

final class DimPresentationController: UIPresentationController {
    override func presentationTransitionWillBegin() {
        if dimmingOf[self.presentedViewController] != nil {
            return
        }
        let dimming = UIView(frame: self.containerView!.bounds)
        self.containerView!.addSubview(dimming)
        dimmingOf[self.presentedViewController] = dimming
    }

    override func dismissalTransitionDidEnd(_ completed: Bool) {
        if completed {
            dimmingOf[self.presentedViewController] = nil
        }
    }
}
