// UIScrollView, as much as a sheet needs that hands its drag to a scroll view (PanModal):
// the content offset is the bounds' origin, the scroll view's own pan recognizer moves it by
// the finger's movement and stops it at the edges, and the delegate hears every change.
// Dragging past an edge rubber-bands when the scroll view bounces and springs back on release;
// zooming and the safe-area adjustment of the insets are in ScrollView+Zooming.swift.
// Not modelled (docs/semantics.md, "Scroll views"): deceleration, paging.

public class ScrollView: View {
    public override class var className: String { "UIScrollView" }

    /// The scroll view's own pan recognizer; scripts may set its delegate, add targets to it,
    /// make it require others to fail, or disable it (isScrollEnabled).
    public let panGestureRecognizer: PanGestureRecognizer
    public var contentSize: Size = .zero
    public var contentInset: EdgeInsets = .zero
    /// Dragging past an edge moves the content with resistance and it springs back on release;
    /// false stops it at the edges.
    public var bounces = true
    public var alwaysBounceVertical = false
    public var alwaysBounceHorizontal = false
    /// Accepted (PanModal hides the indicator while it holds the content); none is drawn.
    public var showsVerticalScrollIndicator = true
    public var showsHorizontalScrollIndicator = true
    /// UIScrollViewDelegate (Hook.ScrollViewDelegate); a collection or table view's delegate
    /// is this one too, as UIKit's protocols inherit UIScrollViewDelegate. A view controller is
    /// held weakly (DelegateSlot).
    public var delegate: AnyObject? {
        get { delegateSlot.object }
        set { delegateSlot = DelegateSlot(newValue) }
    }
    public private(set) var delegateSlot = DelegateSlot(nil)
    /// True while the finger drags the content (from the pan's began to its end).
    public private(set) var isDragging = false
    /// True while a finger is on the content and the pan recognizes.
    public private(set) var isTracking = false
    /// Always false: the content stops when the finger lifts (no deceleration).
    public var isDecelerating: Bool { false }
    private var lastTranslation = Point.zero
    /// Where the finger would have put the content without edges (the rubber band's input).
    private var unboundedOffset = Point.zero
    private var didScrollDepth = 0
    /// contentInsetAdjustmentBehavior, and the zoom state (ScrollView+Zooming.swift).
    public var contentInsetAdjustmentBehavior: ContentInsetAdjustmentBehavior = .automatic { didSet { setNeedsLayout() } }
    var zooming = ZoomState()

    public override init(world: World, frame: Rect = .zero) {
        panGestureRecognizer = PanGestureRecognizer(world: world, kind: .pan)
        super.init(world: world, frame: frame)
        panGestureRecognizer.action = { [unowned self] pan in try self.drag(pan) }
        panGestureRecognizer.ownerAllowsBegin = { [unowned self] movement in self.claimsDrag(movement) }
        addGestureRecognizer(panGestureRecognizer)
    }

    /// The point of the content at the view's top-left corner: the bounds' origin.
    public var contentOffset: Point { bounds.origin }

    public func setContentOffset(_ offset: Point) throws {
        guard offset != bounds.origin else { return }
        bounds = Rect(origin: offset, size: bounds.size)
        try didScroll()
    }

    public var isScrollEnabled: Bool { panGestureRecognizer.isEnabled }
    public func setScrollEnabled(_ enabled: Bool) throws { try panGestureRecognizer.setEnabled(enabled) }

    /// The offsets the content may take: from minus the top/left inset to where the content's
    /// far edge (plus its inset) meets the view's. The insets are the adjusted ones (the safe
    /// area added as contentInsetAdjustmentBehavior says).
    public var offsetRange: (min: Point, max: Point) {
        let size = bounds.size
        let inset = adjustedContentInset
        let minimum = Point(x: -inset.left, y: -inset.top)
        let maximum = Point(x: max(minimum.x, contentSize.width + inset.right - size.width),
                            y: max(minimum.y, contentSize.height + inset.bottom - size.height))
        return (minimum, maximum)
    }

    /// An axis scrolls when the content and its insets are larger than the view on it, or
    /// when told to bounce anyway.
    public var scrollsVertically: Bool {
        contentSize.height + contentInset.top + contentInset.bottom > bounds.height || alwaysBounceVertical
    }
    public var scrollsHorizontally: Bool {
        contentSize.width + contentInset.left + contentInset.right > bounds.width || alwaysBounceHorizontal
    }

    /// Whether the scroll view's pan takes a drag that moved `movement` when it would begin.
    /// A drag mostly along an axis the content does not scroll on is not its drag: it fails,
    /// so the recognizers around it (an edge pan, the navigation controller's interactive pop,
    /// a horizontal pager) get it. That is how UIKit nests scroll views of crossed directions
    /// without any code ("Nesting Scroll Views": cross-directional scrolling "is supported and
    /// provided by default"). A diagonal drag (as much across as along) goes to an axis it
    /// scrolls on.
    func claimsDrag(_ movement: Point) -> Bool {
        let vertical = scrollsVertically, horizontal = scrollsHorizontally
        if vertical && horizontal { return true }
        if vertical { return abs(movement.y) >= abs(movement.x) }
        if horizontal { return abs(movement.x) >= abs(movement.y) }
        return false
    }

    private func drag(_ pan: GestureRecognizer) throws {
        guard let pan = pan as? PanGestureRecognizer else { return }
        switch pan.state {
        case .began:
            isDragging = true; isTracking = true
            lastTranslation = pan.translation(in: nil)
            unboundedOffset = contentOffset
        case .changed:
            // Incremental, so an offset a script sets during the drag (PanModal holding the
            // content still) is where the next movement starts from.
            let translation = pan.translation(in: nil)
            let delta = translation - lastTranslation
            lastTranslation = translation
            let (low, high) = offsetRange
            var offset = contentOffset
            if scrollsHorizontally { offset.x = follow(&unboundedOffset.x, shown: offset.x, delta: delta.x, low.x, high.x, bounds.width) }
            if scrollsVertically { offset.y = follow(&unboundedOffset.y, shown: offset.y, delta: delta.y, low.y, high.y, bounds.height) }
            // Huge contents and insets can overflow; an offset that is not finite is not taken.
            if offset.isFinite { try setContentOffset(offset) }
        default:
            isDragging = false; isTracking = false
            try springBackIfPastAnEdge()
        }
    }

    /// One axis of a drag: the offset the finger's movement `delta` gives, from `raw`, where the
    /// finger would have put the content without edges. Inside [low, high] the content follows
    /// the finger; past an edge a bouncing scroll view lets it go with resistance (the rubber
    /// band), else it stops there. An offset someone else set since the last movement (a script
    /// holding the content still) is where this movement starts.
    private func follow(_ raw: inout Double, shown: Double, delta: Double, _ low: Double, _ high: Double, _ length: Double) -> Double {
        if !raw.isFinite || abs(shown - ScrollView.rubberBand(raw, low, high, length)) > 0.5 { raw = shown }
        raw -= delta
        return bounces ? ScrollView.rubberBand(raw, low, high, length) : min(max(raw, low), high)
    }

    /// The offset a finger at `raw` shows: `raw` inside [low, high]; past an edge, the rubber
    /// band's 1 - 1 / (0.55·x / d + 1) of d for an overshoot x on a view d long (the curve
    /// measured from UIScrollView; UIKit documents only that the content "bounces").
    static func rubberBand(_ raw: Double, _ low: Double, _ high: Double, _ dimension: Double) -> Double {
        let d = max(1, dimension)
        func band(_ x: Double) -> Double { (1 - 1 / (0.55 * x / d + 1)) * d }
        if raw < low { return low - band(low - raw) }
        if raw > high { return high + band(raw - high) }
        return raw
    }

    /// Seconds the content takes to spring back to its edge when released past it.
    public static let springBackDuration = 0.4

    /// Released past an edge: the content goes back to it, decelerating (UIKit's bounce back).
    private func springBackIfPastAnEdge() throws {
        let (low, high) = offsetRange
        let target = Point(x: min(max(contentOffset.x, low.x), high.x), y: min(max(contentOffset.y, low.y), high.y))
        guard target != contentOffset, target.isFinite else { return }
        let size = bounds.size
        try world.animate(duration: ScrollView.springBackDuration, timing: .curve(.easeOut), animations: {
            bounds = Rect(origin: target, size: size)
        })
        try didScroll()
    }

    private func didScroll() throws {
        guard let delegate, try world.responds(delegate, Hook.ScrollViewDelegate.scrollViewDidScroll) else { return }
        // A delegate that sets the offset again is called again (UIKit does the same); one
        // that keeps changing it would recurse without end.
        guard didScrollDepth < ScrollView.maximumDidScrollDepth else {
            throw ModelUsageError.scrolling("scrollViewDidScroll changed contentOffset \(ScrollView.maximumDidScrollDepth) times in a row; set it to a value that does not change again")
        }
        didScrollDepth += 1
        defer { didScrollDepth -= 1 }
        _ = try world.callScript(delegate, Hook.ScrollViewDelegate.scrollViewDidScroll, [.object(self)])
    }

    public static let maximumDidScrollDepth = 16
}
