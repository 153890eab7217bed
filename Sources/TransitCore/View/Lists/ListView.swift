// What UICollectionView and UITableView share: cells registered by class for a reuse
// identifier, made or reused when the data source is asked for one, and only for the items
// that are visible; a layout pass (layoutSubviews, as UIKit's) that moves cells whose items
// scrolled out of the bounds to the reuse queue and asks the data source for those that
// scrolled in; selection by a tap on a cell.
//
// The data source is asked lazily: for the counts at the first layout pass after creation or
// reloadData (or when a script asks for a count), for a cell only when its item is visible.

public class ListView: ScrollView {
    /// The data source (a view controller is held weakly: DelegateSlot).
    public var dataSource: AnyObject? {
        get { dataSourceSlot.object }
        set { dataSourceSlot = DelegateSlot(newValue); reloadData() }
    }
    public private(set) var dataSourceSlot = DelegateSlot(nil)
    public var allowsSelection = true
    public var allowsMultipleSelection = false

    /// The recognizer that selects the tapped cell: UIKit selects on touch up, after its own
    /// touch handling; Transit's views have none, so a tap recognizer on the list does it.
    public let selectionRecognizer: GestureRecognizer

    /// Identifier → how to make a cell (the bridge builds the registered class, Lua or bound).
    private var factories: [String: () throws -> ListCell] = [:]
    private var queues: [String: [ListCell]] = [:]
    private var visible: [ListIndexPath: ListCell] = [:]
    private(set) var selected: Set<ListIndexPath> = []
    /// Item counts per section; nil until asked (after creation or reloadData).
    private var counts: [Int]?
    private var isUpdatingCells = false
    /// The most items a list may have: every item's frame is kept (as UIKit's layouts keep
    /// their attributes), so a count in the billions would exhaust memory before anything shows.
    public static let maximumItemCount = 1_000_000

    public override init(world: World, frame: Rect = .zero) {
        selectionRecognizer = GestureRecognizer.make(world: world, kind: .tap)
        super.init(world: world, frame: frame)
        selectionRecognizer.action = { [unowned self] recognizer in try self.tapped(recognizer) }
        addGestureRecognizer(selectionRecognizer)
        world.withoutAnimation { backgroundColor = Color(white: 1) }
    }

    // MARK: - What a subclass says

    var hooks: (numberOfSections: any HookName, numberOfItems: any HookName, cell: any HookName, didSelect: any HookName, didDeselect: any HookName) { fatalError("subclass") }
    /// UIKit's name of the item count method, for messages.
    var itemCountName: String { fatalError("subclass") }
    /// Lays every item out (counts known); sets contentSize.
    func prepareLayout(counts: [Int]) throws {}
    var layoutIsValid: Bool { true }
    func itemFrame(at path: ListIndexPath) -> Rect? { nil }
    func indexPaths(in rect: Rect) -> [ListIndexPath] { [] }
    func configure(_ cell: ListCell) {}

    // MARK: - Registration and dequeueing

    public func register(_ identifier: String, _ factory: @escaping () throws -> ListCell) {
        factories[identifier] = factory
    }

    public func isRegistered(_ identifier: String) -> Bool { factories[identifier] != nil }

    /// A queued cell for the identifier (prepareForReuse first, as UIKit calls it just before
    /// returning the cell), else a new one of the registered class; nil when there is neither.
    public func dequeueCell(_ identifier: String) throws -> ListCell? {
        if var queue = queues[identifier], let cell = queue.popLast() {
            queues[identifier] = queue
            try cell.runPrepareForReuse()
            cell.dequeuedBy = self
            return cell
        }
        guard let factory = factories[identifier] else { return nil }
        let cell = try factory()
        cell.reuseIdentifier = identifier
        cell.dequeuedBy = self
        return cell
    }

    var queuedCells: [ListCell] { queues.keys.sorted().flatMap { queues[$0]! } }

    // MARK: - Data

    /// Forgets the counts and the cells; the data source is asked again at the next layout
    /// pass (UIKit's reloadData). Selection is cleared.
    public func reloadData() {
        counts = nil
        selected = []
        for path in visible.keys.sorted() { recycle(visible[path]!) }
        visible = [:]
        invalidateItemLayout()
        setNeedsLayout()
    }

    func invalidateItemLayout() {}

    public func numberOfSections() throws -> Int { try loadedCounts().count }

    public func numberOfItems(inSection section: Int) throws -> Int {
        let counts = try loadedCounts()
        guard section >= 0, section < counts.count else {
            throw ModelUsageError.list("section \(section + 1) does not exist (the list has \(counts.count) section\(counts.count == 1 ? "" : "s"))")
        }
        return counts[section]
    }

    func loadedCounts() throws -> [Int] {
        if let counts { return counts }
        let loaded = try askCounts()
        counts = loaded
        invalidateItemLayout()
        return loaded
    }

    private func askCounts() throws -> [Int] {
        guard let source = dataSource else { return [] }
        let names = hooks
        var sections = 1
        if try world.responds(source, names.numberOfSections) {
            sections = try count(try world.callScript(source, names.numberOfSections, [.object(self)]), source, names.numberOfSections, what: "sections")
        }
        guard try world.responds(source, names.numberOfItems) else {
            throw ModelUsageError.list("\(world.describe(source)) is the \(displayClassName)'s dataSource but has no \(names.numberOfItems) (\(itemCountName), which the data source must implement)")
        }
        var result: [Int] = []
        result.reserveCapacity(sections)
        var total = 0
        for section in 0..<sections {
            let n = try count(try world.callScript(source, names.numberOfItems, [.object(self), .index(section)]), source, names.numberOfItems, what: "items")
            total += n
            guard total <= ListView.maximumItemCount else {
                throw world.hookError(source, names.numberOfItems, "\(names.numberOfItems): a list holds at most \(ListView.maximumItemCount) items (got \(total) by section \(section + 1))")
            }
            result.append(n)
        }
        return result
    }

    private func count(_ value: ScriptValue, _ source: AnyObject, _ hook: any HookName, what: String) throws -> Int {
        guard let n = value.number, n.isFinite, n >= 0, n == n.rounded(), n <= Double(ListView.maximumItemCount) else {
            throw world.hookError(source, hook, "\(hook) must return the number of \(what), an integer ≥ 0 (got \(value.traceDescription))")
        }
        return Int(n)
    }

    public func isValid(_ path: ListIndexPath) throws -> Bool {
        let counts = try loadedCounts()
        return path.section >= 0 && path.section < counts.count && path.item >= 0 && path.item < counts[path.section]
    }

    func requireValid(_ path: ListIndexPath, _ action: String) throws {
        guard try isValid(path) else { throw ModelUsageError.list("\(action): \(path) is not in the list (\(try describeCounts()))") }
    }

    private func describeCounts() throws -> String {
        let counts = try loadedCounts()
        if counts.isEmpty { return "it has no sections" }
        return counts.enumerated().prefix(4).map { "section \($0.offset + 1): \($0.element) \($0.element == 1 ? "item" : "items")" }.joined(separator: ", ")
            + (counts.count > 4 ? ", ..." : "")
    }

    /// Counts and item frames, without touching cells (what scrollToItem and the geometry
    /// queries need before the first layout pass).
    func prepareIfNeeded() throws {
        let counts = try loadedCounts()
        if !layoutIsValid { try prepareLayout(counts: counts) }
    }

    // MARK: - Cells

    public var visibleCellsInOrder: [ListCell] { visible.keys.sorted().map { visible[$0]! } }
    public var indexPathsForVisibleItems: [ListIndexPath] { visible.keys.sorted() }
    /// The cell showing the item, nil when the item is not visible (UIKit's cellForItem(at:)).
    public func cell(at path: ListIndexPath) -> ListCell? { visible[path] }
    public func indexPath(for cell: ListCell) -> ListIndexPath? {
        visible.first { $0.value === cell }?.key
    }
    /// The item under a point of the list's content (its bounds' coordinates).
    public func indexPath(at point: Point) throws -> ListIndexPath? {
        try prepareIfNeeded()
        return indexPaths(in: Rect(x: point.x, y: point.y, width: 0, height: 0).insetBy(dx: -0.0001, dy: -0.0001))
            .first { itemFrame(at: $0)?.contains(point) ?? false }
    }

    public override func layoutSubviews() throws {
        try super.layoutSubviews()
        try updateCells()
    }

    override func boundsOriginDidChange() { setNeedsLayout() }

    override func boundsSizeDidChange(from old: Size) {
        super.boundsSizeDidChange(from: old)
        invalidateItemLayout()
    }

    /// The layout pass: the visible items get cells, the others give theirs back.
    func updateCells() throws {
        // A data source that lays the list out while it is asked for a cell would change the
        // cells being placed: the outer pass finishes the work.
        guard !isUpdatingCells else { return }
        isUpdatingCells = true
        defer { isUpdatingCells = false }
        try prepareIfNeeded()
        let needed = indexPaths(in: bounds)
        let neededSet = Set(needed)
        // Cells that scrolled out first, so the ones that scroll in can reuse them (UIKit's order).
        for path in visible.keys.sorted() where !neededSet.contains(path) {
            recycle(visible.removeValue(forKey: path)!)
        }
        for path in needed {
            guard let frame = itemFrame(at: path) else { continue }
            if let cell = visible[path] {
                if cell.frame != frame { cell.frame = frame }
                continue
            }
            let cell = try askCell(at: path)
            world.withoutAnimation {
                cell.frame = frame
                cell.isSelected = selected.contains(path)
                cell.isHighlighted = false
            }
            configure(cell)
            visible[path] = cell
            // Cells go below the list's other subviews, in index-path order among themselves.
            try insertSubview(cell, at: visible.count - 1)
        }
    }

    private func recycle(_ cell: ListCell) {
        cell.removeFromSuperview()
        if let identifier = cell.reuseIdentifier { queues[identifier, default: []].append(cell) }
    }

    private func askCell(at path: ListIndexPath) throws -> ListCell {
        let names = hooks
        guard let source = dataSource else { throw ModelUsageError.list("\(displayClassName) has no dataSource") }
        guard try world.responds(source, names.cell) else {
            throw ModelUsageError.list("\(world.describe(source)) is the \(displayClassName)'s dataSource but has no \(names.cell), which the data source must implement")
        }
        let result = try world.callScript(source, names.cell, [.object(self), .indexPath(path)])
        guard let cell = result.object as? ListCell, type(of: cell).className == cellClassName else {
            throw world.hookError(source, names.cell, "\(names.cell) must return a \(cellClassName) for \(path) (got \(result.traceDescription)); UIKit: the data source did not return a valid cell")
        }
        guard cell.dequeuedBy === self, cell.reuseIdentifier != nil else {
            throw world.hookError(source, names.cell, "\(names.cell) returned a cell that does not have a reuseIdentifier for \(path); cells must be retrieved by calling \(dequeueName)")
        }
        guard !visible.values.contains(where: { $0 === cell }) else {
            throw world.hookError(source, names.cell, "\(names.cell) returned a cell already showing another item for \(path); dequeue a cell for each index path")
        }
        return cell
    }

    var cellClassName: String { fatalError("subclass") }
    var dequeueName: String { fatalError("subclass") }

    // MARK: - Selection

    public var indexPathsForSelectedItems: [ListIndexPath] { selected.sorted() }

    /// Selects without telling the delegate (UIKit's selectItem / selectRow).
    public func select(_ path: ListIndexPath) throws {
        try requireValid(path, "select")
        if !allowsMultipleSelection {
            for other in selected where other != path { visible[other]?.isSelected = false }
            selected = []
        }
        selected.insert(path)
        visible[path]?.isSelected = true
    }

    public func deselect(_ path: ListIndexPath) {
        selected.remove(path)
        visible[path]?.isSelected = false
    }

    /// A tap: the item under the finger is selected (the previous one deselected, with their
    /// delegate calls) once the finger lifts. Tapping a selected item of a single-selection
    /// list keeps it selected and tells the delegate again, as UIKit does.
    private func tapped(_ recognizer: GestureRecognizer) throws {
        guard recognizer.state == .ended, allowsSelection else { return }
        let point = recognizer.location(in: self)
        guard let path = visible.first(where: { $0.value.frame.contains(point) })?.key else { return }
        let names = hooks
        let delegate = self.delegate
        if allowsMultipleSelection, selected.contains(path) {
            deselect(path)
            if let delegate, try world.responds(delegate, names.didDeselect) {
                _ = try world.callScript(delegate, names.didDeselect, [.object(self), .indexPath(path)])
            }
            return
        }
        if !allowsMultipleSelection {
            for other in selected.sorted() where other != path {
                deselect(other)
                if let delegate, try world.responds(delegate, names.didDeselect) {
                    _ = try world.callScript(delegate, names.didDeselect, [.object(self), .indexPath(other)])
                }
            }
        }
        selected.insert(path)
        visible[path]?.isSelected = true
        if let delegate, try world.responds(delegate, names.didSelect) {
            _ = try world.callScript(delegate, names.didSelect, [.object(self), .indexPath(path)])
        }
    }

    // MARK: - Scrolling

    /// The content offset that shows `frame` at the position (vertical and horizontal parts),
    /// clamped to the offsets the content may take (UIKit stops at the content's edges).
    func offset(showing frame: Rect, vertical: ScrollPosition?, horizontal: ScrollPosition?) -> Point {
        var offset = contentOffset
        let size = bounds.size
        let inset = contentInset
        switch vertical {
        case .top: offset.y = frame.minY - inset.top
        case .middle: offset.y = frame.midY - (size.height - inset.top - inset.bottom) / 2 - inset.top
        case .bottom: offset.y = frame.maxY - size.height + inset.bottom
        case .nearest:
            // Only as far as needed to show it whole (UITableView's .none).
            if frame.minY < offset.y + inset.top { offset.y = frame.minY - inset.top }
            else if frame.maxY > offset.y + size.height - inset.bottom { offset.y = frame.maxY - size.height + inset.bottom }
        case nil: break
        }
        switch horizontal {
        case .top: offset.x = frame.minX - inset.left
        case .middle: offset.x = frame.midX - (size.width - inset.left - inset.right) / 2 - inset.left
        case .bottom: offset.x = frame.maxX - size.width + inset.right
        case .nearest:
            if frame.minX < offset.x + inset.left { offset.x = frame.minX - inset.left }
            else if frame.maxX > offset.x + size.width - inset.right { offset.x = frame.maxX - size.width + inset.right }
        case nil: break
        }
        let (low, high) = offsetRange
        return Point(x: min(max(offset.x, low.x), high.x), y: min(max(offset.y, low.y), high.y))
    }

    /// Where along an axis an item should end up: its leading edge at the start of the visible
    /// area, its centre at the centre, its trailing edge at the end, or the least scrolling.
    enum ScrollPosition { case top, middle, bottom, nearest }
}
