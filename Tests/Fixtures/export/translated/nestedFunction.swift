// A local function inside a function is a Swift nested function, typed by its first call (a
// number by its use in the body); it captures the enclosing locals as the Lua closure does.

import UIKit

final class Strips: NSObject, UIViewControllerAnimatedTransitioning {
    func transitionDuration(using ctx: (any UIViewControllerContextTransitioning)?) -> TimeInterval {
        return 0.4
    }

    func animateTransition(using ctx: any UIViewControllerContextTransitioning) {
        let container = ctx.containerView
        let height = container.bounds.size.height

        // One strip of the container's width.
        func strip(_ index: CGFloat, _ count: CGFloat) -> UIView {
            let view = UIView(frame: CGRect(x: 0, y: height * (index - 1) / count, width: container.bounds.size.width, height: height / count))
            container.addSubview(view)
            return view
        }
        func fade(_ view: UIView) {
            view.alpha = 0.5
        }

        let first = strip(1, 2)
        fade(first)
        fade(strip(2, 2))
        ctx.completeTransition(true)
    }
}
