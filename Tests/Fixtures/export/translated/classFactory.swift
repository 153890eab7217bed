// A class factory of a module, called at the top of the effect: the class it makes, with the
// call's name, numbers and functions in it.

import UIKit

let SIZE = CGSize(width: 270, height: 180)
let dimAlpha: CGFloat = 0.5

// A class factory: each call makes a presentation controller with the call's options.
@MainActor
enum Chrome {
    static func below(_ shown: CGRect, _ bounds: CGRect) -> CGRect {
        return CGRect(x: shown.origin.x, y: bounds.size.height, width: shown.size.width, height: shown.size.height)
    }
}

final class CardPresentationController: UIPresentationController {
    // Centred.
    func frame(_ bounds: CGRect) -> CGRect {
        return CGRect(x: bounds.midX - SIZE.width / 2, y: bounds.midY - SIZE.height / 2, width: SIZE.width, height: SIZE.height)
    }

    override var frameOfPresentedViewInContainerView: CGRect {
        return self.frame(self.containerView!.bounds)
    }

    override func presentationTransitionWillBegin() {
        let dimming = UIView(frame: self.containerView!.bounds)
        dimming.backgroundColor = UIColor.black.withAlphaComponent(dimAlpha)
        self.containerView!.addSubview(dimming)
        self.presentedViewController.view.layer.cornerRadius = 12
    }

    override func dismissalTransitionWillBegin() {
        self.presentedView!.frame = Chrome.below(self.presentedView!.frame, self.containerView!.bounds)
    }
}
