// let unless reassigned, numbers typed by their use.

import UIKit

let MARGIN: CGFloat = 20
let DURATION: TimeInterval = 0.25

final class Slide: NSObject, UIViewControllerAnimatedTransitioning {
    func transitionDuration(using ctx: (any UIViewControllerContextTransitioning)?) -> TimeInterval {
        return DURATION
    }

    func animateTransition(using ctx: any UIViewControllerContextTransitioning) {
        let toView = ctx.view(forKey: .to)!
        let width = ctx.containerView.bounds.size.width
        let offset = width - MARGIN * 2
        var alpha: CGFloat = 0
        alpha += 0.5
        toView.alpha = alpha
        toView.frame = CGRect(x: MARGIN, y: 0, width: offset, height: ctx.containerView.bounds.size.height / 2)
        ctx.completeTransition(true)
    }
}
