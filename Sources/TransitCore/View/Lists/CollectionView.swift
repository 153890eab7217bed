// UICollectionView with a flow layout: a ListView whose item frames come from its layout, and
// UICollectionViewController, whose view it is and which is its data source and delegate.

public final class CollectionView: ListView {
    public override class var className: String { "UICollectionView" }

    public private(set) var collectionViewLayout: CollectionViewFlowLayout
    /// The view size the layout was prepared for.
    private var preparedSize: Size?

    public init(world: World, frame: Rect = .zero, layout: CollectionViewFlowLayout) {
        collectionViewLayout = layout
        super.init(world: world, frame: frame)
        layout.collectionView = self
    }

    public func setCollectionViewLayout(_ layout: CollectionViewFlowLayout) {
        if collectionViewLayout.collectionView === self { collectionViewLayout.collectionView = nil }
        collectionViewLayout = layout
        layout.collectionView = self
        invalidateItemLayout()
        setNeedsLayout()
    }

    override var hooks: (numberOfSections: any HookName, numberOfItems: any HookName, cell: any HookName, didSelect: any HookName, didDeselect: any HookName) {
        typealias S = Hook.CollectionViewDataSource
        typealias D = Hook.CollectionViewDelegate
        return (S.numberOfSections, S.numberOfItemsInSection, S.cellForItemAt, D.didSelectItemAt, D.didDeselectItemAt)
    }
    override var itemCountName: String { "collectionView(_:numberOfItemsInSection:)" }
    override var cellClassName: String { CollectionViewCell.className }
    override var dequeueName: String { "dequeueReusableCell(withReuseIdentifier:for:)" }

    override func invalidateItemLayout() { collectionViewLayout.isValid = false }

    /// The size the layout fills: the bounds less the content inset.
    private var layoutSize: Size {
        Size(width: max(0, bounds.width - contentInset.left - contentInset.right),
             height: max(0, bounds.height - contentInset.top - contentInset.bottom))
    }

    override var layoutIsValid: Bool { collectionViewLayout.isValid && preparedSize == layoutSize }

    override func prepareLayout(counts: [Int]) throws {
        let layout = collectionViewLayout
        let size = layoutSize
        // UICollectionViewDelegateFlowLayout's size, when the delegate gives one (asked for
        // every item, as UIKit's flow layout does when it prepares).
        let delegate = self.delegate
        let hook = Hook.CollectionViewDelegateFlowLayout.sizeForItemAt
        let asks = try delegate.map { try world.responds($0, hook) } ?? false
        try layout.prepare(counts: counts, viewSize: size) { path in
            guard asks, let delegate else { return layout.itemSize }
            let value = try world.callScript(delegate, hook, [.object(self), .object(layout), .indexPath(path)])
            guard let s = value.size, s.isFinite, s.width >= 0, s.height >= 0 else {
                throw world.hookError(delegate, hook, "\(hook) must return a CGSize with finite sizes ≥ 0 for \(path) (got \(value.traceDescription))")
            }
            return s
        }
        preparedSize = size
        contentSize = layout.contentSize
    }

    override func itemFrame(at path: ListIndexPath) -> Rect? { collectionViewLayout.frame(at: path) }
    override func indexPaths(in rect: Rect) -> [ListIndexPath] { collectionViewLayout.indexPaths(in: rect) }

    /// UICollectionViewLayoutAttributes' frame for an item (nil when there is no such item).
    public func layoutFrame(at path: ListIndexPath) throws -> Rect? {
        try prepareIfNeeded()
        return itemFrame(at: path)
    }

    public enum ItemScrollPosition: String, CaseIterable, Sendable {
        case top, centeredVertically, bottom, left, centeredHorizontally, right
    }

    /// Sets the offset that puts the item at the position (animated: accepted, set at once,
    /// as setContentOffset does). An empty position list scrolls the least that shows it.
    public func scrollToItem(at path: ListIndexPath, at positions: Set<ItemScrollPosition>) throws {
        try prepareIfNeeded()
        try requireValid(path, "scrollToItem")
        guard let frame = itemFrame(at: path) else { return }
        var vertical: ScrollPosition? = positions.contains(.top) ? .top : positions.contains(.centeredVertically) ? .middle : positions.contains(.bottom) ? .bottom : nil
        var horizontal: ScrollPosition? = positions.contains(.left) ? .top : positions.contains(.centeredHorizontally) ? .middle : positions.contains(.right) ? .bottom : nil
        if positions.isEmpty { vertical = .nearest; horizontal = .nearest }
        try setContentOffset(offset(showing: frame, vertical: vertical, horizontal: horizontal))
    }
}

public final class CollectionViewController: ViewController {
    public override class var className: String { "UICollectionViewController" }
    public let collectionViewLayout: CollectionViewFlowLayout

    public init(world: World, layout: CollectionViewFlowLayout) {
        collectionViewLayout = layout
        super.init(world: world)
    }

    /// UIKit's loadView: a collection view filling the screen whose data source and delegate
    /// are this controller.
    override func makeDefaultView() throws -> View {
        let view = CollectionView(world: world, frame: world.screen.bounds, layout: collectionViewLayout)
        view.dataSource = self
        view.delegate = self
        return view
    }

    /// The view, when it is a collection view (a script's loadView may set another).
    public func collectionView() throws -> CollectionView? { try loadViewIfNeeded() as? CollectionView }
}
