// A local of the file that a function assigns is a global of the Swift file, nil until then and
// typed by what is assigned (a singleton's shared instance); a local bound to what a class
// function returns is the file's instance, whose fields set at the top are initial values.

import UIKit

@MainActor
var shared: Shared? = nil

final class Shared: NSObject, UIViewControllerAnimatedTransitioning {
    var duration: Double! = 0.4

    static func sharedInstance() -> Shared? {
        if shared == nil {
            shared = Shared()
        }
        return shared
    }

    func transitionDuration(using ctx: (any UIViewControllerContextTransitioning)?) -> TimeInterval {
        return self.duration
    }

    func animateTransition(using ctx: any UIViewControllerContextTransitioning) {
        ctx.containerView.addSubview(ctx.view(forKey: .to)!)
        ctx.completeTransition(true)
    }
}
