// A function the call of a class factory passes by name is called by that name.

import UIKit

let dimAlpha: CGFloat = 0.3

@MainActor
func centred(_ bounds: CGRect) -> CGRect {
    return CGRect(x: bounds.midX - 50, y: bounds.midY - 50, width: 100, height: 100)
}

// A class factory: each call makes a presentation controller with the call's options.
@MainActor
enum Chrome {
    static func below(_ shown: CGRect, _ bounds: CGRect) -> CGRect {
        return CGRect(x: shown.origin.x, y: bounds.size.height, width: shown.size.width, height: shown.size.height)
    }
}

final class NamedPresentationController: UIPresentationController {
    override var frameOfPresentedViewInContainerView: CGRect {
        return centred(self.containerView!.bounds)
    }

    override func presentationTransitionWillBegin() {
        let dimming = UIView(frame: self.containerView!.bounds)
        dimming.backgroundColor = UIColor.black.withAlphaComponent(dimAlpha)
        self.containerView!.addSubview(dimming)
    }

    override func dismissalTransitionWillBegin() {
        self.presentedView!.frame = Chrome.below(self.presentedView!.frame, self.containerView!.bounds)
    }
}

// Transit's scene: modalPresentationStyle = "custom"
