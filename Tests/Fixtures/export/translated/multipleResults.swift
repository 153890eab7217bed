// A local function returning several values returns a Swift tuple; `local a, b = f()` and
// `a, b = f()` take it apart; `local a = f()` keeps the first value, as Lua does.

import UIKit

final class Halves: NSObject, UIViewControllerAnimatedTransitioning {
    func transitionDuration(using ctx: (any UIViewControllerContextTransitioning)?) -> TimeInterval {
        return 0.3
    }

    func animateTransition(using ctx: any UIViewControllerContextTransitioning) {
        let toView = ctx.view(forKey: .to)!
        let (left, right) = halves(ctx.containerView.bounds)
        toView.frame = left
        var first: CGRect
        var second: CGRect
        (first, second) = halves(right)
        toView.frame = first.union(second)
        let leftHalf = halves(left).0
        toView.frame = leftHalf
        ctx.completeTransition(true)
    }
}

// The left and right halves of a rectangle.
@MainActor
func halves(_ rect: CGRect) -> (CGRect, CGRect) {
    let half = rect.size.width / 2
    return (CGRect(x: rect.origin.x, y: rect.origin.y, width: half, height: rect.size.height), CGRect(x: rect.origin.x + half, y: rect.origin.y, width: half, height: rect.size.height))
}
