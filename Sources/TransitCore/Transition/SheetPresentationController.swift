// UISheetPresentationController (iOS 15): the controller of every page and form sheet, with the
// properties apps configure (detents, the selected detent, dimming, grabber, corner radius) and
// their meaning: which heights the sheet may rest at, which one it rests at, and what a change
// made by the app or by the user's drag does. The chrome and the drag itself are the system
// style's script (scripts/system/pageSheet.lua), which reads this model; the numbers Apple does
// not document are in docs/semantics.md ("Sheets").

/// UISheetPresentationController.Detent: a height a sheet may rest at.
public final class SheetDetent: HostObject {
    public override class var className: String { "UISheetPresentationControllerDetent" }

    /// UISheetPresentationController.Detent.Identifier's system values. Transit spells them as
    /// its other enumerations are spelled, by their Swift case names.
    public static let mediumIdentifier = "medium"
    public static let largeIdentifier = "large"

    public enum Kind {
        /// About half the screen (UIKit: "approximately half the height of the screen").
        case medium
        /// The full height of the sheet.
        case large
        /// iOS 16: the resolver's answer; nil makes the detent inactive.
        case custom((DetentResolutionContext) throws -> Double?)
    }

    public let identifier: String
    public let kind: Kind

    public init(world: World, identifier: String, kind: Kind) {
        self.identifier = identifier
        self.kind = kind
        super.init(world: world)
        recharge(from: nil, to: identifier)
    }

    /// iOS 16 `resolvedValue(in:)`: the detent's height in the context, or nil when inactive.
    /// Values above the context's maximum are the maximum (a sheet taller than large would
    /// reach under the status bar); negative ones are 0.
    public func resolvedValue(in context: DetentResolutionContext) throws -> Double? {
        let maximum = context.maximumDetentValue
        switch kind {
        case .large: return maximum
        case .medium:
            // Half the container: the sheet's frame (content and bottom safe area) is half its
            // height, never more than large.
            let container = maximum + context.topInset + context.bottomInset
            return min(maximum, max(0, container / 2 - context.bottomInset))
        case .custom(let resolver):
            guard let value = try resolver(context) else { return nil }
            guard value.isFinite else {
                throw ModelUsageError.presentation("the custom detent \"\(identifier)\"'s resolver returned \(formatNumber(value)); return a finite height in points, or nil to make the detent inactive")
            }
            return min(max(0, value), maximum)
        }
    }

    public override var traceName: String { "Detent(\(identifier))" }
}

/// UISheetPresentationControllerDetentResolutionContext: what a custom detent's resolver is
/// given.
public final class DetentResolutionContext: HostObject {
    public override class var className: String { "UISheetPresentationControllerDetentResolutionContext" }
    public let containerTraitCollection: TraitCollection
    /// The large detent's height: the most a detent may be.
    public let maximumDetentValue: Double
    /// The gaps the sheet leaves above itself and under its content (the bottom safe area),
    /// which a detent's value does not include (Apple: a custom detent's height excludes the
    /// bottom safe area inset).
    let topInset: Double
    let bottomInset: Double

    init(world: World, maximumDetentValue: Double, topInset: Double, bottomInset: Double) {
        containerTraitCollection = TraitCollection(world: world)
        self.maximumDetentValue = maximumDetentValue
        self.topInset = topInset
        self.bottomInset = bottomInset
        super.init(world: world)
    }
}

/// A detent with its height resolved for the current container.
public struct ResolvedDetent: Equatable, Sendable {
    public let identifier: String
    /// The height of the sheet's content, without the bottom safe area.
    public let value: Double
}

open class SheetPresentationController: PresentationController {
    open override class var className: String { "UISheetPresentationController" }

    /// The heights the sheet may rest at (UIKit's default: large only). Never empty.
    public private(set) var detents: [SheetDetent]
    /// The detent the sheet rests at; nil means the smallest (UIKit's documented default).
    public private(set) var selectedDetentIdentifier: String?
    /// Detents up to this one leave the presenter undimmed and touchable; nil dims them all.
    public private(set) var largestUndimmedDetentIdentifier: String?
    public private(set) var prefersGrabberVisible = false
    /// nil: the system's radius (10 pt, docs/semantics.md "Sheets").
    public private(set) var preferredCornerRadius: Double?
    /// Whether a drag in a scroll view of the sheet first grows the sheet to its next detent.
    public var prefersScrollingExpandsWhenScrolledToEdge = true
    /// Whether, in compact height (an iPhone in landscape), the sheet stays attached to the
    /// bottom edge with its detents instead of filling the screen.
    public private(set) var prefersEdgeAttachedInCompactHeight = false
    /// Whether an edge-attached sheet in compact height takes its width from the presented
    /// controller's preferredContentSize.
    public private(set) var widthFollowsPreferredContentSizeWhenEdgeAttached = false

    /// Inside `animateChanges`: changes are applied by its animation, not at the next layout.
    public private(set) var isAnimatingChanges = false

    /// The system sheet's corner radius when the app prefers none.
    public static let defaultCornerRadius = 10.0

    public override init(world: World, presented: ViewController, presenting: ViewController) {
        detents = [SheetDetent(world: world, identifier: SheetDetent.largeIdentifier, kind: .large)]
        super.init(world: world, presented: presented, presenting: presenting)
    }

    // MARK: - What apps set

    public func setDetents(_ newDetents: [SheetDetent]) throws {
        guard !newDetents.isEmpty else {
            throw ModelUsageError.presentation(.naming("UISheetPresentationController.detents", " must not be empty (UIKit requires at least one detent)"))
        }
        var seen = Set<String>()
        for detent in newDetents where !seen.insert(detent.identifier).inserted {
            throw ModelUsageError.presentation(.naming("UISheetPresentationController.detents", " has two detents with the identifier \"\(detent.identifier)\"; each needs its own"))
        }
        detents = newDetents
        world.traceEvent(traceName, "detents", newDetents.map(\.identifier))
        changed()
    }

    public func setSelectedDetentIdentifier(_ identifier: String?) {
        guard identifier != selectedDetentIdentifier else { return }
        selectedDetentIdentifier = identifier
        world.traceEvent(traceName, "selectedDetentIdentifier", [identifier ?? "nil"])
        changed()
    }

    public func setLargestUndimmedDetentIdentifier(_ identifier: String?) {
        largestUndimmedDetentIdentifier = identifier
        changed()
    }

    public func setPrefersGrabberVisible(_ visible: Bool) {
        prefersGrabberVisible = visible
        changed()
    }

    public func setPreferredCornerRadius(_ radius: Double?) throws {
        if let radius, !(radius.isFinite && radius >= 0) {
            throw ModelUsageError.presentation(.naming("UISheetPresentationController.preferredCornerRadius", " must be a finite number ≥ 0 or nil (got \(formatNumber(radius)))"))
        }
        preferredCornerRadius = radius
        changed()
    }

    public func setPrefersEdgeAttachedInCompactHeight(_ attached: Bool) {
        prefersEdgeAttachedInCompactHeight = attached
        changed()
    }

    public func setWidthFollowsPreferredContentSizeWhenEdgeAttached(_ follows: Bool) {
        widthFollowsPreferredContentSizeWhenEdgeAttached = follows
        changed()
    }

    /// `animateChanges(_:)`: the changes `body` makes move the sheet with UIKit's sheet spring
    /// instead of at once at the next layout.
    public func animateChanges(_ body: () throws -> Void) throws {
        let wasAnimating = isAnimatingChanges
        isAnimatingChanges = true
        defer { isAnimatingChanges = wasAnimating }
        try world.animate(duration: Self.springDuration, timing: Self.springTiming, animations: {
            try body()
            guard let containerView, !isInTransition else { return }
            containerView.setNeedsLayout()
            try containerView.layoutIfNeeded()
        })
    }

    /// iOS 16 `invalidateDetents()`: custom detents are resolved again (their resolvers may
    /// answer differently now), at the next layout.
    public func invalidateDetents() {
        world.traceEvent(traceName, "invalidateDetents", [])
        changed()
    }

    /// A change outside `animateChanges` applies at the next layout pass, without animation,
    /// as UIKit's does (a selection set in a button's action shows in the next frame).
    private func changed() {
        guard !isAnimatingChanges, let containerView, !isInTransition else { return }
        containerView.setNeedsLayout()
    }

    private var isInTransition: Bool {
        presentedViewController.isBeingPresented || presentedViewController.isBeingDismissed
    }

    // MARK: - The model the system style reads

    /// The sheet's spring for changes of detent: a critically damped-looking spring of 0.5 s
    /// (docs/semantics.md "Sheets"; the same the sheet's pull springs back with).
    public static let springDuration = 0.5
    public static let springDampingRatio = 500 / (2 * (3000.0).squareRoot())
    static var springTiming: AnimationTiming {
        .spring(Spring.uikit(duration: springDuration, dampingRatio: springDampingRatio, initialVelocity: 0))
    }

    /// The detents resolved for the container's current size, smallest first (inactive custom
    /// detents left out; UIKit keeps at least one: large when every detent is inactive).
    public func resolvedDetents() throws -> [ResolvedDetent] {
        let context = try resolutionContext()
        var resolved: [ResolvedDetent] = []
        for detent in detents {
            if let value = try detent.resolvedValue(in: context) { resolved.append(ResolvedDetent(identifier: detent.identifier, value: value)) }
        }
        if resolved.isEmpty { resolved = [ResolvedDetent(identifier: SheetDetent.largeIdentifier, value: context.maximumDetentValue)] }
        return resolved.enumerated().sorted { ($0.element.value, $0.offset) < ($1.element.value, $1.offset) }.map(\.element)
    }

    /// The detent the sheet rests at: the selected one if it is active, else the smallest.
    public func currentDetent() throws -> ResolvedDetent {
        let resolved = try resolvedDetents()
        if let selectedDetentIdentifier, let match = resolved.first(where: { $0.identifier == selectedDetentIdentifier }) { return match }
        return resolved[0]
    }

    /// Whether the presenter is dimmed (and untouchable) while the sheet rests at `detent`.
    public func dims(at detent: ResolvedDetent) throws -> Bool {
        guard let largestUndimmedDetentIdentifier else { return true }
        let resolved = try resolvedDetents()
        guard let limit = resolved.first(where: { $0.identifier == largestUndimmedDetentIdentifier }) else { return true }
        return detent.value > limit.value
    }

    /// The user's drag ended at `identifier`: it becomes the selection and the delegate is told
    /// (UIKit calls sheetPresentationControllerDidChangeSelectedDetentIdentifier for changes
    /// the user makes, not for the app's own).
    public func userSelectedDetent(_ identifier: String) throws {
        guard try currentDetent().identifier != identifier else { return }
        selectedDetentIdentifier = identifier
        world.traceEvent(traceName, "user selected detent", [identifier])
        _ = try world.callIfImplemented(delegate, Hook.SheetPresentationDelegate.didChangeSelectedDetentIdentifier, [.object(self)])
    }

    /// Resting at an undimmed detent the presenter stays touchable (largestUndimmedDetentIdentifier).
    open override var passesTouchesThroughContainer: Bool {
        guard let containerView, usesDetents(in: containerView.bounds, regularWidth: isRegularWidth(containerView.bounds)),
              let detent = try? currentDetent(), let dims = try? dims(at: detent) else { return false }
        return !dims
    }

    /// The sheet's radius as drawn.
    public var cornerRadius: Double { preferredCornerRadius ?? Self.defaultCornerRadius }

    /// The geometry of an attached sheet: the gap above it (status bar + 10 pt) and the
    /// bottom safe area its content's height does not count.
    func resolutionContext() throws -> DetentResolutionContext {
        let bounds = containerView?.bounds ?? world.screen.bounds
        let top = Self.topInset(world: world, bounds: bounds)
        let bottom = Self.bottomInset(world: world, bounds: bounds)
        return DetentResolutionContext(world: world, maximumDetentValue: max(0, bounds.size.height - top - bottom), topInset: top, bottomInset: bottom)
    }

    /// The status bar's height for a container of this shape (landscape iPhones hide it).
    static func statusBarHeight(world: World, bounds: Rect) -> Double {
        if world.device.idiom == .pad { return 24 }
        if bounds.size.width > bounds.size.height { return 0 }
        return bounds.size.height <= 736 ? 20 : 54
    }

    static func topInset(world: World, bounds: Rect) -> Double { statusBarHeight(world: world, bounds: bounds) + 10 }

    static func bottomInset(world: World, bounds: Rect) -> Double {
        let landscape = bounds.size.width > bounds.size.height
        return world.device.safeAreaInsets(in: landscape ? .landscapeLeft : .portrait).bottom
    }

    /// Whether the container is compact in height (an iPhone in landscape).
    public func isCompactHeight(_ bounds: Rect) -> Bool {
        world.device.idiom != .pad && bounds.size.width > bounds.size.height
    }

    /// The frame of an attached sheet resting at `value` (a detent's height) in `bounds`:
    /// on the bottom edge, its content `value` tall above the bottom safe area. In compact
    /// height an edge-attached sheet is as wide as the container's safe area (Apple's
    /// documented default), or its controller's preferredContentSize width when
    /// widthFollowsPreferredContentSizeWhenEdgeAttached, centred.
    public func attachedFrame(value: Double, in bounds: Rect) throws -> Rect {
        let bottom = Self.bottomInset(world: world, bounds: bounds)
        let height = min(bounds.size.height, value + bottom)
        var width = bounds.size.width
        if isCompactHeight(bounds) {
            let safe = world.device.safeAreaInsets(in: .landscapeLeft)
            width = max(0, bounds.size.width - safe.left - safe.right)
            if widthFollowsPreferredContentSizeWhenEdgeAttached {
                let preferred = try presentedViewController.effectivePreferredContentSize().width
                if preferred > 0 { width = min(bounds.size.width, preferred) }
            }
        }
        return Rect(x: bounds.origin.x + (bounds.size.width - width) / 2, y: bounds.maxY - height, width: width, height: height)
    }

    /// Whether the detents shape the sheet: an attached sheet in compact width (iPhone
    /// portrait), or in compact height when it prefers to stay edge-attached; not a sheet
    /// that floats in regular width or fills a landscape iPhone.
    public func usesDetents(in bounds: Rect, regularWidth: Bool) -> Bool {
        guard world.systemVersion >= 15, !regularWidth else { return false }
        return !isCompactHeight(bounds) || prefersEdgeAttachedInCompactHeight
    }

    /// The horizontal size class by the sheet's rule: iPad, or an iPhone at least 896 pt wide.
    public func isRegularWidth(_ bounds: Rect) -> Bool {
        world.device.idiom == .pad || bounds.size.width >= 896
    }

    /// The page sheet's frame in each version and size class (docs/semantics.md "Sheets"):
    /// - before iOS 13: a full-height column 768 pt wide (at most the container), centred;
    /// - regular width: a column 704 pt wide from the top inset down, centred;
    /// - compact width, iOS 15+: attached to the bottom edge at the current detent;
    /// - compact height (an iPhone in landscape), iOS 13+: the whole container (Apple: "a full
    ///   screen appearance at compact height") unless it prefers to stay edge-attached;
    /// - otherwise (iOS 13–14 in compact width): from the top inset down, full width.
    open override func defaultFrameOfPresentedView() throws -> Rect {
        let bounds = containerView?.bounds ?? world.screen.bounds
        if world.systemVersion < 13 {
            let width = min(768, bounds.size.width)
            return Rect(x: bounds.origin.x + (bounds.size.width - width) / 2, y: bounds.origin.y, width: width, height: bounds.size.height)
        }
        let top = Self.topInset(world: world, bounds: bounds)
        if isRegularWidth(bounds) {
            let width = min(Self.regularWidth, bounds.size.width)
            return Rect(x: bounds.origin.x + (bounds.size.width - width) / 2, y: bounds.origin.y + top, width: width, height: max(0, bounds.size.height - top))
        }
        if usesDetents(in: bounds, regularWidth: false) {
            return try attachedFrame(value: currentDetent().value, in: bounds)
        }
        if isCompactHeight(bounds) { return bounds }
        return Rect(x: bounds.origin.x, y: bounds.origin.y + top, width: bounds.size.width, height: max(0, bounds.size.height - top))
    }

    /// A page sheet's width in regular width.
    public static let regularWidth = 704.0
}
