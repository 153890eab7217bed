// A nil constant is an optional of the type its uses give it; `x or default` on an optional is
// `x ?? default`, and `c and x or y` with an optional c is `c != nil ? x : y`, the optional
// unwrapped where UIKit wants a value (Lua would raise on a nil there).

import UIKit

enum params {
    static let duration: TimeInterval = 0.4
    static let origin: CGPoint? = nil
}

final class Grow: NSObject, UIViewControllerAnimatedTransitioning {
    func transitionDuration(using ctx: (any UIViewControllerContextTransitioning)?) -> TimeInterval {
        return params.duration
    }

    func animateTransition(using ctx: any UIViewControllerContextTransitioning) {
        let container = ctx.containerView
        let toView = ctx.view(forKey: .to) ?? container
        container.addSubview(toView)
        let center = params.origin ?? CGPoint(x: container.bounds.midX, y: container.bounds.midY)
        let start = params.origin != nil ? container.convert(params.origin!, to: toView) : center
        toView.center = start
        let title = ctx.viewController(forKey: .to)!.title ?? "untitled"
        ctx.viewController(forKey: .to)!.title = title + "!"
        ctx.completeTransition(true)
    }
}
