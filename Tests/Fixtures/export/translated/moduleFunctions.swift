// A module the effect requires: a namespace of its functions and constants, translated once
// into the same file, with what the effect uses.

import UIKit

// Geometry helpers shared by effects.
@MainActor
enum Geometry {
    // How far a view travels, in points.
    static let TRAVEL: CGFloat = 40

    // The frame moved down by `amount`.
    static func lowered(_ frame: CGRect, _ amount: CGFloat) -> CGRect {
        return frame.offsetBy(dx: 0, dy: amount)
    }

    static func half(_ value: CGFloat) -> CGFloat {
        return value / 2
    }

    static func centreY(_ frame: CGRect) -> CGFloat {
        return frame.origin.y + Geometry.half(frame.size.height)
    }
}

final class Drop: NSObject, UIViewControllerAnimatedTransitioning {
    func transitionDuration(using ctx: (any UIViewControllerContextTransitioning)?) -> TimeInterval {
        return 0.3
    }

    func animateTransition(using ctx: any UIViewControllerContextTransitioning) {
        let toView = ctx.view(forKey: .to)!
        let final = ctx.containerView.bounds
        toView.frame = Geometry.lowered(final, Geometry.TRAVEL)
        toView.center = CGPoint(x: final.midX, y: Geometry.centreY(final))
        ctx.containerView.addSubview(toView)
        ctx.completeTransition(true)
    }
}
