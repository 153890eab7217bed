// An action function that only calls a method of an object with the recognizer is UIKit's
// target and action: the object is the target, the method @objc, named with #selector. A target
// and a method's name are the same.

import UIKit

final class PullInteraction: UIPercentDrivenInteractiveTransition {
    var presented: UIViewController!

    static func attach(_ presented: UIViewController) -> PullInteraction {
        let pullInteraction = PullInteraction()
        pullInteraction.presented = presented
        presented.view.addGestureRecognizer(UIPanGestureRecognizer(target: pullInteraction, action: #selector(PullInteraction.handlePan(_:))))
        return pullInteraction
    }

    @objc func handlePan(_ recognizer: UIPanGestureRecognizer) {
        if recognizer.state == .began {
            self.presented.dismiss(animated: true, completion: nil)
        } else if recognizer.state == .ended {
            self.finish()
        }
    }

    func watch(_ recognizer: UITapGestureRecognizer) {
        recognizer.addTarget(self, action: #selector(handleTap))
    }

    func unwatch(_ recognizer: UITapGestureRecognizer) {
        recognizer.removeTarget(self, action: #selector(handleTap))
    }

    @objc func handleTap() {
        self.cancel()
    }
}

final class PullDelegate: NSObject, UIViewControllerTransitioningDelegate {
    var interaction: PullInteraction!

    func animationController(forPresented presented: UIViewController, presenting: UIViewController, source: UIViewController) -> (any UIViewControllerAnimatedTransitioning)? {
        self.interaction = PullInteraction.attach(presented)
        let tap = UITapGestureRecognizer(target: self, action: #selector(tapped(_:)))
        self.interaction.watch(tap)
        self.interaction.unwatch(tap)
        presented.view.addGestureRecognizer(tap)
        return nil
    }

    @objc func tapped(_ recognizer: UITapGestureRecognizer) {
        self.interaction.cancel()
    }
}
