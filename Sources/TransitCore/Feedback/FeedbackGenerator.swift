// UIFeedbackGenerator's subclasses: haptics have no picture, so each call is accepted and
// recorded in the trace as an event of the generator ("[UIImpactFeedbackGenerator medium]
// impactOccurred intensity=1"), where tests and readers of `--trace` see it.

public enum FeedbackKind: String, Sendable {
    case selection = "UISelectionFeedbackGenerator"
    case impact = "UIImpactFeedbackGenerator"
    case notification = "UINotificationFeedbackGenerator"
}

/// UIImpactFeedbackGenerator.FeedbackStyle.
public enum ImpactStyle: String, CaseIterable, Sendable { case light, medium, heavy, soft, rigid }

/// UINotificationFeedbackGenerator.FeedbackType.
public enum NotificationFeedbackType: String, CaseIterable, Sendable { case success, warning, error }

public class FeedbackGenerator: HostObject {
    public override class var className: String { "UIFeedbackGenerator" }
    public let kind: FeedbackKind
    /// Impact generators only (UIKit's default is medium).
    public let style: ImpactStyle?

    fileprivate init(world: World, kind: FeedbackKind, style: ImpactStyle?) {
        self.kind = kind
        self.style = kind == .impact ? (style ?? .medium) : nil
        super.init(world: world)
    }

    /// A generator of the kind's class (each is its own class, as in UIKit).
    public static func make(world: World, kind: FeedbackKind, style: ImpactStyle? = nil) -> FeedbackGenerator {
        switch kind {
        case .selection: return SelectionFeedbackGenerator(world: world, kind: kind, style: nil)
        case .impact: return ImpactFeedbackGenerator(world: world, kind: kind, style: style)
        case .notification: return NotificationFeedbackGenerator(world: world, kind: kind, style: nil)
        }
    }

    public override var traceName: String {
        if let scriptClassName { return scriptClassName }
        if let style { return "\(kind.rawValue) \(style.rawValue)" }
        return kind.rawValue
    }

    public func prepare() { world.traceEvent(traceName, "prepare") }
    public func selectionChanged() { world.traceEvent(traceName, "selectionChanged") }
    public func impactOccurred(intensity: Double) {
        world.traceEvent(traceName, "impactOccurred", ["intensity=\(formatNumber(intensity))"])
    }
    public func notificationOccurred(_ type: NotificationFeedbackType) {
        world.traceEvent(traceName, "notificationOccurred", [type.rawValue])
    }
}

final class SelectionFeedbackGenerator: FeedbackGenerator {
    override class var className: String { FeedbackKind.selection.rawValue }
}

final class ImpactFeedbackGenerator: FeedbackGenerator {
    override class var className: String { FeedbackKind.impact.rawValue }
}

final class NotificationFeedbackGenerator: FeedbackGenerator {
    override class var className: String { FeedbackKind.notification.rawValue }
}
