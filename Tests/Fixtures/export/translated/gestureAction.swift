// A gesture recognizer given a Lua function: UIKit calls a method of a target object, so the
// function becomes an @objc method of the class, self the target, named with #selector.

import UIKit

final class Dimmed: UIPresentationController {
    override func presentationTransitionWillBegin() {
        let dimming = UIView(frame: self.containerView!.bounds)
        dimming.addGestureRecognizer(UITapGestureRecognizer(target: self, action: #selector(handleTap)))
        dimming.addGestureRecognizer(UIPanGestureRecognizer(target: self, action: #selector(handlePan(_:))))
        self.containerView!.insertSubview(dimming, at: 0)
    }

    @objc func handleTap() {
        self.presentedViewController.dismiss(animated: true, completion: nil)
    }

    @objc func handlePan(_ pan: UIPanGestureRecognizer) {
        // Follows the finger.
        pan.view!.alpha = 1 - pan.translation(in: self.containerView).y / 100
    }
}
