// UITableView in the plain style: rows stacked top to bottom, as tall as rowHeight or the
// delegate's heightForRowAt, as wide as the table; UITableViewController.
//
// Row heights: UIKit's default rowHeight is automaticDimension, which sizes a row from its
// cell's Auto Layout content, and a cell without such content gets 44 pt, the plain style's
// documented default row height. Transit does not size cells from their content: rowHeight is
// 44 unless set, and heightForRowAt wins when the delegate has it (semantics.md, "Lists").

public final class TableView: ListView {
    public override class var className: String { "UITableView" }

    public static let defaultRowHeight = 44.0
    /// Apple's default separator inset: 16 pt from the left on iPhone.
    public static let defaultSeparatorInset = EdgeInsets(top: 0, left: 16, bottom: 0, right: 0)

    public var rowHeight = TableView.defaultRowHeight { didSet { invalidateItemLayout(); setNeedsLayout() } }
    public var separatorInset = TableView.defaultSeparatorInset { didSet { setNeedsLayout() } }
    public enum SeparatorStyle: String, CaseIterable, Sendable { case none, singleLine }
    public var separatorStyle = SeparatorStyle.singleLine { didSet { for cell in visibleCellsInOrder { configure(cell) } } }

    /// Each row's top, per section, and one past the last row's bottom: tops[s][r]..tops[s][r+1].
    private var tops: [[Double]] = []
    private var isPrepared = false
    private var preparedWidth: Double?

    public override init(world: World, frame: Rect = .zero) {
        super.init(world: world, frame: frame)
    }

    override var hooks: (numberOfSections: any HookName, numberOfItems: any HookName, cell: any HookName, didSelect: any HookName, didDeselect: any HookName) {
        typealias S = Hook.TableViewDataSource
        typealias D = Hook.TableViewDelegate
        return (S.numberOfSections, S.numberOfRowsInSection, S.cellForRowAt, D.didSelectRowAt, D.didDeselectRowAt)
    }
    override var itemCountName: String { "tableView(_:numberOfRowsInSection:)" }
    override var cellClassName: String { TableViewCell.className }
    override var dequeueName: String { "dequeueReusableCell(withIdentifier:for:)" }

    override func invalidateItemLayout() { isPrepared = false }
    override var layoutIsValid: Bool { isPrepared && preparedWidth == bounds.width }

    override func prepareLayout(counts: [Int]) throws {
        let hook = Hook.TableViewDelegate.heightForRowAt
        let delegate = self.delegate
        let asks = try delegate.map { try world.responds($0, hook) } ?? false
        var y = 0.0
        tops = []
        tops.reserveCapacity(counts.count)
        for (section, count) in counts.enumerated() {
            var sectionTops: [Double] = [y]
            sectionTops.reserveCapacity(count + 1)
            for row in 0..<count {
                var height = rowHeight
                if asks, let delegate {
                    let path = ListIndexPath(item: row, section: section)
                    let value = try world.callScript(delegate, hook, [.object(self), .indexPath(path)])
                    guard let h = value.number, h.isFinite, h >= 0 else {
                        throw world.hookError(delegate, hook, "\(hook) must return a finite height ≥ 0 for \(path) (got \(value.traceDescription))")
                    }
                    height = h
                }
                y += height
                sectionTops.append(y)
            }
            tops.append(sectionTops)
        }
        guard y.isFinite else { throw ModelUsageError.list("the rows' heights add up to more than a finite length") }
        contentSize = Size(width: bounds.width, height: y)
        isPrepared = true
        preparedWidth = bounds.width
    }

    override func itemFrame(at path: ListIndexPath) -> Rect? {
        guard path.section >= 0, path.section < tops.count, path.item >= 0, path.item + 1 < tops[path.section].count else { return nil }
        let top = tops[path.section][path.item]
        return Rect(x: 0, y: top, width: bounds.width, height: tops[path.section][path.item + 1] - top)
    }

    override func indexPaths(in rect: Rect) -> [ListIndexPath] {
        guard rect.width > 0 || rect.height > 0, rect.maxX > 0, rect.minX < bounds.width else { return [] }
        var result: [ListIndexPath] = []
        // Sections in order; a section's rows by binary search on their tops.
        var s = firstIndex(tops.count) { tops[$0].last! > rect.minY }
        while s < tops.count, tops[s].first! < rect.maxY {
            let rows = tops[s]
            var r = firstIndex(rows.count - 1) { rows[$0 + 1] > rect.minY }
            while r < rows.count - 1, rows[r] < rect.maxY {
                // A row of height 0 shows nothing.
                if rows[r + 1] > rows[r] { result.append(ListIndexPath(item: r, section: s)) }
                r += 1
            }
            s += 1
        }
        return result
    }

    override func configure(_ cell: ListCell) {
        guard let cell = cell as? TableViewCell else { return }
        cell.separatorInsetLeft = separatorInset.left
        cell.separator.isHidden = separatorStyle == .none
        cell.setNeedsLayout()
    }

    /// UIKit's rectForRow(at:): the row's frame in the table's content.
    public func rect(forRow path: ListIndexPath) throws -> Rect? {
        try prepareIfNeeded()
        return itemFrame(at: path)
    }

    public enum RowScrollPosition: String, CaseIterable, Sendable { case none, top, middle, bottom }

    /// UIKit's scrollToRow(at:at:animated:) (set at once): `none` scrolls the least that shows
    /// the row whole, and not at all when it already is.
    public func scrollToRow(at path: ListIndexPath, at position: RowScrollPosition) throws {
        try prepareIfNeeded()
        try requireValid(path, "scrollToRow")
        guard let frame = itemFrame(at: path) else { return }
        let vertical: ScrollPosition
        switch position {
        case .none: vertical = .nearest
        case .top: vertical = .top
        case .middle: vertical = .middle
        case .bottom: vertical = .bottom
        }
        try setContentOffset(offset(showing: frame, vertical: vertical, horizontal: nil))
    }
}

public final class TableViewController: ViewController {
    public override class var className: String { "UITableViewController" }

    /// UIKit's loadView: a plain table filling the screen whose data source and delegate are
    /// this controller.
    override func makeDefaultView() throws -> View {
        let view = TableView(world: world, frame: world.screen.bounds)
        view.dataSource = self
        view.delegate = self
        return view
    }

    public func tableView() throws -> TableView? { try loadViewIfNeeded() as? TableView }
}
