// `x = x + y` on a local or a property is Swift's `x += y` (`-=`, `*=`, `/=` likewise), and
// `s = s .. t` on a string `s += t`.

import UIKit

final class Count: NSObject, UIViewControllerAnimatedTransitioning {
    func transitionDuration(using ctx: (any UIViewControllerContextTransitioning)?) -> TimeInterval {
        return 0.3
    }

    func animateTransition(using ctx: any UIViewControllerContextTransitioning) {
        let toView = ctx.view(forKey: .to)!
        var title = "Step"
        var scale: CGFloat = 1
        for i in stride(from: 1, through: 3, by: 1) {
            title += " " + String(i)
            scale *= 0.9
            toView.alpha /= 2
        }
        toView.layer.cornerRadius = 20 * scale
        ctx.viewController(forKey: .to)!.title = title
        ctx.completeTransition(true)
    }
}
