// Gesture recognizers attached to views; Touches.swift recognizes synthetic touches.

public enum GestureKind: String, Sendable { case pan, screenEdgePan, tap }

public enum GestureState: String, Sendable { case possible, began, changed, ended, cancelled, failed }

public enum RectEdge: String, CaseIterable, Sendable { case left, right, top, bottom }

public class GestureRecognizer: HostObject {
    public override class var className: String { "UIGestureRecognizer" }

    public let kind: GestureKind
    public internal(set) weak var view: View?
    public internal(set) var state: GestureState = .possible
    public var edges: RectEdge = .left
    public var isEnabled = true
    /// Called with the recognizer on each state change, as a target-action pair is.
    public var action: ((GestureRecognizer) throws -> Void)?
    /// The touch being recognized, while there is one.
    var tracker: TouchTracker?
    var translationBase = Point.zero

    public init(world: World, kind: GestureKind) {
        self.kind = kind
        super.init(world: world)
    }

    public override var traceName: String {
        switch kind {
        case .pan: return "UIPanGestureRecognizer"
        case .screenEdgePan: return "UIScreenEdgePanGestureRecognizer"
        case .tap: return "UITapGestureRecognizer"
        }
    }
}

// One Swift class per UIKit recognizer class, so the script bridge binds each kind to its own
// class and members: `edges` exists on a screen-edge pan only, and assigning it on a recognizer
// bound as the plain base class was silently kept as a script field (and never read).
public final class PanGestureRecognizer: GestureRecognizer {
    public override class var className: String { "UIPanGestureRecognizer" }
}
public final class ScreenEdgePanGestureRecognizer: GestureRecognizer {
    public override class var className: String { "UIScreenEdgePanGestureRecognizer" }
}
public final class TapGestureRecognizer: GestureRecognizer {
    public override class var className: String { "UITapGestureRecognizer" }
}

extension GestureRecognizer {
    /// A recognizer of `kind`, of the class UIKit has for it.
    public static func make(world: World, kind: GestureKind) -> GestureRecognizer {
        switch kind {
        case .pan: return PanGestureRecognizer(world: world, kind: kind)
        case .screenEdgePan: return ScreenEdgePanGestureRecognizer(world: world, kind: kind)
        case .tap: return TapGestureRecognizer(world: world, kind: kind)
        }
    }
}
