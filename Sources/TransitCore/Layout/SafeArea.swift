// Safe areas, layout margins and layout guides, computed the way UIKit documents them: the
// window's insets come from the device profile; a view controller's root view adds its
// controller's additionalSafeAreaInsets; any other view's insets are the part of its bounds
// its superview's insets cover. A view outside a window has none. Layout margins (8 on each
// side by default) are moved inside the safe area when they would fall outside it
// (insetsLayoutMarginsFromSafeArea). docs/semantics.md ("Safe area and layout margins").

/// What a view stores for its safe area and margins (one stored property on View).
public struct ViewLayoutState {
    /// The margins set on the view (UIKit's default: 8 on each side).
    var layoutMargins = EdgeInsets(top: 8, left: 8, bottom: 8, right: 8)
    var insetsLayoutMarginsFromSafeArea = true
    /// Insets a container adds for bars over this view (a navigation controller's content view
    /// under its bar), as a controller's additionalSafeAreaInsets add.
    var barInsets = EdgeInsets.zero
    /// The insets reported by the latest safeAreaInsetsDidChange, to call it on change only.
    var reportedSafeAreaInsets = EdgeInsets.zero
    /// The guides, made on first use and kept: UIKit returns the same guide every time.
    var safeAreaLayoutGuide: LayoutGuide?
    var layoutMarginsGuide: LayoutGuide?
    init() {}
}

/// UILayoutGuide as safeAreaLayoutGuide and layoutMarginsGuide return it: a rectangle in its
/// owning view's coordinates, followed live.
public final class LayoutGuide: HostObject {
    public override class var className: String { "UILayoutGuide" }
    public enum Kind: String { case safeArea, layoutMargins, custom }
    public let kind: Kind
    /// Weak: the view keeps its guides (ObjectGraph lists that reference).
    public private(set) weak var owningView: View?

    init(world: World, kind: Kind, owningView: View?) {
        self.kind = kind
        self.owningView = owningView
        super.init(world: world)
    }

    /// UILayoutGuide(): a rectangle constraints place, once added to a view (addLayoutGuide).
    public override convenience init(world: World) {
        self.init(world: world, kind: .custom, owningView: nil)
    }

    /// UILayoutGuide.identifier.
    public var identifier = "" { didSet { recharge(from: oldValue, to: identifier) } }

    func setOwningView(_ view: View?) { owningView = view }

    /// The guide's rectangle in the owning view's bounds coordinates.
    public var layoutFrame: Rect {
        guard let view = owningView else { return .zero }
        switch kind {
        case .safeArea: return view.bounds.inset(by: view.safeAreaInsets)
        case .layoutMargins: return view.bounds.inset(by: view.layoutMargins)
        case .custom: return world.autoLayoutEngine?.solvedFrame(of: self) ?? .zero
        }
    }

    public override var traceName: String {
        if kind == .custom { return "UILayoutGuide" + (identifier.isEmpty ? "" : " \"\(identifier)\"") }
        return "UILayoutGuide \(kind.rawValue) of \(owningView?.traceName ?? "a released view")"
    }
}

extension View {
    /// UIView.safeAreaInsets.
    public var safeAreaInsets: EdgeInsets {
        guard window != nil else { return .zero }
        if self is Window { return world.windowSafeAreaInsets }
        guard let superview else { return .zero }
        // The superview's safe rectangle, in window coordinates, against this view's bounds there.
        let safe = superview.convert(superview.bounds.inset(by: superview.safeAreaInsets), to: nil)
        let mine = convert(bounds, to: nil)
        func clamp(_ value: Double, _ length: Double) -> Double { min(max(0, value), max(0, length)) }
        var insets = EdgeInsets(top: clamp(safe.minY - mine.minY, mine.height), left: clamp(safe.minX - mine.minX, mine.width),
                                bottom: clamp(mine.maxY - safe.maxY, mine.height), right: clamp(mine.maxX - safe.maxX, mine.width))
        if let controller = viewController { insets = insets + controller.additionalSafeAreaInsets }
        if layoutState.barInsets != .zero { insets = insets + layoutState.barInsets }
        return insets
    }

    /// UIView.layoutMargins: the margins set, each moved inside the safe area when
    /// insetsLayoutMarginsFromSafeArea is on.
    public var layoutMargins: EdgeInsets {
        get {
            let margins = layoutState.layoutMargins
            return layoutState.insetsLayoutMarginsFromSafeArea ? margins.union(safeAreaInsets) : margins
        }
        set {
            layoutState.layoutMargins = newValue
            setNeedsLayout()
        }
    }

    /// UIView.directionalLayoutMargins: layoutMargins by reading direction (left to right here,
    /// so leading is left); setting either sets both, as in UIKit.
    public var directionalLayoutMargins: DirectionalEdgeInsets {
        get { DirectionalEdgeInsets(leftToRight: layoutMargins) }
        set { layoutMargins = newValue.leftToRight }
    }

    public var insetsLayoutMarginsFromSafeArea: Bool {
        get { layoutState.insetsLayoutMarginsFromSafeArea }
        set { layoutState.insetsLayoutMarginsFromSafeArea = newValue; setNeedsLayout() }
    }

    public var safeAreaLayoutGuide: LayoutGuide {
        if let guide = layoutState.safeAreaLayoutGuide { return guide }
        let guide = LayoutGuide(world: world, kind: .safeArea, owningView: self)
        layoutState.safeAreaLayoutGuide = guide
        return guide
    }

    public var layoutMarginsGuide: LayoutGuide {
        if let guide = layoutState.layoutMarginsGuide { return guide }
        let guide = LayoutGuide(world: world, kind: .layoutMargins, owningView: self)
        layoutState.layoutMarginsGuide = guide
        return guide
    }

    /// The guides made so far (ObjectGraph: the view holds them strongly).
    var madeLayoutGuides: [LayoutGuide] {
        [layoutState.safeAreaLayoutGuide, layoutState.layoutMarginsGuide].compactMap { $0 } + autoLayout.layoutGuides
    }

    /// Called by the layout pass before the view lays out: when the safe area differs from the
    /// one last reported, UIKit's safeAreaInsetsDidChange on the view, then
    /// viewSafeAreaInsetsDidChange on the controller whose root view it is.
    /// Only views and controllers that override the callbacks are asked, so the layout of views
    /// nobody listens to costs nothing more.
    func reportSafeAreaChange() throws {
        guard let scripting = world.scripting else { return }
        let controllerListens = viewController.map { scripting.overrides($0, Hook.ViewController.viewSafeAreaInsetsDidChange) } ?? false
        guard controllerListens || scripting.overrides(self, Hook.View.safeAreaInsetsDidChange) else { return }
        let insets = safeAreaInsets
        guard insets != layoutState.reportedSafeAreaInsets else { return }
        layoutState.reportedSafeAreaInsets = insets
        _ = try callOverride(Hook.View.safeAreaInsetsDidChange)
        if let controller = viewController {
            _ = try controller.callOverride(Hook.ViewController.viewSafeAreaInsetsDidChange)
        }
    }

    /// `convert(_:from:)`: a point in `other`'s coordinates (nil: the window) in this view's.
    public func convert(_ point: Point, from other: View?) -> Point {
        if let other { return other.convert(point, to: self) }
        var p = point
        for view in ancestry.reversed() where view.superview != nil { p = view.pointFromSuperview(p) }
        return p
    }

    /// `convert(_:from:)` for rectangles; with rotations, the bounding box of the corners.
    public func convert(_ rect: Rect, from other: View?) -> Rect {
        let corners = [Point(x: rect.minX, y: rect.minY), Point(x: rect.maxX, y: rect.minY),
                       Point(x: rect.minX, y: rect.maxY), Point(x: rect.maxX, y: rect.maxY)]
            .map { convert($0, from: other) }
        let xs = corners.map(\.x), ys = corners.map(\.y)
        return Rect(x: xs.min()!, y: ys.min()!, width: xs.max()! - xs.min()!, height: ys.max()! - ys.min()!)
    }
}

extension ViewController {
    /// Sets additionalSafeAreaInsets; the root view lays out again (and reports the change).
    public func setAdditionalSafeAreaInsets(_ insets: EdgeInsets) {
        guard insets != additionalSafeAreaInsets else { return }
        additionalSafeAreaInsets = insets
        viewIfLoaded?.setNeedsLayout()
    }
}
