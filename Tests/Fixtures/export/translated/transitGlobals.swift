// Transit's globals as an app writes them: transit.device is UIDevice.current (its idiom a
// Swift case), transit.log(...) is print(...) without the virtual time, and string.format is
// String(format:).

import UIKit

final class Wide: NSObject, UIViewControllerAnimatedTransitioning {
    func transitionDuration(using ctx: (any UIViewControllerContextTransitioning)?) -> TimeInterval {
        return 0.3
    }

    func animateTransition(using ctx: any UIViewControllerContextTransitioning) {
        let toView = ctx.view(forKey: .to)!
        let isPad = UIDevice.current.userInterfaceIdiom == .pad
        if isPad {
            toView.alpha = 0.5
        }
        print("wide:", String(format: "%.2f of %ld", Double(toView.alpha), ctx.containerView.subviews.count), isPad)
        ctx.completeTransition(true)
    }
}
