// A new label's fontSize and fontWeight (Transit's shortcuts) are UIKit's one font, the system
// font of that size and weight (17 points and regular unless given, as in UIKit).

import UIKit

final class Titled: NSObject, UIViewControllerAnimatedTransitioning {
    func transitionDuration(using ctx: (any UIViewControllerContextTransitioning)?) -> TimeInterval {
        return 0.3
    }

    func animateTransition(using ctx: any UIViewControllerContextTransitioning) {
        let container = ctx.containerView
        container.addSubview({
            let instance = UILabel(frame: CGRect(x: 0, y: 0, width: 100, height: 40))
            instance.text = "Hello"
            instance.font = UIFont.systemFont(ofSize: 18, weight: .bold)
            return instance
        }())
        container.addSubview({
            let instance = UILabel()
            instance.font = UIFont.systemFont(ofSize: 17, weight: .semibold)
            instance.text = "World"
            return instance
        }())
        ctx.completeTransition(true)
    }
}
