// UIView: geometry derived from its layer, the hierarchy with UIKit's rules, layout and
// autoresizing, coordinate conversion, hit-testing and snapshots.

public enum AutoresizingMask: String, CaseIterable, Sendable {
    case flexibleLeftMargin, flexibleWidth, flexibleRightMargin
    case flexibleTopMargin, flexibleHeight, flexibleBottomMargin
}

open class View: HostObject {
    open override class var className: String { "UIView" }

    public let layer: Layer
    public private(set) weak var superview: View?
    public private(set) var subviews: [View] = []
    public var name: String? { didSet { recharge(from: oldValue, to: name) } }
    /// The run-loop turn it last joined a window in, and whether it was ever in a window when a
    /// turn ended (UIKit renders then): what snapshotView(afterScreenUpdates: false) can show.
    var windowEntryTurn: Int?
    var hasBeenDrawn = false
    public var tag = 0
    public var isUserInteractionEnabled = true
    public var autoresizingMask: Set<AutoresizingMask> = []
    public internal(set) var gestureRecognizers: [GestureRecognizer] = []
    /// The view controller whose root view this is (UIKit's next responder).
    public internal(set) weak var viewController: ViewController?
    var needsLayout = true
    /// Layout margins, their guides and the safe area last reported (SafeArea.swift).
    var layoutState = ViewLayoutState()
    /// Auto Layout's state of this view (View+AutoLayout.swift).
    var autoLayout = ViewAutoLayoutState()
    /// In the world's layout queue for the end of this turn.
    var isQueuedForLayout = false
    /// The tint set on this view (nil: inherited; TintColor.swift).
    var ownTintColor: Color?
    /// UIView.isOpaque: a drawing hint only (UIKit composites every view the same way).
    public var isOpaque = true
    private var isLayingOut = false

    /// A view without its layer (counted by the layer), measured with it at about 1.2 KB.
    open override class var estimatedBytes: Int { 768 }

    public init(world: World, frame: Rect = .zero) {
        // A subclass's layerClass (set by the bridge just before it builds the view) makes the
        // backing layer; otherwise a plain CALayer.
        if let make = world.pendingBackingLayer {
            world.pendingBackingLayer = nil
            layer = make(world)
        } else {
            layer = Layer(world: world)
        }
        super.init(world: world)
        layer.view = self
        world.withoutAnimation { self.frame = frame }
    }

    open override var traceName: String {
        if let name { return "\(displayClassName) \"\(name)\"" }
        if let viewController { return "\(viewController.traceName).view" }
        return displayClassName
    }

    // MARK: - Geometry (UIKit's view properties are views of the layer's)

    public var center: Point {
        get { layer.position }
        set { layer.position = newValue }
    }
    public var bounds: Rect {
        get { layer.bounds }
        set { layer.bounds = newValue }
    }
    public var alpha: Double {
        get { layer.opacity }
        set { layer.opacity = newValue }
    }
    public var backgroundColor: Color? {
        get { layer.backgroundColor }
        set { layer.backgroundColor = newValue }
    }
    public var isHidden: Bool {
        get { layer.isHidden }
        set { layer.isHidden = newValue }
    }
    public var clipsToBounds: Bool {
        get { layer.masksToBounds }
        set { layer.masksToBounds = newValue }
    }
    /// The affine part of the layer's transform, as UIView.transform is.
    public var transform: Transform2D {
        get { layer.transform.affine }
        set { layer.transform = newValue.as3D }
    }

    /// The bounding box of the transformed bounds in the superview. Setting it with a
    /// non-identity transform keeps the transform and sets center and bounds size (UIKit
    /// calls the result undefined; docs/semantics.md).
    public var frame: Rect {
        get { frameOf(bounds: layer.bounds, position: layer.position, anchor: layer.anchorPoint, transform: layer.transform) }
        set {
            let size = newValue.standardized.size
            let origin = newValue.standardized.origin
            if layer.bounds.size != size {
                layer.bounds = Rect(origin: layer.bounds.origin, size: size)
            }
            let anchor = layer.anchorPoint
            layer.position = Point(x: origin.x + anchor.x * size.width, y: origin.y + anchor.y * size.height)
        }
    }

    func frameOf(bounds: Rect, position: Point, anchor: Point, transform: Transform3D) -> Rect {
        let w = bounds.width, h = bounds.height
        if transform.isIdentity {
            return Rect(x: position.x - anchor.x * w, y: position.y - anchor.y * h, width: w, height: h)
        }
        let affine = transform.affine
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        for (cx, cy) in [(0.0, 0.0), (w, 0), (0, h), (w, h)] {
            let p = affine.apply(to: Point(x: cx - anchor.x * w, y: cy - anchor.y * h)) + position
            minX = min(minX, p.x); minY = min(minY, p.y); maxX = max(maxX, p.x); maxY = max(maxY, p.y)
        }
        return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    // MARK: - Hierarchy

    public var window: Window? {
        var view: View? = self
        while let current = view {
            if let window = current as? Window { return window }
            view = current.superview
        }
        return nil
    }

    public func isDescendant(of other: View) -> Bool {
        var view: View? = self
        while let current = view {
            if current === other { return true }
            view = current.superview
        }
        return false
    }

    /// Inserts at `index` (clamped, as UIKit does); a view with a superview moves.
    public func insertSubview(_ view: View, at index: Int) throws {
        guard view !== self else { throw ModelUsageError.viewHierarchy("can't add a view as a subview of itself") }
        guard !isDescendant(of: view) else {
            throw ModelUsageError.viewHierarchy("can't add \(view.traceName) to its own descendant \(traceName)")
        }
        // Rendering and layout walk the tree recursively; a bound keeps a runaway script from
        // exhausting the stack.
        guard ancestry.count + view.subtreeHeight <= View.maximumDepth else {
            throw ModelUsageError.viewHierarchy("the view hierarchy would be deeper than \(View.maximumDepth) levels")
        }
        let oldWindow = view.window
        if let old = view.superview {
            old.subviews.removeAll { $0 === view }
        }
        let clamped = min(max(0, index), subviews.count)
        subviews.insert(view, at: clamped)
        view.superview = self
        world.autoLayoutEngine?.modelChanged()   // a view's position rows relate to its superview
        if oldWindow !== window { view.noteWindowChange(); view.didMoveToWindow() }
        // A view that inherits its tint may see a new one under its new superview.
        if view.ownTintColor == nil { view.tintColorDidChangeInSubtree() }
        setNeedsLayout()
    }

    public func addSubview(_ view: View) throws {
        let count = view.superview === self ? subviews.count - 1 : subviews.count
        try insertSubview(view, at: count)
    }

    /// A sibling that is not a subview places the view below all subviews (docs/semantics.md).
    public func insertSubview(_ view: View, belowSubview sibling: View) throws {
        guard sibling.superview === self else { return try insertSubview(view, at: 0) }
        if view === sibling { return }
        if view.superview === self { subviews.removeAll { $0 === view }; view.superview = nil }
        let index = subviews.firstIndex { $0 === sibling }!
        try insertSubview(view, at: index)
    }

    /// A sibling that is not a subview places the view above all subviews (docs/semantics.md).
    public func insertSubview(_ view: View, aboveSubview sibling: View) throws {
        guard sibling.superview === self else { return try insertSubview(view, at: Int.max) }
        if view === sibling { return }
        if view.superview === self { subviews.removeAll { $0 === view }; view.superview = nil }
        let index = subviews.firstIndex { $0 === sibling }!
        try insertSubview(view, at: index + 1)
    }

    public func removeFromSuperview() {
        guard let old = superview else { return }
        world.autoLayoutEngine?.viewWillLeave(self)
        let hadWindow = window != nil
        old.subviews.removeAll { $0 === self }
        superview = nil
        world.autoLayoutEngine?.modelChanged()
        if hadWindow { noteWindowChange(); didMoveToWindow() }
    }

    public func bringSubviewToFront(_ view: View) {
        guard let index = subviews.firstIndex(where: { $0 === view }) else { return }
        subviews.append(subviews.remove(at: index))
    }

    public func sendSubviewToBack(_ view: View) {
        guard let index = subviews.firstIndex(where: { $0 === view }) else { return }
        subviews.insert(subviews.remove(at: index), at: 0)
    }

    /// UIKit's tintColorDidChange: the tint this view draws with changed (TintColor.swift).
    /// Controls that draw in the tint override it.
    open func tintColorDidChange() {}

    /// Called when the view joins or leaves a window; view controllers hook appearance here.
    open func didMoveToWindow() {
        for subview in subviews { subview.didMoveToWindow() }
    }

    // MARK: - Layout

    public func setNeedsLayout() {
        // Changes a view makes to itself while laying out do not ask for another layout.
        guard !isLayingOut else { return }
        needsLayout = true
        // Only views in the window are laid out at the end of the turn (UIKit lays out what is
        // on screen); one off screen is laid out with its superview's pass once it is added,
        // which asks for layout itself. Queued once, so a script that sets the frame of a
        // million views off screen, or one view a million times, does not grow the queue.
        guard !isQueuedForLayout, window != nil else { return }
        isQueuedForLayout = true
        world.viewNeedsLayout(self)
    }

    /// Lays out this view's subtree now if needed (UIKit's layoutIfNeeded): the constraints
    /// pass first (updateConstraints where asked, then the engine's solution), then
    /// layoutSubviews down the tree.
    public func layoutIfNeeded() throws {
        // The constraints pass costs a view that uses no Auto Layout nothing but these checks
        // (layoutIfNeeded is called in tight loops: bench bridge.method_call).
        let world = self.world
        if world.pendingConstraintUpdates > 0 { try updateConstraintsIfNeeded() }
        if let engine = world.autoLayoutEngine { engine.solveIfNeeded() }
        try layoutSubtreeIfNeeded()
    }

    private func layoutSubtreeIfNeeded() throws {
        if needsLayout {
            needsLayout = false
            try performLayout()
        }
        for subview in subviews { try subview.layoutSubtreeIfNeeded() }
    }

    /// Runs layoutSubviews: the script's override, else UIKit's (nothing beyond autoresizing).
    func performLayout() throws {
        isLayingOut = true
        defer { isLayingOut = false }
        try reportSafeAreaChange()
        try viewController?.viewWillLayoutSubviews()
        if try callOverride(Hook.View.layoutSubviews) == nil {
            try layoutSubviews()
        }
        // UIView's layoutSublayers(of:) for its own layer: a subclass sizes its sublayers there.
        _ = try callOverride(Hook.View.layoutSublayers, [.object(layer)])
        try viewController?.viewDidLayoutSubviews()
    }

    /// UIView.intrinsicContentSize: none (noIntrinsicMetric) for a plain view; UILabel and
    /// UIImageView say theirs; a script's subclass may override it (View+AutoLayout.swift).
    open var intrinsicContentSize: Size { Size(width: noIntrinsicMetric, height: noIntrinsicMetric) }

    /// UIKit's own updateConstraints: nothing to add (a subclass's override calls super last).
    open func updateConstraints() throws {}

    /// UIKit's own layoutSubviews: the frames Auto Layout solved for the subviews that use it;
    /// subclasses (the container view) add behaviour and call it.
    open func layoutSubviews() throws { applySolvedFrames() }

    /// The bounds' origin moved (a scroll view's content offset): nothing for a plain view; a
    /// collection or table view lays out the cells that became visible.
    func boundsOriginDidChange() {}

    /// Autoresizing: when the bounds size changes, subviews adjust by their masks.
    func boundsSizeDidChange(from old: Size) {
        let new = bounds.size
        let dw = new.width - old.width, dh = new.height - old.height
        for subview in subviews where !subview.autoresizingMask.isEmpty {
            subview.frame = Self.autoresize(subview.frame, mask: subview.autoresizingMask, dw: dw, dh: dh, oldSize: old)
        }
        setNeedsLayout()
    }

    /// Distributes a size change among the flexible margins and dimensions in proportion to
    /// their current lengths, as UIKit's autoresizing does.
    static func autoresize(_ frame: Rect, mask: Set<AutoresizingMask>, dw: Double, dh: Double, oldSize: Size) -> Rect {
        func distribute(_ delta: Double, leading: Double, length: Double, trailing: Double,
                        flexibleLeading: Bool, flexibleLength: Bool, flexibleTrailing: Bool) -> (Double, Double) {
            let parts = [(flexibleLeading, leading), (flexibleLength, length), (flexibleTrailing, trailing)]
            let flexible = parts.filter { $0.0 }
            if flexible.isEmpty { return (0, 0) }
            let total = flexible.map { max(0, $0.1) }.reduce(0, +)
            func share(_ isFlexible: Bool, _ value: Double) -> Double {
                guard isFlexible else { return 0 }
                return total > 0 ? delta * max(0, value) / total : delta / Double(flexible.count)
            }
            return (share(flexibleLeading, leading), share(flexibleLength, length))
        }
        var r = frame
        let (dx, dwidth) = distribute(dw, leading: frame.minX, length: frame.width, trailing: oldSize.width - frame.maxX,
                                      flexibleLeading: mask.contains(.flexibleLeftMargin),
                                      flexibleLength: mask.contains(.flexibleWidth),
                                      flexibleTrailing: mask.contains(.flexibleRightMargin))
        let (dy, dheight) = distribute(dh, leading: frame.minY, length: frame.height, trailing: oldSize.height - frame.maxY,
                                       flexibleLeading: mask.contains(.flexibleTopMargin),
                                       flexibleLength: mask.contains(.flexibleHeight),
                                       flexibleTrailing: mask.contains(.flexibleBottomMargin))
        r.x += dx; r.width += dwidth; r.y += dy; r.height += dheight
        return r
    }

    // MARK: - Coordinates

    /// Maps a point in this view's bounds coordinates into its superview's.
    func pointToSuperview(_ p: Point) -> Point {
        let b = layer.bounds, a = layer.anchorPoint
        let local = Point(x: p.x - b.minX - a.x * b.width, y: p.y - b.minY - a.y * b.height)
        return layer.transform.affine.apply(to: local) + layer.position
    }

    func pointFromSuperview(_ p: Point) -> Point {
        let b = layer.bounds, a = layer.anchorPoint
        let local = layer.transform.affine.inverted().apply(to: p - layer.position)
        return Point(x: local.x + b.minX + a.x * b.width, y: local.y + b.minY + a.y * b.height)
    }

    /// The chain of views from this one up to its root.
    var ancestry: [View] {
        var chain: [View] = []
        var view: View? = self
        while let current = view { chain.append(current); view = current.superview }
        return chain
    }

    /// Converts a point from this view's coordinates to `other`'s (nil: the window/root).
    public func convert(_ point: Point, to other: View?) -> Point {
        var p = point
        var view = self
        while let parent = view.superview { p = view.pointToSuperview(p); view = parent }
        guard let other else { return p }
        return other.ancestry.reversed().reduce(p) { $1.superview != nil ? $1.pointFromSuperview($0) : $0 }
    }

    /// Converts a rectangle; with rotations the result is the bounding box of its corners. Each
    /// corner takes the same steps as `convert(_:to:)` of a point (so the same bits); the chains
    /// are walked once for all four (the flash check converts every view, every frame).
    public func convert(_ rect: Rect, to other: View?) -> Rect {
        Self.boundingBox(of: rect, up: ancestry.dropLast(), down: other.map { Array($0.ancestry.dropLast().reversed()) } ?? [])
    }

    /// `rect`'s corners taken to each view's superview through `up` (from the view itself, the
    /// root left out), then from the superview into each of `down` (from below the root), and
    /// the box around them.
    static func boundingBox<Up: Collection<View>>(of rect: Rect, up: Up, down: [View]) -> Rect {
        // The four corners go up (and down) the chain together, each view's geometry read once
        // for all four: reading a layer's transform copies 128 bytes, and the flash check runs
        // this for every view of a transition at every display frame. Each corner is converted
        // by the same expressions as pointToSuperview / pointFromSuperview, so the same bits.
        var c0 = Point(x: rect.minX, y: rect.minY), c1 = Point(x: rect.maxX, y: rect.minY)
        var c2 = Point(x: rect.minX, y: rect.maxY), c3 = Point(x: rect.maxX, y: rect.maxY)
        for view in up {
            let layer = view.layer
            let b = layer.bounds, a = layer.anchorPoint, affine = layer.transform.affine, position = layer.position
            func up(_ p: Point) -> Point {
                affine.apply(to: Point(x: p.x - b.minX - a.x * b.width, y: p.y - b.minY - a.y * b.height)) + position
            }
            (c0, c1, c2, c3) = (up(c0), up(c1), up(c2), up(c3))
        }
        for view in down {
            let layer = view.layer
            let b = layer.bounds, a = layer.anchorPoint, inverse = layer.transform.affine.inverted(), position = layer.position
            func down(_ p: Point) -> Point {
                let local = inverse.apply(to: p - position)
                return Point(x: local.x + b.minX + a.x * b.width, y: local.y + b.minY + a.y * b.height)
            }
            (c0, c1, c2, c3) = (down(c0), down(c1), down(c2), down(c3))
        }
        var (minX, maxX, minY, maxY) = (c0.x, c0.x, c0.y, c0.y)
        // Compared as Sequence.min()/max() do, so a NaN corner gives the same rectangle as before.
        for p in [c1, c2, c3] {
            if p.x < minX { minX = p.x }
            if maxX < p.x { maxX = p.x }
            if p.y < minY { minY = p.y }
            if maxY < p.y { maxY = p.y }
        }
        return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    public func point(inside p: Point) -> Bool { bounds.contains(p) }

    /// UIKit's hit-testing: hidden, transparent (alpha < 0.01) or non-interactive views are
    /// skipped, and so are views a block animation without `allowUserInteraction` is animating
    /// (Apple's UIView.AnimationOptions.allowUserInteraction); subviews are tested front to back.
    public func hitTest(_ p: Point) -> View? {
        if isHidden || !isUserInteractionEnabled || alpha < 0.01 || layer.isAnimatedWithoutUserInteraction { return nil }
        guard point(inside: p) else { return nil }
        for subview in subviews.reversed() {
            if let hit = subview.hitTest(subview.pointFromSuperview(p)) { return hit }
        }
        // A presentation's container lets touches through to the presenter where its
        // controller says so (a sheet resting at an undimmed detent).
        if let container = self as? ContainerView, container.presentationController?.passesTouchesThroughContainer == true { return nil }
        return self
    }

    // MARK: - Snapshots and gestures

    /// `snapshotView(afterScreenUpdates:)`: false of a view never drawn is reported (UIKit's
    /// snapshot is empty then; Transit still draws it, docs/semantics.md "Safety net").
    public func snapshotView(afterScreenUpdates: Bool?) -> View {
        if afterScreenUpdates == false { world.judgeSnapshotOfUndrawnView(self) }
        return snapshotView()
    }

    /// A new view showing this view's current presentation as a picture.
    public func snapshotView() -> View {
        let snapshot = View(world: world, frame: frame)
        snapshot.name = "snapshot of \(traceName)"
        var tree = layer.snapshot(at: world.now)
        // Written only when they differ: an unchanged view's tree is the storage of its last
        // snapshot (Layer.snapshot), and keeping it so lets every snapshot of it share one
        // bitmap by identity (checkerboard snapshots its two pictures 440 times; copying the
        // tree here made each a new storage the raster cache had to hash in full per reload).
        let placed = Point(x: tree.bounds.width * tree.anchorPoint.x, y: tree.bounds.height * tree.anchorPoint.y)
        if tree.transform != .identity { tree.transform = .identity }
        if tree.position != placed { tree.position = placed }
        snapshot.world.withoutAnimation { snapshot.bounds = Rect(origin: .zero, size: self.bounds.size) }
        snapshot.layer.content = .snapshot(tree)
        return snapshot
    }

    public func addGestureRecognizer(_ recognizer: GestureRecognizer) {
        recognizer.view?.removeGestureRecognizer(recognizer)
        gestureRecognizers.append(recognizer)
        recognizer.view = self
    }

    public func removeGestureRecognizer(_ recognizer: GestureRecognizer) {
        gestureRecognizers.removeAll { $0 === recognizer }
        if recognizer.view === self { recognizer.view = nil }
    }

    public static let maximumDepth = 256

    /// Levels in this view's subtree (1 for a view without subviews).
    var subtreeHeight: Int { 1 + (subviews.map(\.subtreeHeight).max() ?? 0) }

    /// The view and its descendants, depth first, back to front.
    public var subtree: [View] { [self] + subviews.flatMap(\.subtree) }
}

/// UIWindow: the root of what is on screen; its root view controller's view fills it.
public final class Window: View {
    public override class var className: String { "UIWindow" }

    public private(set) var rootViewController: ViewController?

    /// Installs the root view controller's view, filling the window, with its appearance
    /// callbacks (viewDidLoad, viewWillAppear, viewDidAppear) in UIKit's order.
    public func setRootViewController(_ root: ViewController?) throws {
        if let old = rootViewController, let view = old.viewIfLoaded, view.superview === self {
            try old.beginAppearance(appearing: false, animated: false)
            view.removeFromSuperview()
            try old.endAppearance()
        }
        rootViewController = root
        guard let root else { try world.updateStatusBarAppearance(); return }
        let view = try root.loadViewIfNeeded()
        world.withoutAnimation { view.frame = bounds }
        view.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        try root.beginAppearance(appearing: true, animated: false)
        try insertSubview(view, at: 0)
        try root.endAppearance()
        try world.updateStatusBarAppearance()
    }

    init(world: World) {
        super.init(world: world, frame: world.screen.bounds)
        name = nil
        world.withoutAnimation { backgroundColor = Color(white: 0) }
    }

    public override var traceName: String { "UIWindow" }
}
