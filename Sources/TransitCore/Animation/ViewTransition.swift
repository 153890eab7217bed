// UIView.transition(with:duration:options:animations:completion:): the view's old look is
// captured as a snapshot over it, the changes apply at once, and the snapshot and the view
// then animate the switch (flip, curl, cross-dissolve).

public enum ViewTransitionStyle: String, CaseIterable, Sendable {
    case none = "transitionNone"
    case flipFromLeft = "transitionFlipFromLeft"
    case flipFromRight = "transitionFlipFromRight"
    case curlUp = "transitionCurlUp"
    case curlDown = "transitionCurlDown"
    case crossDissolve = "transitionCrossDissolve"
    case flipFromTop = "transitionFlipFromTop"
    case flipFromBottom = "transitionFlipFromBottom"
}

extension World {
    /// The camera distance used for flips: m34 = −1/1000, the value commonly used to match
    /// UIKit's flip (UIKit does not document it).
    static let flipPerspective = -1.0 / 1000

    @discardableResult
    public func transition(with view: View, duration: Double, style: ViewTransitionStyle,
                           curve: AnimationCurve = .easeInOut,
                           animations: () throws -> Void,
                           completion: ((Bool) throws -> Void)? = nil) throws -> AnimationGroup? {
        guard duration.isFinite else { throw ModelUsageError.animation("duration must be a finite number (got \(formatNumber(duration)))") }
        if duration <= 0 || style == .none {
            try withoutAnimation(animations)
            if let completion { async(label: "transition completion (no animation)") { try completion(true) } }
            return nil
        }
        let snapshot = view.snapshotView()
        withoutAnimation {
            snapshot.frame = Rect(origin: Point(x: view.bounds.minX, y: view.bounds.minY), size: view.bounds.size)
        }
        try withoutAnimation(animations)
        try view.addSubview(snapshot)
        traceEvent(view.traceName, "UIView.transition", [style.rawValue])
        let finish: (Bool) throws -> Void = { finished in
            snapshot.removeFromSuperview()
            try completion?(finished)
        }
        switch style {
        case .crossDissolve:
            return try animate(duration: duration, timing: .curve(curve.timingFunction),
                               animations: { snapshot.alpha = 0 }, completion: finish)
        case .curlUp, .curlDown:
            // Approximation: the old page slides away towards the curl's direction and fades.
            let offset = style == .curlUp ? -view.bounds.height : view.bounds.height
            return try animate(duration: duration, timing: .curve(curve.timingFunction), animations: {
                snapshot.center = Point(x: snapshot.center.x, y: snapshot.center.y + offset)
                snapshot.alpha = 0
            }, completion: finish)
        default:
            // Flip: the view turns 90° showing the old snapshot, switches to the new content
            // edge-on, and turns the last 90° back to face the viewer.
            let (x, y, sign): (Double, Double, Double) = {
                switch style {
                case .flipFromLeft: return (0, 1, 1)
                case .flipFromRight: return (0, 1, -1)
                case .flipFromTop: return (1, 0, -1)
                default: return (1, 0, 1)
                }
            }()
            var perspective = Transform3D.identity
            perspective.m34 = World.flipPerspective
            let base = view.layer.transform
            let away = Transform3D.rotation(sign * .pi / 2, x, y, 0).concatenating(perspective).concatenating(base)
            let back = Transform3D.rotation(-sign * .pi / 2, x, y, 0).concatenating(perspective).concatenating(base)
            return try animateKeyframes(duration: duration, mode: .linear, animations: {
                try addKeyframe(relativeStartTime: 0, relativeDuration: 0.5) { view.layer.transform = away }
                try addKeyframe(relativeStartTime: 0.5, relativeDuration: 0) {
                    view.layer.transform = back
                    snapshot.alpha = 0
                }
                try addKeyframe(relativeStartTime: 0.5, relativeDuration: 0.5) { view.layer.transform = base }
            }, completion: finish)
        }
    }
}
