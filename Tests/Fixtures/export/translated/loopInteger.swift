// A numeric for whose start and step are integers loops with integers in Lua, whatever its limit:
// with a float limit the Swift variable is a float, written as the integer it holds.

import UIKit

final class Tiles: NSObject, UIViewControllerAnimatedTransitioning {
    func transitionDuration(using ctx: (any UIViewControllerContextTransitioning)?) -> TimeInterval {
        return 0.4
    }

    func animateTransition(using ctx: any UIViewControllerContextTransitioning) {
        let container = ctx.containerView
        let columns = ceil(container.bounds.size.width / 100)
        for x in stride(from: 0, through: columns - 1, by: 1) {
            let tile = {
                let instance = UIView(frame: CGRect(x: x * 100, y: 0, width: 100, height: 100))
                // Transit's name: "tile " .. x
                return instance
            }()
            container.addSubview(tile)
            ctx.viewController(forKey: .to)!.title = String(format: "%ld of %ld", Int(x), 8)
        }
        ctx.completeTransition(true)
    }
}
