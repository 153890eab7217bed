// A call that leaves out the last parameters (Lua passes nil): optional parameters defaulting to
// nil, when the function only compares or tests them.

import UIKit

@MainActor
func snapshot(_ view: UIView?, _ afterUpdates: Bool? = nil) -> UIView? {
    return view!.snapshotView(afterScreenUpdates: afterUpdates == true)
}

final class Flip: NSObject, UIViewControllerAnimatedTransitioning {
    func transitionDuration(using ctx: (any UIViewControllerContextTransitioning)?) -> TimeInterval {
        return 0.3
    }

    func animateTransition(using ctx: any UIViewControllerContextTransitioning) {
        let container = ctx.containerView
        func place(_ view: UIView, _ above: UIView? = nil) {
            container.addSubview(view)
            if above != nil {
                view.center = above!.center
            }
        }
        let from = snapshot(ctx.view(forKey: .from))!
        let to = snapshot(ctx.view(forKey: .to), true)!
        place(from)
        place(to, from)
        ctx.completeTransition(true)
    }
}
