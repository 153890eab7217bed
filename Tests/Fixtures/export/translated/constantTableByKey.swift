// A module's table of named constants read with a key the effect computes is a Swift dictionary;
// the read is optional, as Lua's of a missing key is nil, unless the key is a constant of the
// file that the table has.

import UIKit

enum params {
    static let direction = "left"
}

// Directions and their opposites.
@MainActor
enum Directions {
    static let OPPOSITE = ["left": "right", "right": "left"]

    static func offset(_ direction: String, _ width: CGFloat) -> CGFloat {
        if direction == "left" {
            return -width
        }
        return width
    }
}

final class Slide: NSObject, UIViewControllerAnimatedTransitioning {
    func transitionDuration(using ctx: (any UIViewControllerContextTransitioning)?) -> TimeInterval {
        return 0.3
    }

    func animateTransition(using ctx: any UIViewControllerContextTransitioning) {
        let toView = ctx.view(forKey: .to)!
        let back = Directions.OPPOSITE[params.direction]!
        toView.frame = toView.frame.offsetBy(dx: Directions.offset(back, toView.frame.size.width), dy: 0)
        ctx.containerView.addSubview(toView)
        ctx.completeTransition(true)
    }
}
