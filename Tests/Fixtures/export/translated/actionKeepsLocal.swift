// An action function reading a local of the function that makes the recognizer: the @objc
// method cannot see it, so the target keeps its value for each recognizer, where it is made.

import UIKit

final class Dimmed: UIPresentationController {
    private var dimmingByRecognizer: [UITapGestureRecognizer: UIView] = [:]
    private var presentedByRecognizer: [UITapGestureRecognizer: UIViewController] = [:]

    override func presentationTransitionWillBegin() {
        let dimming = UIView(frame: self.containerView!.bounds)
        let presented = self.presentedViewController
        dimming.addGestureRecognizer({
            let recognizer = UITapGestureRecognizer(target: self, action: #selector(handleTap(_:)))
            self.dimmingByRecognizer[recognizer] = dimming
            self.presentedByRecognizer[recognizer] = presented
            return recognizer
        }())
        self.containerView!.addSubview(dimming)
    }

    @objc func handleTap(_ recognizer: UITapGestureRecognizer) {
        let dimming = self.dimmingByRecognizer[recognizer]!
        let presented = self.presentedByRecognizer[recognizer]!
        dimming.alpha = 0
        presented.dismiss(animated: true, completion: nil)
    }
}
