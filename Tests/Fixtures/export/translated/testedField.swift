// A field tested for truth is a Swift optional: Lua reads it as nil before it is assigned, and
// false and nil are both false, so an optional Bool is tested with == true.

import UIKit

final class Once: NSObject, UIViewControllerAnimatedTransitioning {
    var started: Bool?

    func transitionDuration(using ctx: (any UIViewControllerContextTransitioning)?) -> TimeInterval {
        return 0.3
    }

    func animateTransition(using ctx: any UIViewControllerContextTransitioning) {
        if self.started != true && ctx.isAnimated {
            self.started = true
        }
        ctx.completeTransition(self.started == true)
    }
}
