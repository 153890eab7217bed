// A file function whose parameter Lua names self (Swift's keyword) is named after its class; a
// field of that object bound to a local is unwrapped there, as the object's own would be.

import UIKit

@MainActor
func follow(_ swipe: Swipe, _ gesture: UIPanGestureRecognizer) {
    if gesture.state == .began {
        swipe.start = swipe.presentedViewController.view.frame
    } else {
        let start = swipe.start!
        swipe.presentedViewController.view.frame = start.offsetBy(dx: 0, dy: gesture.translation(in: swipe.containerView).y)
    }
}

final class Swipe: UIPresentationController {
    var start: CGRect!

    override func presentationTransitionWillBegin() {
        self.presentedViewController.view.addGestureRecognizer(UIPanGestureRecognizer(target: self, action: #selector(handlePan(_:))))
    }

    @objc func handlePan(_ g: UIPanGestureRecognizer) {
        follow(self, g)
    }
}
