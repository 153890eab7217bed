// Gesture recognizers attached to views: their state, targets, delegate and failure
// requirements. Touches.swift delivers synthetic touches; Recognition.swift holds UIKit's
// recognition rules per kind and the arbitration between recognizers.

public enum GestureKind: String, Sendable { case pan, screenEdgePan, tap, longPress, pinch, swipe }

/// UIGestureRecognizer.State. A discrete recognizer (tap, swipe) goes from possible straight to
/// ended, which UIKit also calls `recognized` (the same raw value).
public enum GestureState: String, Sendable { case possible, began, changed, ended, cancelled, failed }

public enum RectEdge: String, CaseIterable, Sendable { case left, right, top, bottom }

/// UISwipeGestureRecognizer.Direction (an option set in UIKit: several may be allowed).
public enum SwipeDirection: String, CaseIterable, Sendable { case right, left, up, down }

/// One target-action pair. The script layer makes `perform` and the keys that removeTarget
/// compares (the target's identity and the action's: a method name or a function's identity).
public struct GestureTarget {
    public let targetKey: UInt?
    public let actionKey: String
    public let perform: (GestureRecognizer) throws -> Void
    public init(targetKey: UInt?, actionKey: String, perform: @escaping (GestureRecognizer) throws -> Void) {
        self.targetKey = targetKey; self.actionKey = actionKey; self.perform = perform
    }
}

public class GestureRecognizer: HostObject {
    public override class var className: String { "UIGestureRecognizer" }

    public let kind: GestureKind
    public internal(set) weak var view: View?
    public internal(set) var state: GestureState = .possible
    public private(set) var isEnabled = true
    /// Accepted: Transit's views receive no touches of their own to cancel.
    public var cancelsTouchesInView = true
    /// The engine's own handler (the navigation controller's edge pan, a scroll view's pan),
    /// called before the script's targets on each state change.
    public var action: ((GestureRecognizer) throws -> Void)?
    /// The owner's own condition for beginning, asked before the delegate with the touch's
    /// movement since it went down (a scroll view's pan does not begin when its content cannot
    /// scroll along the drag).
    var ownerAllowsBegin: ((Point) -> Bool)?
    /// Target-action pairs, called in the order they were added.
    public private(set) var targets: [GestureTarget] = []
    /// UIGestureRecognizerDelegate: a script table or object (Hook.GestureRecognizerDelegate).
    /// A host object (an instance of a Lua subclass) is held weakly, as UIKit's `weak var
    /// delegate`, so a recognizer does not keep alive the object that made it (which may
    /// remove it in its `deinit`); a Lua table is held strongly, since the host has no weak
    /// handle on a table and an inline `{ ... }` delegate must keep working.
    public var delegate: AnyObject? {
        get { weakDelegate ?? tableDelegate }
        set {
            if let host = newValue as? HostObject { weakDelegate = host; tableDelegate = nil }
            else { weakDelegate = nil; tableDelegate = newValue }
        }
    }
    private weak var weakDelegate: HostObject?
    private var tableDelegate: AnyObject?
    /// `require(toFail:)`: recognizers that must fail before this one may leave `possible`.
    /// Weak, so two recognizers requiring each other make no cycle.
    private var failureRequirements: [WeakRecognizer] = []

    /// Fingers a tap, long press or swipe needs; the range a pan accepts.
    public var numberOfTouchesRequired = 1
    public var minimumNumberOfTouches = 1
    public var maximumNumberOfTouches = Int.max

    /// The touch being recognized, while there is one.
    var tracker: TouchTracker?
    var translationBase = Point.zero

    public init(world: World, kind: GestureKind) {
        self.kind = kind
        super.init(world: world)
    }

    public override var traceName: String { type(of: self).className }

    /// Whether the recognizer is continuous (began, changed, ended) rather than discrete.
    public var isContinuous: Bool { kind != .tap && kind != .swipe }

    // MARK: - Targets

    /// Adds a pair; a pair already present is not added twice (it would be called twice).
    public func addTarget(_ target: GestureTarget) {
        if targets.contains(where: { $0.targetKey == target.targetKey && $0.actionKey == target.actionKey }) { return }
        targets.append(target)
    }

    /// UIKit's removeTarget(_:action:): a nil target matches every target, a nil action every action.
    public func removeTarget(targetKey: UInt?, actionKey: String?) {
        targets.removeAll { pair in
            (targetKey == nil || pair.targetKey == targetKey) && (actionKey == nil || pair.actionKey == actionKey)
        }
    }

    // MARK: - Failure requirements

    public func require(toFail other: GestureRecognizer) {
        guard other !== self, !failureRequirements.contains(where: { $0.recognizer === other }) else { return }
        failureRequirements.append(WeakRecognizer(recognizer: other))
    }

    var requiredToFail: [GestureRecognizer] { failureRequirements.compactMap(\.recognizer) }

    // MARK: - Enabling

    /// Disabling a recognizer during its gesture cancels it (one last action call with state
    /// `cancelled`), as UIKit does; the rest of that touch is ignored even if it is enabled again.
    public func setEnabled(_ enabled: Bool) throws {
        isEnabled = enabled
        guard !enabled, let tracker else { return }
        try world.withdraw(self, from: tracker)
    }

    // MARK: - Reporting a state

    func transition(to state: GestureState) throws {
        self.state = state
        let point = tracker?.centroid ?? .zero
        world.traceEvent(traceName, state.rawValue, [formatNumber(point.x), formatNumber(point.y)])
        try action?(self)
        for pair in targets { try pair.perform(self) }
    }
}

struct WeakRecognizer {
    weak var recognizer: GestureRecognizer?
}

// One Swift class per UIKit recognizer class, so the script bridge binds each kind to its own
// class and members (`edges` exists on a screen-edge pan only, `scale` on a pinch only).
public class PanGestureRecognizer: GestureRecognizer {
    public override class var className: String { "UIPanGestureRecognizer" }
}
public final class ScreenEdgePanGestureRecognizer: PanGestureRecognizer {
    public override class var className: String { "UIScreenEdgePanGestureRecognizer" }
    public var edges: RectEdge = .left
}
public final class TapGestureRecognizer: GestureRecognizer {
    public override class var className: String { "UITapGestureRecognizer" }
    /// Taps it needs (UIKit's default 1).
    public var numberOfTapsRequired = 1
    /// Taps counted so far toward numberOfTapsRequired, and when the last one lifted.
    var tapsCounted = 0
    var lastTapTime = -Double.infinity
}
public final class LongPressGestureRecognizer: GestureRecognizer {
    public override class var className: String { "UILongPressGestureRecognizer" }
    /// Seconds the fingers must stay down (UIKit's default 0.5).
    public var minimumPressDuration = 0.5
    /// Points the fingers may move before the press begins without failing (UIKit's default 10).
    public var allowableMovement = 10.0
}
public final class PinchGestureRecognizer: GestureRecognizer {
    public override class var className: String { "UIPinchGestureRecognizer" }
    /// The finger distance that reads as scale 1 (the distance at touch down until `scale` is set).
    var referenceDistance = 0.0
}
public final class SwipeGestureRecognizer: GestureRecognizer {
    public override class var className: String { "UISwipeGestureRecognizer" }
    public var direction: Set<SwipeDirection> = [.right]
}

extension GestureRecognizer {
    /// A recognizer of `kind`, of the class UIKit has for it.
    public static func make(world: World, kind: GestureKind) -> GestureRecognizer {
        switch kind {
        case .pan: return PanGestureRecognizer(world: world, kind: kind)
        case .screenEdgePan: return ScreenEdgePanGestureRecognizer(world: world, kind: kind)
        case .tap: return TapGestureRecognizer(world: world, kind: kind)
        case .longPress: return LongPressGestureRecognizer(world: world, kind: kind)
        case .pinch: return PinchGestureRecognizer(world: world, kind: kind)
        case .swipe: return SwipeGestureRecognizer(world: world, kind: kind)
        }
    }

    /// The number of fingers of the current touch (0 without one).
    public var numberOfTouches: Int { tracker?.current.count ?? 0 }

    /// Where the touch is (the fingers' centroid), in `view`'s coordinates (nil: the window's).
    /// A swipe reports where it began, as UIKit's does.
    public func location(in view: View?) -> Point {
        guard let tracker else { return .zero }
        let point = kind == .swipe ? tracker.startCentroid : tracker.centroid
        return world.window.convert(point, to: view)
    }
}

extension PanGestureRecognizer {
    /// How far the touch moved since it went down (minus setTranslation's base).
    public func translation(in view: View?) -> Point {
        guard let tracker else { return .zero }
        let now = world.window.convert(tracker.centroid, to: view)
        let begin = world.window.convert(tracker.startCentroid, to: view)
        return now - begin - translationBase
    }

    public func setTranslation(_ translation: Point, in view: View?) {
        guard tracker != nil else { return }
        translationBase = .zero
        translationBase = self.translation(in: view) - translation
    }

    /// Points per second over the last sample.
    public func velocity(in view: View?) -> Point {
        guard let tracker, tracker.currentTime > tracker.previousTime else { return .zero }
        let a = world.window.convert(tracker.previousCentroid, to: view), b = world.window.convert(tracker.centroid, to: view)
        return (b - a) * (1 / (tracker.currentTime - tracker.previousTime))
    }
}

extension PinchGestureRecognizer {
    /// The finger distance relative to the reference (1 at touch down).
    public var scale: Double {
        guard let tracker, referenceDistance > 0 else { return 1 }
        return tracker.fingerDistance / referenceDistance
    }

    /// Setting the scale moves the reference, so later changes are relative to it (scripts
    /// set 1 after applying each change, as with setTranslation).
    public func setScale(_ scale: Double) {
        guard let tracker, scale > 0, scale.isFinite, tracker.fingerDistance > 0 else { return }
        referenceDistance = tracker.fingerDistance / scale
    }

    /// Scale per second over the last sample.
    public var velocity: Double {
        guard let tracker, tracker.currentTime > tracker.previousTime, referenceDistance > 0 else { return 0 }
        return (tracker.fingerDistance - tracker.previousFingerDistance) / referenceDistance / (tracker.currentTime - tracker.previousTime)
    }
}
