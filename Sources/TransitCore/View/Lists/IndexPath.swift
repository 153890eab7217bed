// IndexPath as UICollectionView and UITableView use it: a section and an item (a table's row is
// the same number). The model keeps UIKit's zero-based numbers; the Lua bridge shows them
// one-based, as Lua lists are (docs/semantics.md, "Lists").

public struct ListIndexPath: Hashable, Comparable, Sendable, CustomStringConvertible {
    public var section: Int
    public var item: Int
    public var row: Int { item }

    public init(item: Int, section: Int) { self.item = item; self.section = section }

    public static func < (a: ListIndexPath, b: ListIndexPath) -> Bool {
        a.section != b.section ? a.section < b.section : a.item < b.item
    }

    /// As scripts write it (one-based).
    public var description: String { "IndexPath(item: \(item + 1), section: \(section + 1))" }
}

/// A reference to a data source or delegate. A view controller is held weakly, as UIKit holds
/// delegates: a UICollectionViewController is its own collection view's data source and
/// delegate, and a strong reference back would make the controller and its view a cycle that is
/// never freed (a controller is held by whatever shows it). Anything else (a script table, an
/// NSObject subclass) is held strongly, as Transit holds its other delegates (semantics.md,
/// "Gestures and scroll views"): nothing else may be holding a table written inline.
public struct DelegateSlot {
    private weak var weakObject: AnyObject?
    private var strongObject: AnyObject?

    public init(_ object: AnyObject?) {
        if object is ViewController { weakObject = object } else { strongObject = object }
    }

    public var object: AnyObject? { strongObject ?? weakObject }
    /// The model object held strongly, for ObjectGraph.
    public var strongHost: HostObject? { strongObject as? HostObject }
}
