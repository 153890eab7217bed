// A field of self nothing in the file assigns, read with a default (`self.sourceView or ...`): a
// property the app sets before presenting, nil until then, as Lua reads it.

import UIKit

final class Zoom: NSObject, UIViewControllerAnimatedTransitioning {
    var sourceView: UIView?

    func transitionDuration(using ctx: (any UIViewControllerContextTransitioning)?) -> TimeInterval {
        return 0.3
    }

    func animateTransition(using ctx: any UIViewControllerContextTransitioning) {
        let container = ctx.containerView
        let source = self.sourceView ?? container
        ctx.view(forKey: .to)!.frame = source.frame
        container.addSubview(ctx.view(forKey: .to)!)
        ctx.completeTransition(true)
    }
}
