// UIPopoverPresentationController: UIKit's controller for `.popover`. Its anchor (sourceView,
// sourceRect), permitted arrow directions and margins are host properties; where the popover
// goes and which way its arrow points is computed here, so the system script
// (scripts/system/popover.lua) only draws the chrome. Numbers and the order of the directions
// are decisions (docs/semantics.md, "Popovers").

/// UIPopoverArrowDirection. `any` stands for the four; `unknown` is what `arrowDirection` reads
/// before the popover is laid out.
public enum PopoverArrowDirection: String, CaseIterable, Sendable {
    case up, down, left, right, any, unknown
    /// The order tried: below the source first (arrow up), then above, right, left.
    static let preference: [PopoverArrowDirection] = [.up, .down, .left, .right]
}

public final class PopoverPresentationController: PresentationController {
    public override class var className: String { "UIPopoverPresentationController" }

    /// The arrow's height and the width of its base (UIPopoverBackgroundView's arrowHeight and
    /// arrowBase): 13 pt tall, 26 pt wide (ours; Apple publishes neither).
    public static let arrowHeight = 13.0
    public static let arrowBase = 26.0
    /// A popover's content size when the presented controller prefers none (ours: 320 pt is
    /// UIPopoverController's documented default width, the height a phone-screen's worth).
    public static let defaultContentSize = Size(width: 320, height: 480)
    /// Rounded corners of the popover, which the arrow keeps clear of.
    public static let cornerRadius = 13.0

    public weak var sourceView: View?
    /// nil: unset. From iOS 13.2 that means the source view's bounds (Apple: "the default value
    /// is CGRectNull, which instructs the system to use the current frame of sourceView"); before,
    /// the default was CGRectZero, the source view's origin.
    public var sourceRect: Rect?
    public var permittedArrowDirections: Set<PopoverArrowDirection> = [.any]
    public internal(set) var arrowDirection: PopoverArrowDirection = .unknown
    /// The arrow's offset from the middle of the side it is on (UIPopoverBackgroundView's
    /// arrowOffset), once laid out.
    public internal(set) var arrowOffset = 0.0
    public var backgroundColor: Color?
    /// UIKit: "The default edge insets are 10 points along each edge", kept between the popover
    /// and the container's safe area.
    public var popoverLayoutMargins = EdgeInsets(top: 10, left: 10, bottom: 10, right: 10)
    public var canOverlapSourceViewRect = false

    public override init(world: World, presented: ViewController, presenting: ViewController) {
        super.init(world: world, presented: presented, presenting: presenting)
        presentationStyle = .popover
    }

    /// The rectangle the arrow points at, in the source view's coordinates.
    public var effectiveSourceRect: Rect {
        if let sourceRect { return sourceRect }
        return world.systemVersion >= 13.2 ? sourceView?.bounds ?? .zero : .zero
    }

    // MARK: - UIKit's behaviour

    /// In compact width a popover becomes a sheet (iOS 13; full screen before), unless the
    /// delegate says otherwise (Apple's adaptivePresentationStyle(for:traitCollection:)).
    public override func defaultAdaptivePresentationStyle(traits: TraitCollection) -> ScriptValue {
        guard traits.horizontalSizeClass == .compact else { return .none }
        return .string(world.systemVersion >= 13 ? ModalPresentationStyle.pageSheet.rawValue : ModalPresentationStyle.fullScreen.rawValue)
    }

    public override func defaultFrameOfPresentedView() throws -> Rect { try layout().frame }

    /// Asks `prepareForPopoverPresentation`, then insists on an anchor, as UIKit does before a
    /// presentation shown as a popover (NSGenericException).
    func prepareForPresentation() throws {
        _ = try world.callIfImplemented(delegate, Hook.PopoverPresentationDelegate.prepareForPopoverPresentation, [.object(self)])
        guard sourceView != nil else {
            throw ModelUsageError.presentation("NSGenericException: UIPopoverPresentationController (<\(traceName)>) should have a non-nil sourceView or barButtonItem set before the presentation occurs.")
        }
    }

    /// A tap outside also asks the delegate's popoverPresentationControllerShouldDismissPopover
    /// (deprecated in iOS 13, still honoured), after presentationControllerShouldDismiss.
    public override func userDismissal(_ step: UserDismissalStep) throws -> Bool {
        guard try super.userDismissal(step) else { return false }
        guard step == .should else {
            if step == .did { _ = try world.callIfImplemented(delegate, Hook.PopoverPresentationDelegate.popoverPresentationControllerDidDismissPopover, [.object(self)]) }
            return true
        }
        let hook = Hook.PopoverPresentationDelegate.popoverPresentationControllerShouldDismissPopover
        guard let value = try world.callIfImplemented(delegate, hook, [.object(self)]) else { return true }
        guard case .boolean(let allowed) = value else {
            throw world.hookError(delegate, hook, "\(hook) must return a boolean (got \(value.traceDescription))")
        }
        return allowed
    }

    // MARK: - Layout

    public struct Layout: Equatable, Sendable {
        public var frame: Rect
        public var arrowDirection: PopoverArrowDirection
        public var arrowOffset: Double
    }

    /// Where the popover goes in the container: the presented controller's preferredContentSize
    /// (else 320 × 480) beside the source rect, on the first permitted side where it fits whole
    /// (below, above, right, left), inside the safe area less popoverLayoutMargins. When no side
    /// fits, the side with the most room, shrunk to it (or, with canOverlapSourceViewRect, kept
    /// whole and moved over the source). No permitted direction: no arrow, centred on the source.
    public func layout() throws -> Layout {
        guard let container = containerView else { return Layout(frame: .zero, arrowDirection: .unknown, arrowOffset: 0) }
        let area = container.bounds.inset(by: world.window.safeAreaInsets).inset(by: popoverLayoutMargins)
        let anchor = sourceView.map { $0.convert(effectiveSourceRect, to: container) } ?? Rect(x: area.midX, y: area.midY, width: 0, height: 0)
        let preferred = try presentedViewController.effectivePreferredContentSize()
        var size = Size(width: preferred.width > 0 ? preferred.width : Self.defaultContentSize.width,
                        height: preferred.height > 0 ? preferred.height : Self.defaultContentSize.height)
        size.width = max(0, min(size.width, area.width))
        size.height = max(0, min(size.height, area.height))
        let permitted = permittedArrowDirections.contains(.any) ? PopoverArrowDirection.preference
            : PopoverArrowDirection.preference.filter(permittedArrowDirections.contains)
        let arrow = Self.arrowHeight
        func room(_ direction: PopoverArrowDirection) -> Double {
            switch direction {
            case .up: return area.maxY - anchor.maxY - arrow
            case .down: return anchor.minY - area.minY - arrow
            case .left: return area.maxX - anchor.maxX - arrow
            case .right: return anchor.minX - area.minX - arrow
            default: return 0
            }
        }
        func needed(_ direction: PopoverArrowDirection) -> Double {
            direction == .up || direction == .down ? size.height : size.width
        }
        func clamp(_ value: Double, _ low: Double, _ high: Double) -> Double { max(low, min(value, max(low, high))) }
        guard !permitted.isEmpty else {
            let frame = Rect(x: clamp(anchor.midX - size.width / 2, area.minX, area.maxX - size.width),
                             y: clamp(anchor.midY - size.height / 2, area.minY, area.maxY - size.height),
                             width: size.width, height: size.height)
            return Layout(frame: frame, arrowDirection: .unknown, arrowOffset: 0)
        }
        let direction = permitted.first { room($0) >= needed($0) }
            ?? permitted.max { room($0) < room($1) }!   // ties keep the earlier (preferred) one
        let fits = room(direction) >= needed(direction)
        if !fits && !canOverlapSourceViewRect {
            // Shrunk to the room there is on that side (never below zero).
            if direction == .up || direction == .down { size.height = max(0, room(direction)) } else { size.width = max(0, room(direction)) }
        }
        var frame = Rect(x: 0, y: 0, width: size.width, height: size.height)
        switch direction {
        case .up, .down:
            frame.origin.x = clamp(anchor.midX - size.width / 2, area.minX, area.maxX - size.width)
            frame.origin.y = direction == .up ? anchor.maxY + arrow : anchor.minY - arrow - size.height
            if !fits && canOverlapSourceViewRect { frame.origin.y = clamp(frame.origin.y, area.minY, area.maxY - size.height) }
        default:
            frame.origin.y = clamp(anchor.midY - size.height / 2, area.minY, area.maxY - size.height)
            frame.origin.x = direction == .left ? anchor.maxX + arrow : anchor.minX - arrow - size.width
            if !fits && canOverlapSourceViewRect { frame.origin.x = clamp(frame.origin.x, area.minX, area.maxX - size.width) }
        }
        // The arrow points at the source's middle, kept clear of the rounded corners.
        let inset = Self.cornerRadius + Self.arrowBase / 2
        let offset: Double
        if direction == .up || direction == .down {
            offset = clamp(anchor.midX, frame.minX + inset, frame.maxX - inset) - frame.midX
        } else {
            offset = clamp(anchor.midY, frame.minY + inset, frame.maxY - inset) - frame.midY
        }
        return Layout(frame: frame, arrowDirection: direction, arrowOffset: offset)
    }

    /// Lays the popover out now: the presented view's frame and the arrow (what the script's
    /// layout and the presentation call).
    @discardableResult
    public func applyLayout() throws -> Layout {
        let result = try layout()
        arrowDirection = result.arrowDirection
        arrowOffset = result.arrowOffset
        return result
    }
}

extension ViewController {
    /// `popoverPresentationController`: non-nil once modalPresentationStyle is popover (made
    /// before presenting, as UIKit does, and used by the presentation), and while presented as,
    /// or adapted from, a popover.
    public func popoverPresentationController() throws -> PopoverPresentationController? {
        if let popover = presentationController as? PopoverPresentationController { return popover }
        if let adaptedPopover, presentationController != nil { return adaptedPopover }
        guard presentingViewController == nil, try effectiveModalPresentationStyle() == .popover else { return nil }
        return try presentationControllerCreatingIfNeeded() as? PopoverPresentationController
    }
}
