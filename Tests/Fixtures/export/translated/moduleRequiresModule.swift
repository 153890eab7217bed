// A module that requires another: each is a namespace, once, the required one first.

import UIKit

// Sizes.
@MainActor
enum Sizes {
    static func half(_ size: CGSize) -> CGSize {
        return CGSize(width: size.width / 2, height: size.height / 2)
    }
}

// Frames, made from sizes.
@MainActor
enum Frames {
    static func centred(_ bounds: CGRect) -> CGRect {
        let size = Sizes.half(bounds.size)
        return CGRect(x: bounds.midX - size.width / 2, y: bounds.midY - size.height / 2, width: size.width, height: size.height)
    }
}

final class Centre: NSObject, UIViewControllerAnimatedTransitioning {
    func transitionDuration(using ctx: (any UIViewControllerContextTransitioning)?) -> TimeInterval {
        return 0.3
    }

    func animateTransition(using ctx: any UIViewControllerContextTransitioning) {
        let toView = ctx.view(forKey: .to)!
        toView.frame = Frames.centred(ctx.containerView.bounds)
        toView.bounds = CGRect(x: 0, y: 0, width: Sizes.half(toView.bounds.size).width, height: toView.bounds.size.height)
        ctx.containerView.addSubview(toView)
        ctx.completeTransition(true)
    }
}
