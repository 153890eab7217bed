// Comments stay where they are,
// line comments as //.

import UIKit

final class Kept: NSObject, UIViewControllerAnimatedTransitioning {
    // A long comment
    // spanning two lines.
    func transitionDuration(using ctx: (any UIViewControllerContextTransitioning)?) -> TimeInterval {
        return 0.3 // trailing
    }

    func animateTransition(using ctx: any UIViewControllerContextTransitioning) {
        // before a statement
        ctx.completeTransition(true)
        // at the end of a block
    }
}
