// Tables of named constants at the top used whole (chosen by a condition): records, instances
// of one struct.

import UIKit

let ENTER = Timing(fade: 0.25, delay: 0)
let RETURN = Timing(fade: 0.3, delay: 0.1)

struct Timing {
    let fade: TimeInterval
    let delay: TimeInterval
}

final class Fader: NSObject, UIViewControllerAnimatedTransitioning {
    func transitionDuration(using ctx: (any UIViewControllerContextTransitioning)?) -> TimeInterval {
        return 0.4
    }

    func animateTransition(using ctx: any UIViewControllerContextTransitioning) {
        let view = ctx.view(forKey: .to)!
        let timing = view.alpha > 0 ? ENTER : RETURN
        UIView.animate(withDuration: timing.fade, delay: timing.delay, animations: {
            view.alpha = 1
        }, completion: { finished in
            ctx.completeTransition(true)
        })
    }
}
