// A local assigned later that a path assigns twice is a var; one initialised to nil or assigned
// nil is an optional, as Lua reads it; one tested for nil stays the optional it is given.

import UIKit

final class Reveal: NSObject, UIViewControllerAnimatedTransitioning {
    func transitionDuration(using ctx: (any UIViewControllerContextTransitioning)?) -> TimeInterval {
        return 0.3
    }

    func animateTransition(using ctx: any UIViewControllerContextTransitioning) {
        var shown: UIView
        shown = ctx.view(forKey: .to)!
        if !ctx.isAnimated {
            shown = ctx.containerView
        }
        shown.alpha = 1
        let tint: UIColor?
        if ctx.isInteractive {
            tint = UIColor.black
        } else {
            tint = nil
        }
        shown.backgroundColor = tint
        var title: String? = nil
        if ctx.isAnimated {
            title = "Shown"
        }
        ctx.viewController(forKey: .to)!.title = title
        let hidden: UIView?
        hidden = ctx.view(forKey: .from)
        if hidden != nil {
            hidden!.alpha = 0
        }
        ctx.completeTransition(true)
    }
}
