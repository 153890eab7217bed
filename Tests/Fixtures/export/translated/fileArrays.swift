// Arrays at the top of the file that nothing assigns: a list of strings is the option set its
// first use takes; an array of values is a `let` of its array type, indexed from 1 in Lua.

import UIKit

let OPTIONS: UIView.AnimationOptions = [.curveEaseInOut, .allowUserInteraction]
let CURVE: [CGPoint] = [CGPoint(x: 0.4, y: 0), CGPoint(x: 0.2, y: 1)]

final class Spring: NSObject, UIViewControllerAnimatedTransitioning {
    func transitionDuration(using ctx: (any UIViewControllerContextTransitioning)?) -> TimeInterval {
        return 0.4
    }

    func animateTransition(using ctx: any UIViewControllerContextTransitioning) {
        let view = ctx.view(forKey: .to)!
        let animator = UIViewPropertyAnimator(duration: 0.4, controlPoint1: CURVE[0], controlPoint2: CURVE[1])
        animator.addAnimations({
            view.alpha = 1
        })
        animator.startAnimation()
        UIView.animate(withDuration: 0.4, delay: 0, options: OPTIONS, animations: {
            view.alpha = 1
        }, completion: { finished in
            ctx.completeTransition(true)
        })
    }
}
