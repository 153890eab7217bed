// UIViewController.preferredTransition (iOS 18): a transition UIKit runs itself for a push or
// a presentation, without a transitioning or navigation delegate. The zoom's options (the
// source-view provider and the rest) are script values, opaque here: scripts/system/zoom.lua,
// UIKit's own animator, reads them through the bridge (docs/semantics.md, "Zoom transition
// (iOS 18)").

public final class ViewControllerTransition: HostObject {
    public override class var className: String { "UIViewController.Transition" }

    public enum Kind: String, CaseIterable, Sendable {
        case zoom, coverVertical, crossDissolve, flipHorizontal, partialCurl
    }

    public let kind: Kind
    /// The zoom's options as the script gave them (kept by the bridge; nil for the others).
    public let options: AnyObject?

    public init(world: World, kind: Kind, options: AnyObject? = nil) {
        self.kind = kind
        self.options = options
        super.init(world: world)
    }

    public override var traceName: String { "UIViewController.Transition.\(kind.rawValue)" }

    /// The modal transition style the non-zoom transitions are (iOS 18's
    /// `.coverVertical()` is `modalTransitionStyle = .coverVertical`, and so on).
    var modalTransitionStyle: ModalTransitionStyle? {
        switch kind {
        case .zoom: return nil
        case .coverVertical: return .coverVertical
        case .crossDissolve: return .crossDissolve
        case .flipHorizontal: return .flipHorizontal
        case .partialCurl: return .partialCurl
        }
    }
}

extension ViewController {
    /// The preferred transition UIKit honours: none before iOS 18 (the API does not exist
    /// there; the bridge refuses to set it, this guards a model set from Swift).
    var effectivePreferredTransition: ViewControllerTransition? {
        world.systemVersion >= 18 ? preferredTransition : nil
    }

    /// Whether this controller zooms in and out (iOS 18's `.zoom`).
    public var prefersZoomTransition: Bool { effectivePreferredTransition?.kind == .zoom }
}
