// A record field given { 0, 1 } by one table and { 0, 0.9 } by another: Lua has one number type,
// so the struct's field is a [Double], which the integer literals also are.

import UIKit

let ENTER = Thresholds(fade: [0, 0.25], bounds: [0, 1])
let RETURN = Thresholds(fade: [0.6, 0.9], bounds: [0, 0.9])

struct Thresholds {
    let fade: [Double]
    let bounds: [Double]
}

final class Fader: NSObject, UIViewControllerAnimatedTransitioning {
    func transitionDuration(using ctx: (any UIViewControllerContextTransitioning)?) -> TimeInterval {
        return 0.4
    }

    func animateTransition(using ctx: any UIViewControllerContextTransitioning) {
        let view = ctx.view(forKey: .to)!
        let thresholds = view.alpha > 0 ? ENTER : RETURN
        let range = thresholds.bounds
        UIView.animate(withDuration: 0.4 * (range[1] - range[0]), delay: 0.4 * thresholds.fade[0], animations: {
            view.alpha = 1
        }, completion: { finished in
            ctx.completeTransition(true)
        })
    }
}
