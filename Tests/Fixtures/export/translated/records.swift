// A table of named fields made in place is a Swift struct with those fields, read by them; an
// array of them is an array of the struct, named after the loop variable that reads them.

import UIKit

struct Strip {
    let view: UIView
    let alpha: Double
}

final class Strips: NSObject, UIViewControllerAnimatedTransitioning {
    func transitionDuration(using ctx: (any UIViewControllerContextTransitioning)?) -> TimeInterval {
        return 0.3
    }

    func animateTransition(using ctx: any UIViewControllerContextTransitioning) {
        let container = ctx.containerView
        var strips: [Strip] = []
        for i in stride(from: 1, through: 2, by: 1) {
            let strip = UIView(frame: CGRect(x: CGFloat(i) * 10, y: 0, width: 10, height: 10))
            container.addSubview(strip)
            strips.append(Strip(view: strip, alpha: Double(i) / 2))
        }
        for strip in strips {
            strip.view.alpha = CGFloat(strip.alpha)
        }
        ctx.completeTransition(true)
    }
}
