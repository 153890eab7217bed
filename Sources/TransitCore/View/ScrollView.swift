// UIScrollView, as much as a sheet needs that hands its drag to a scroll view (PanModal):
// the content offset is the bounds' origin, the scroll view's own pan recognizer moves it by
// the finger's movement and stops it at the edges, and the delegate hears every change.
// Not modelled (docs/semantics.md, "Scroll views"): deceleration, rubber-banding, zooming, paging.

public class ScrollView: View {
    public override class var className: String { "UIScrollView" }

    /// The scroll view's own pan recognizer; scripts may set its delegate, add targets to it,
    /// make it require others to fail, or disable it (isScrollEnabled).
    public let panGestureRecognizer: PanGestureRecognizer
    public var contentSize: Size = .zero
    public var contentInset: EdgeInsets = .zero
    /// Accepted; the content stops at its edges either way (no rubber band).
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
    private var didScrollDepth = 0

    public override init(world: World, frame: Rect = .zero) {
        panGestureRecognizer = PanGestureRecognizer(world: world, kind: .pan)
        super.init(world: world, frame: frame)
        panGestureRecognizer.action = { [unowned self] pan in try self.drag(pan) }
        panGestureRecognizer.ownerAllowsBegin = { [unowned self] in self.panMayBegin }
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
    /// far edge (plus its inset) meets the view's.
    public var offsetRange: (min: Point, max: Point) {
        let size = bounds.size
        let minimum = Point(x: -contentInset.left, y: -contentInset.top)
        let maximum = Point(x: max(minimum.x, contentSize.width + contentInset.right - size.width),
                            y: max(minimum.y, contentSize.height + contentInset.bottom - size.height))
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

    /// The pan begins only for a drag the content can follow: on an axis that scrolls, and,
    /// when only one does, mostly along it (UIKit's cross-directional nesting: a vertical table's
    /// pan leaves a sideways drag to the recognizers around it, semantics.md).
    private var panMayBegin: Bool {
        let vertical = scrollsVertically, horizontal = scrollsHorizontally
        if vertical && horizontal { return true }
        guard vertical || horizontal else { return false }
        let moved = panGestureRecognizer.translation(in: nil)
        return vertical ? abs(moved.y) >= abs(moved.x) : abs(moved.x) >= abs(moved.y)
    }

    private func drag(_ pan: GestureRecognizer) throws {
        guard let pan = pan as? PanGestureRecognizer else { return }
        switch pan.state {
        case .began:
            isDragging = true; isTracking = true
            lastTranslation = pan.translation(in: nil)
        case .changed:
            // Incremental, so an offset a script sets during the drag (PanModal holding the
            // content still) is where the next movement starts from.
            let translation = pan.translation(in: nil)
            let delta = translation - lastTranslation
            lastTranslation = translation
            let (low, high) = offsetRange
            var offset = contentOffset
            if scrollsHorizontally { offset.x = min(max(offset.x - delta.x, low.x), high.x) }
            if scrollsVertically { offset.y = min(max(offset.y - delta.y, low.y), high.y) }
            // Huge contents and insets can overflow; an offset that is not finite is not taken.
            if offset.isFinite { try setContentOffset(offset) }
        default:
            isDragging = false; isTracking = false
        }
    }

    private func didScroll() throws {
        guard let delegate, try world.responds(delegate, Hook.ScrollViewDelegate.scrollViewDidScroll) else { return }
        // A delegate that sets the offset again is called again (UIKit does the same); one
        // that keeps changing it would recurse without end.
        guard didScrollDepth < ScrollView.maximumDidScrollDepth else {
            throw AnimationError.invalid("scrollViewDidScroll changed contentOffset \(ScrollView.maximumDidScrollDepth) times in a row; set it to a value that does not change again")
        }
        didScrollDepth += 1
        defer { didScrollDepth -= 1 }
        _ = try world.callScript(delegate, Hook.ScrollViewDelegate.scrollViewDidScroll, [.object(self)])
    }

    public static let maximumDidScrollDepth = 16
}
