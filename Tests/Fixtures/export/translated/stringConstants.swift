// A string constant is a String, or an enumeration's case where UIKit takes one (Transit
// spells cases as strings); a field of the object read into a local is unwrapped there.

import UIKit

enum params {
    static let style: UIBlurEffect.Style = .dark
    static let title = "Blurred"
}

final class Blur: UIPresentationController {
    var blurView: UIVisualEffectView!

    override func presentationTransitionWillBegin() {
        let blur = UIVisualEffectView(effect: UIBlurEffect(style: params.style))
        self.blurView = blur
        self.presentedViewController.title = params.title
        self.containerView!.addSubview(blur)
    }

    override func dismissalTransitionWillBegin() {
        let blur = self.blurView!
        blur.effect = nil
    }
}
