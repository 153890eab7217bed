// math.random is random in the app too (Transit seeds it only so that renders repeat):
// math.random() is a float in [0, 1), math.random(m, n) an integer from m to n, both included,
// and math.random(n) one from 1 to n.

import UIKit

final class Scatter: NSObject, UIViewControllerAnimatedTransitioning {
    func transitionDuration(using ctx: (any UIViewControllerContextTransitioning)?) -> TimeInterval {
        return 0.5
    }

    func animateTransition(using ctx: any UIViewControllerContextTransitioning) {
        let toView = ctx.view(forKey: .to)!
        ctx.containerView.addSubview(toView)
        toView.alpha = CGFloat.random(in: 0..<1)
        let column = Int.random(in: 0...9)
        let row = Int.random(in: 1...20)
        toView.frame = CGRect(x: CGFloat(column) * 10, y: CGFloat(row) * 10, width: 10, height: 10)
        let jitter = Double.random(in: 0..<1) * 2
        toView.center = CGPoint(x: toView.center.x + CGFloat(jitter), y: toView.center.y)
        ctx.completeTransition(true)
    }
}
