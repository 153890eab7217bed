// UICollectionViewFlowLayout: items in lines (rows when scrolling vertically, columns when
// scrolling horizontally), per Apple's documented rules: a line takes as many items as fit with
// at least `minimumInteritemSpacing` between them inside the section insets; the spacing is then
// "adjusted upward" so the line fills its length (both ends on the insets, one item centred);
// lines are `minimumLineSpacing` apart and as thick as their thickest item, smaller items
// centred in it. The last line of a section with more than one line keeps the spacing of the
// line before it, left-aligned, so its items stand in the columns above (semantics.md, "Lists").
//
// `prepare` computes every item's frame once per change (of the data, the sizes or the width),
// as UIKit's flow layout does; finding what is visible is a binary search over the lines, so a
// scroll costs the visible items only.

public enum ScrollDirection: String, CaseIterable, Sendable { case vertical, horizontal }

/// UICollectionViewLayout: the abstract base (only the flow layout is provided).
public class CollectionViewLayout: HostObject {
    public override class var className: String { "UICollectionViewLayout" }
    public internal(set) weak var collectionView: CollectionView?

    /// Asks the collection view to lay its items out again (UIKit's invalidateLayout).
    public func invalidateLayout() {
        isValid = false
        collectionView?.setNeedsLayout()
    }
    var isValid = false
}

public final class CollectionViewFlowLayout: CollectionViewLayout {
    public override class var className: String { "UICollectionViewFlowLayout" }

    // Apple's defaults: 50 × 50 items, 10 pt between lines and between items, no insets.
    public var itemSize = Size(width: 50, height: 50) { didSet { invalidateLayout() } }
    public var minimumLineSpacing = 10.0 { didSet { invalidateLayout() } }
    public var minimumInteritemSpacing = 10.0 { didSet { invalidateLayout() } }
    public var sectionInset = EdgeInsets.zero { didSet { invalidateLayout() } }
    public var scrollDirection = ScrollDirection.vertical { didSet { invalidateLayout() } }

    struct Line { var firstItem: Int; var count: Int; var start: Double; var end: Double }
    struct Section { var frames: [Rect] = []; var lines: [Line] = []; var start: Double = 0; var end: Double = 0 }
    private(set) var sections: [Section] = []
    public private(set) var contentSize = Size.zero

    /// Lays every item out for a view of `viewSize` (its content inset already taken off),
    /// with each item's size from `size(at:)`.
    func prepare(counts: [Int], viewSize: Size, size: (ListIndexPath) throws -> Size) throws {
        let vertical = scrollDirection == .vertical
        // Along: the scrolling axis; across: the one lines fill.
        func across(_ s: Size) -> Double { vertical ? s.width : s.height }
        func along(_ s: Size) -> Double { vertical ? s.height : s.width }
        let insetBefore = vertical ? sectionInset.left : sectionInset.top
        let insetAfter = vertical ? sectionInset.right : sectionInset.bottom
        let insetStart = vertical ? sectionInset.top : sectionInset.left
        let insetEnd = vertical ? sectionInset.bottom : sectionInset.right
        let available = max(0, across(viewSize) - insetBefore - insetAfter)
        var position = 0.0
        sections = []
        sections.reserveCapacity(counts.count)
        for (sectionIndex, count) in counts.enumerated() {
            var section = Section()
            section.start = position
            position += insetStart
            var sizes: [Size] = []
            sizes.reserveCapacity(count)
            for item in 0..<count { sizes.append(try size(ListIndexPath(item: item, section: sectionIndex))) }
            section.frames = Array(repeating: .zero, count: count)
            var first = 0
            var previous: (count: Int, spacing: Double)?
            var lineStart = position
            while first < count {
                // As many items as fit with the minimum spacing (at least one, however wide).
                var used = across(sizes[first])
                var end = first + 1
                while end < count, used + minimumInteritemSpacing + across(sizes[end]) <= available + 1e-9 {
                    used += minimumInteritemSpacing + across(sizes[end]); end += 1
                }
                let n = end - first
                let thickness = sizes[first..<end].map(along).max() ?? 0
                let itemsLength = sizes[first..<end].map(across).reduce(0, +)
                let isLast = end == count
                var spacing: Double, offset = 0.0
                if isLast, let previous, previous.count > 1 {
                    spacing = previous.spacing          // stand in the columns of the line above
                } else if n == 1 {
                    spacing = 0; offset = (available - itemsLength) / 2
                } else {
                    spacing = (available - itemsLength) / Double(n - 1)
                }
                previous = (n, spacing)
                var cursor = insetBefore + max(0, offset)
                for i in first..<end {
                    let s = sizes[i]
                    let centring = (thickness - along(s)) / 2
                    section.frames[i] = vertical
                        ? Rect(x: cursor, y: lineStart + centring, width: s.width, height: s.height)
                        : Rect(x: lineStart + centring, y: cursor, width: s.width, height: s.height)
                    cursor += across(s) + spacing
                }
                section.lines.append(Line(firstItem: first, count: n, start: lineStart, end: lineStart + thickness))
                lineStart += thickness
                first = end
                if first < count { lineStart += minimumLineSpacing }
            }
            position = (count > 0 ? lineStart : position) + insetEnd
            section.end = position
            sections.append(section)
        }
        // Sizes near the largest doubles add up to infinity: no frame could be placed.
        guard position.isFinite else { throw ModelUsageError.list("the items' sizes, spacing and insets add up to more than a finite length") }
        contentSize = vertical ? Size(width: viewSize.width, height: position) : Size(width: position, height: viewSize.height)
        isValid = true
    }

    func frame(at path: ListIndexPath) -> Rect? {
        guard path.section >= 0, path.section < sections.count, path.item >= 0, path.item < sections[path.section].frames.count else { return nil }
        return sections[path.section].frames[path.item]
    }

    /// The items whose frames overlap `rect`, in index-path order: binary searches over the
    /// sections and their lines, so the cost is the visible items'.
    func indexPaths(in rect: Rect) -> [ListIndexPath] {
        let vertical = scrollDirection == .vertical
        let low = vertical ? rect.minY : rect.minX, high = vertical ? rect.maxY : rect.maxX
        var result: [ListIndexPath] = []
        var s = firstIndex(sections.count) { sections[$0].end > low }
        while s < sections.count, sections[s].start < high {
            let section = sections[s]
            var l = firstIndex(section.lines.count) { section.lines[$0].end > low }
            while l < section.lines.count, section.lines[l].start < high {
                let line = section.lines[l]
                for item in line.firstItem..<(line.firstItem + line.count) where section.frames[item].intersects(rect) {
                    result.append(ListIndexPath(item: item, section: s))
                }
                l += 1
            }
            s += 1
        }
        return result
    }
}

/// The first index in 0..<count where `isAfter` holds (it must be false, then true).
func firstIndex(_ count: Int, where isAfter: (Int) -> Bool) -> Int {
    var low = 0, high = count
    while low < high {
        let mid = (low + high) / 2
        if isAfter(mid) { high = mid } else { low = mid + 1 }
    }
    return low
}
