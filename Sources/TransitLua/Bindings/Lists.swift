import CLua
import TransitCore

// UICollectionView (with UICollectionViewFlowLayout), UITableView, their cells and controllers,
// IndexPath, and the data source and delegate protocols. Index paths are one-based in Lua, as
// Lua lists (and UITabBarController.selectedIndex) are: the first item is
// IndexPath{item = 1, section = 1}, and `items[indexPath.item]` is its data; the model keeps
// UIKit's zero-based numbers (docs/semantics.md, "Lists").

/// IndexPath as Lua sees it: numbers as written (checked to be integers ≥ 1 where used).
struct LuaIndexPath: BridgedValue {
    var item: Double
    var section: Double
    static let luaName = "IndexPath"
    static let fieldNames = ["item", "section"]
    static var hasIntegerFields: Bool { true }
    init(item: Double, section: Double) { self.item = item; self.section = section }
    init(_ path: ListIndexPath) { item = Double(path.item + 1); section = Double(path.section + 1) }
    init(fields f: (Int) -> Double) { self.init(item: f(0), section: f(1)) }
    func field(_ i: Int) -> Double { i == 0 ? item : section }
    var isFinite: Bool { item.isFinite && section.isFinite }
    var scriptValue: ScriptValue? { model.map { .indexPath($0) } }
    var description: String { "(item: \(formatNumber(item)), section: \(formatNumber(section)))" }

    /// The model's index path, when both numbers are integers ≥ 1.
    var model: ListIndexPath? {
        guard item == item.rounded(), section == section.rounded(), item >= 1, section >= 1, item < 1e12, section < 1e12 else { return nil }
        return ListIndexPath(item: Int(item) - 1, section: Int(section) - 1)
    }
}

extension Argument where Value == ListIndexPath {
    /// An IndexPath whose item and section are integers ≥ 1.
    static func indexPath(_ name: String = "indexPath", _ doc: String = "") -> Self {
        Argument(name, .value(LuaIndexPath.luaName), doc) { call, position in
            guard let value = call.runtime.read(LuaIndexPath.self, at: call.index(position)) else {
                throw call.mismatch(position, .value(LuaIndexPath.luaName))
            }
            guard let path = value.model else {
                throw call.fail(argument: position, "(\(name)) must have an integer item and section ≥ 1, the first being IndexPath{item = 1, section = 1} (got IndexPath\(value))")
            }
            return path
        }
    }
}

extension HostCall {
    func push(_ path: ListIndexPath?) {
        if let path { runtime.push(LuaIndexPath(path)) } else { lua_pushnil(L) }
    }

    func pushPaths(_ paths: [ListIndexPath]) {
        lua_createtable(L, Int32(paths.count), 0)
        for (i, path) in paths.enumerated() {
            runtime.push(LuaIndexPath(path))
            lua_rawseti(L, -2, lua_Integer(i + 1))
        }
    }

    /// UICollectionViewLayoutAttributes as a plain table: frame, center, size, indexPath, alpha.
    func pushAttributes(_ frame: Rect, _ path: ListIndexPath) {
        lua_createtable(L, 0, 5)
        runtime.push(frame); lua_setfield(L, -2, "frame")
        runtime.push(frame.center); lua_setfield(L, -2, "center")
        runtime.push(frame.size); lua_setfield(L, -2, "size")
        runtime.push(LuaIndexPath(path)); lua_setfield(L, -2, "indexPath")
        lua_pushnumber(L, 1); lua_setfield(L, -2, "alpha")
    }

    /// A section number (one-based) as the model's zero-based one.
    func section(_ value: Int, _ name: String = "section") throws -> Int {
        guard value >= 1 else { throw fail("\(name) must be ≥ 1, the first section being 1 (got \(value))") }
        return value - 1
    }

    /// `register(cellClass, identifier)`: how the list makes a cell of a class table that is
    /// `base` or a Lua subclass of it (its `new()` runs the class's init).
    func cellFactory(classAt position: Int, base: String) throws -> () throws -> ListCell {
        let classIndex = index(position)
        let chain = lua_type(L, classIndex) == LUA_TTABLE ? ClassChain.boundBase(runtime, ofClassAt: classIndex) : nil
        guard let chain, runtime.api.lineage(chain.bound).contains(where: { $0.name == base }) else {
            throw fail(argument: position, "(cellClass) must be \(base) or a subclass of it made with \(base):subclass(\"Name\") (got \(runtime.typeDescription(at: classIndex)))")
        }
        let reference = LuaValueReference(runtime: runtime, index: classIndex)
        let className = chain.script ?? chain.bound
        return { [weak runtime = self.runtime] in
            guard let runtime else { throw ModelUsageError.list("the scripts that registered \(className) are gone") }
            let L = runtime.L
            let top = lua_gettop(L)
            defer { lua_settop(L, top) }
            reference.push()
            guard transit_pgetfield(L, -1, "new") == LUA_OK, lua_type(L, -1) == LUA_TFUNCTION else {
                throw ModelUsageError.list("\(className) has no new() to make a cell with")
            }
            guard transit_pcall(L, 0, 1) == LUA_OK else { throw runtime.takeError() }
            guard let cell = runtime.object(at: -1) as? ListCell else {
                throw ModelUsageError.list("\(className).new() did not return a \(base) (got \(runtime.typeDescription(at: -1)))")
            }
            return cell
        }
    }
}

extension TransitAPI {
    nonisolated(unsafe) static let listEnums: [APIEnum] = [
        APIEnum(name: "UICollectionViewScrollDirection", cases: ScrollDirection.allCases.map(\.rawValue), doc: "UICollectionViewFlowLayout.scrollDirection"),
        APIEnum(name: "UICollectionViewScrollPosition", cases: CollectionView.ItemScrollPosition.allCases.map(\.rawValue), doc: "scrollToItem positions (a list: one vertical and one horizontal at most)"),
        APIEnum(name: "UITableViewScrollPosition", cases: TableView.RowScrollPosition.allCases.map(\.rawValue), doc: "scrollToRow / selectRow positions"),
        APIEnum(name: "UITableViewCellStyle", cases: TableViewCellStyle.allCases.map(\.rawValue), doc: "UITableViewCell styles"),
        APIEnum(name: "UITableViewCellSelectionStyle", cases: TableViewCellSelectionStyle.allCases.map(\.rawValue), doc: "UITableViewCell.selectionStyle"),
        APIEnum(name: "UITableViewCellSeparatorStyle", cases: TableView.SeparatorStyle.allCases.map(\.rawValue), doc: "UITableView.separatorStyle"),
    ]

    static func listClasses() -> [APIClass] {
        [indexPathClass(), layoutClass(), flowLayoutClass(), collectionCellClass(), collectionViewClass(), collectionControllerClass(),
         tableCellClass(), tableViewClass(), tableControllerClass()]
    }

    private static func indexPathClass() -> APIClass {
        var cls = APIClass(name: "IndexPath", superclass: nil, doc: "A list position (item or row, section), a value; one-based: IndexPath{item = 1, section = 1} is the first item.", isValue: true)
        cls.functions = [
            function("new", .checked("options", .options(indexPathOptions), "{item=, section=} or {row=, section=}"), returns: .value("IndexPath"),
                     doc: "IndexPath(item:section:) or IndexPath(row:section:), one-based") { call, _ in
                try call.checkOptions(1, indexPathOptions) { _ in "Give item or row (the same number), and section" }
                let item = try call.numberOption(1, "item"), row = try call.numberOption(1, "row")
                guard let section = try call.numberOption(1, "section") else { throw call.fail("section is required (the first is 1)") }
                guard (item == nil) != (row == nil) else { throw call.fail("give item or row (the same number), not \(item == nil ? "neither" : "both")") }
                let path = LuaIndexPath(item: item ?? row!, section: section)
                guard path.model != nil else { throw call.fail("item (or row) and section must be integers ≥ 1 (got IndexPath\(path))") }
                call.runtime.push(path)
                return 1
            },
        ]
        func me(_ call: HostCall) throws -> LuaIndexPath {
            guard let p = call.runtime.read(LuaIndexPath.self, at: 1) else { throw call.fail("self must be an IndexPath") }
            return p
        }
        cls.properties = [
            APIProperty(name: "row", type: .number, doc: "the row: the same number as item (UITableView's name)",
                        getter: { call, _ in
                            let item = try me(call).item
                            if item == item.rounded(), abs(item) < 1e15 { lua_pushinteger(call.L, lua_Integer(item)) } else { call.push(item) }
                        }, setter: nil),
        ]
        cls.methods = [
            APIFunction("equalTo", .method, [parameter("other", .value("IndexPath"))], returns: .boolean, doc: "value equality (same as ==)") { call in
                guard let other = call.runtime.read(LuaIndexPath.self, at: 2) else { throw call.argumentError(1, "an IndexPath") }
                call.push(try me(call) == other); return 1
            },
        ]
        return cls
    }

    private static func layoutClass() -> APIClass {
        var cls = APIClass(name: "UICollectionViewLayout", superclass: "NSObject", doc: "A collection view's layout (UICollectionViewFlowLayout is the one provided).", isValue: false)
        cls.matches = { $0 is CollectionViewLayout }
        cls.properties = [
            property("collectionView", .optional(.object("UICollectionView")), "the collection view using it", of: CollectionViewLayout.self,
                     get: { call, l in call.push(l.collectionView) }),
        ]
        cls.methods = [
            method("invalidateLayout", [], "lays the items out again at the next layout pass", of: CollectionViewLayout.self) { _, l in
                l.invalidateLayout(); return 0
            },
            method("layoutAttributesForItem", .indexPath(), returns: .optional(.table),
                   doc: "{frame=, center=, size=, indexPath=, alpha=} of an item (nil when it does not exist)", of: CollectionViewLayout.self) { call, l, path in
                guard let view = l.collectionView, let frame = try view.layoutFrame(at: path) else { call.pushNil(); return 1 }
                call.pushAttributes(frame, path); return 1
            },
            method("collectionViewContentSize", [], returns: .value("CGSize"), "the size of all the items with their insets", of: CollectionViewLayout.self) { call, l in
                if let view = l.collectionView { _ = try view.layoutFrame(at: ListIndexPath(item: 0, section: 0)) }
                call.push((l as? CollectionViewFlowLayout)?.contentSize ?? .zero); return 1
            },
        ]
        return cls
    }

    private static func flowLayoutClass() -> APIClass {
        var cls = APIClass(name: "UICollectionViewFlowLayout", superclass: "UICollectionViewLayout",
                           doc: "Items in lines: rows that wrap when scrolling vertically, columns when horizontally (Apple's flow rules; docs/semantics.md).", isValue: false)
        cls.matches = { $0 is CollectionViewFlowLayout }
        let options = OptionTable.properties(of: cls.name)
        cls.constructorParameters = [propertiesParameter(options, "any writable properties, e.g. {itemSize=, minimumLineSpacing=}")]
        cls.construct = { call in
            let layout = CollectionViewFlowLayout(world: call.runtime.world)
            try call.applyOptions(1, to: layout, options)
            return layout
        }
        func nonNegative(_ name: String, _ doc: String, _ key: ReferenceWritableKeyPath<CollectionViewFlowLayout, Double>) -> APIProperty {
            property(name, .finite(), doc, of: CollectionViewFlowLayout.self, get: { call, l in call.push(l[keyPath: key]) },
                     set: { call, l, value in
                         guard value >= 0 else { throw call.fail("must be ≥ 0 (got \(formatNumber(value)))") }
                         l[keyPath: key] = value
                     })
        }
        cls.properties = [
            property("itemSize", .value(Size.self), "every item's size unless the delegate's sizeForItemAt says (default 50 × 50)", of: CollectionViewFlowLayout.self,
                     get: { call, l in call.push(l.itemSize) },
                     set: { call, l, size in
                         guard size.width >= 0, size.height >= 0 else { throw call.fail("must not be negative (got \(size))") }
                         l.itemSize = size
                     }),
            nonNegative("minimumLineSpacing", "the least space between lines (default 10)", \.minimumLineSpacing),
            nonNegative("minimumInteritemSpacing", "the least space between items of a line; lines are then spread to fill (default 10)", \.minimumInteritemSpacing),
            property("sectionInset", .value(EdgeInsets.self), "room around each section's items (UIEdgeInsets)", of: CollectionViewFlowLayout.self,
                     get: { call, l in call.push(l.sectionInset) }, set: { call, l, value in l.sectionInset = value }),
            property("scrollDirection", .enumeration("", ScrollDirection.self, "UICollectionViewScrollDirection"), "vertical (rows) or horizontal (columns)", of: CollectionViewFlowLayout.self,
                     get: { call, l in call.push(l.scrollDirection.rawValue) }, set: { call, l, value in l.scrollDirection = value }),
        ]
        return cls
    }

    /// What both cells share: contentView, selection, reuse.
    private static func cellMembers<C: ListCell>(_ type: C.Type, _ className: String) -> (properties: [APIProperty], methods: [APIFunction], hooks: [APIFunction]) {
        let properties = [
            property("contentView", .object("UIView"), "where the cell's content goes (fills the cell)", of: ListCell.self,
                     get: { call, c in call.push(c.contentView) }),
            property("reuseIdentifier", .optional(.string), "the identifier it was dequeued with", of: ListCell.self,
                     get: { call, c in call.push(c.reuseIdentifier) }),
            property("isSelected", .boolean(), "selected (the list sets it; shows selectedBackgroundView)", of: ListCell.self,
                     get: { call, c in call.push(c.isSelected) }, set: { call, c, value in c.isSelected = value }),
            property("isHighlighted", .boolean(), "highlighted (shows selectedBackgroundView)", of: ListCell.self,
                     get: { call, c in call.push(c.isHighlighted) }, set: { call, c, value in c.isHighlighted = value }),
            property("selectedBackgroundView", .optional(.object("", View.self)), "shown behind the content while selected or highlighted", of: ListCell.self,
                     get: { call, c in call.push(c.selectedBackgroundView) }, set: { call, c, value in c.selectedBackgroundView = value }),
        ]
        let methods = [
            method("prepareForReuse", [], "UIKit's (does nothing): override it to reset the cell; the list calls it just before dequeue returns a reused cell", of: ListCell.self) { _, c in
                try c.prepareForReuse(); return 0
            },
        ]
        let hooks = [
            hook(Hook.ListCell.prepareForReuse, [], swift: "func prepareForReuse()", "a reused cell is about to be returned by dequeue (call the base with \(className).prepareForReuse(self))"),
        ]
        return (properties, methods, hooks)
    }

    private static func collectionCellClass() -> APIClass {
        var cls = APIClass(name: "UICollectionViewCell", superclass: "UIView", doc: "A collection view's cell; subclass it and register the class.", isValue: false)
        cls.isSubclassable = true
        cls.matches = { $0 is CollectionViewCell }
        let options = OptionTable.properties(of: cls.name)
        cls.constructorParameters = [viewOptionsParameter(options, "any writable properties, e.g. {frame=}")]
        cls.construct = { call in
            let cell = CollectionViewCell(world: call.runtime.world)
            try call.applyOptions(1, to: cell, options)
            return cell
        }
        let shared = cellMembers(CollectionViewCell.self, "UICollectionViewCell")
        cls.properties = shared.properties
        cls.methods = shared.methods
        cls.hooks = shared.hooks
        return cls
    }

    /// Members of UICollectionView and UITableView that are alike but for their names.
    private static func listMembers(_ className: String, _ dataSourceProtocol: String, _ delegateProtocol: String) -> [APIProperty] {
        [
            property("dataSource", .optional(.protocolObject("", dataSourceProtocol)), "gives the counts and the cells (a view controller is held weakly, others strongly)", of: ListView.self,
                     get: { call, l in call.push(l.dataSource) },
                     set: { call, l, newValue in l.dataSource = newValue }),
            property("delegate", .optional(.protocolObject("", delegateProtocol)), "told of selection; also the UIScrollViewDelegate", of: ListView.self,
                     get: { call, l in call.push(l.delegate) },
                     set: { call, l, newValue in
                         l.delegate = newValue
                         l.reloadData()
                     }),
            property("allowsSelection", .boolean(), "whether a tap selects (default true)", of: ListView.self,
                     get: { call, l in call.push(l.allowsSelection) }, set: { call, l, value in l.allowsSelection = value }),
            property("allowsMultipleSelection", .boolean(), "whether a tap adds to the selection, and a second tap deselects (default false)", of: ListView.self,
                     get: { call, l in call.push(l.allowsMultipleSelection) }, set: { call, l, value in l.allowsMultipleSelection = value }),
            property("visibleCells", .list(.object(className == "UICollectionView" ? "UICollectionViewCell" : "UITableViewCell")), "the cells on screen, in index-path order (a copy)", of: ListView.self,
                     get: { call, l in call.pushList(l.visibleCellsInOrder) }),
            property("numberOfSections", .integer, "the data source's count (asked if not yet)", of: ListView.self,
                     get: { call, l in call.push(Double(try l.numberOfSections())) }),
        ]
    }

    private static func listMethods(_ className: String, _ cellClass: String, itemWord: String) -> [APIFunction] {
        let isCollection = className == "UICollectionView"
        let registerName = isCollection ? "register(_:forCellWithReuseIdentifier:)" : "register(_:forCellReuseIdentifier:)"
        return [
            method("register", .checked("cellClass", .table, "\(cellClass) or a Lua subclass of it"), .string("identifier"),
                   doc: "\(registerName): dequeue makes cells of this class for the identifier", of: ListView.self) { call, l, _, identifier in
                l.register(identifier, try call.cellFactory(classAt: 1, base: cellClass)); return 0
            },
            method("cellFor\(itemWord)", .indexPath(), returns: .optional(.object(cellClass)),
                   doc: "the cell showing the \(itemWord.lowercased()), nil when it is not visible", of: ListView.self) { call, l, path in
                call.push(l.cell(at: path)); return 1
            },
            method("indexPath", .object("cell", ListCell.self, cellClass), returns: .optional(.value("IndexPath")),
                   doc: "indexPath(for:): where a visible cell is, nil otherwise", of: ListView.self) { call, l, cell in
                call.push(l.indexPath(for: cell)); return 1
            },
            method("indexPathFor\(itemWord)", .value("point", Point.self, "in the list's coordinates (its content)"), returns: .optional(.value("IndexPath")),
                   doc: "indexPathFor\(itemWord)(at:): the \(itemWord.lowercased()) under a point", of: ListView.self) { call, l, point in
                call.push(try l.indexPath(at: point)); return 1
            },
            method("reloadData", [], "forgets the counts and cells; the data source is asked again at the next layout pass (selection cleared)", of: ListView.self) { _, l in
                l.reloadData(); return 0
            },
            method(isCollection ? "numberOfItems" : "numberOfRows", .integer("section", "1-based"), returns: .integer,
                   doc: "the data source's count for a section", of: ListView.self) { call, l, section in
                call.push(Double(try l.numberOfItems(inSection: try call.section(section)))); return 1
            },
        ]
    }

    private static func collectionViewClass() -> APIClass {
        var cls = APIClass(name: "UICollectionView", superclass: "UIScrollView",
                           doc: "A scroll view of items laid out by a flow layout; only visible items have cells (docs/semantics.md, \"Lists\").", isValue: false)
        cls.isSubclassable = true
        cls.matches = { $0 is CollectionView }
        let options = OptionTable.properties(of: cls.name)
        cls.constructorParameters = [propertiesParameter(options, "{frame=, collectionViewLayout=} (the layout is required) and any writable properties")]
        cls.construct = { call in
            var layout: CollectionViewFlowLayout?
            if call.isTable(1), call.field(1, "collectionViewLayout") {
                defer { transit_pop(call.L, 1) }
                layout = call.runtime.object(at: -1) as? CollectionViewFlowLayout
                guard layout != nil else {
                    throw call.fail("option collectionViewLayout must be a UICollectionViewFlowLayout (got \(call.runtime.typeDescription(at: -1)))")
                }
            } else if call.isTable(1) { transit_pop(call.L, 1) }
            guard let layout else {
                throw call.fail("UICollectionView must be initialized with a non-nil layout: UICollectionView.new{frame = ..., collectionViewLayout = UICollectionViewFlowLayout.new()}")
            }
            let view = CollectionView(world: call.runtime.world, layout: layout)
            try call.applyOptions(1, to: view, options)
            return view
        }
        cls.properties = listMembers("UICollectionView", Hook.CollectionViewDataSource.protocolName, Hook.CollectionViewDelegate.protocolName) + [
            property("collectionViewLayout", .object("", CollectionViewFlowLayout.self), "the layout (setting it lays the items out again)", of: CollectionView.self,
                     get: { call, c in call.push(c.collectionViewLayout) }, set: { call, c, layout in c.setCollectionViewLayout(layout) }),
            property("indexPathsForVisibleItems", .list(.value("IndexPath")), "the visible items, in order", of: CollectionView.self,
                     get: { call, c in call.pushPaths(c.indexPathsForVisibleItems) }),
            property("indexPathsForSelectedItems", .list(.value("IndexPath")), "the selected items, in order", of: CollectionView.self,
                     get: { call, c in call.pushPaths(c.indexPathsForSelectedItems) }),
        ]
        cls.methods = listMethods("UICollectionView", "UICollectionViewCell", itemWord: "Item") + [
            method("dequeueReusableCell", .checked("identifier", .union([.string, .options(TransitAPI.dequeueOptions(identifierKey: "withReuseIdentifier"))]), "the reuse identifier, or {withReuseIdentifier =, [\"for\"] = indexPath}"),
                   .checked("indexPath", .optional(.value(LuaIndexPath.luaName)), "with an identifier string"), returns: .object("UICollectionViewCell"),
                   doc: "dequeueReusableCell(withReuseIdentifier:for:): a reused cell (after its prepareForReuse) or a new one of the registered class", of: CollectionView.self) { call, c, _, _ in
                let (identifier, given) = try call.dequeueArguments(identifierKey: "withReuseIdentifier")
                guard let path = given else { throw call.fail("needs the index path: dequeueReusableCell(identifier, indexPath) or {withReuseIdentifier =, [\"for\"] = indexPath}") }
                guard try c.isValid(path) else { throw call.fail(argument: 2, "(indexPath) \(path) is not an item of the collection view") }
                guard let cell = try c.dequeueCell(identifier) else {
                    throw call.fail("could not dequeue a view of kind: UICollectionElementKindCell with identifier \(identifier) - must register a class for the identifier (collectionView:register(Cell, \"\(identifier)\"))")
                }
                call.push(cell); return 1
            },
            method("layoutAttributesForItem", .indexPath(), returns: .optional(.table),
                   doc: "{frame=, center=, size=, indexPath=, alpha=} of an item in the content (nil when it does not exist)", of: CollectionView.self) { call, c, path in
                guard let frame = try c.layoutFrame(at: path) else { call.pushNil(); return 1 }
                call.pushAttributes(frame, path); return 1
            },
            method("scrollToItem", .indexPath(), .checked("scrollPosition", .union([.enumeration("UICollectionViewScrollPosition"), .list(.enumeration("UICollectionViewScrollPosition"))]), "a position or a list of them ({} scrolls the least)"),
                   .optional(.boolean("animated", "accepted; the offset is set at once"), default: false),
                   doc: "scrollToItem(at:at:animated:): scrolls so the item is at the position (stopping at the content's edges)", of: CollectionView.self) { call, c, path, index, _ in
                let positions: [CollectionView.ItemScrollPosition] = lua_type(call.L, index) == LUA_TSTRING
                    ? [try call.enumeration(2, CollectionView.ItemScrollPosition.self, "UICollectionViewScrollPosition")]
                    : try call.enumList(2, CollectionView.ItemScrollPosition.self, "UICollectionViewScrollPosition")
                try c.scrollToItem(at: path, at: Set(positions)); return 0
            },
            method("selectItem", .optional(.indexPath()), .optional(.boolean("animated", "accepted"), default: false),
                   .optional(.checked("scrollPosition", .union([.enumeration("UICollectionViewScrollPosition"), .list(.enumeration("UICollectionViewScrollPosition"))]), "where to scroll it ({} or nil: not at all)")),
                   doc: "selectItem(at:animated:scrollPosition:): selects without telling the delegate (nil deselects all)", of: CollectionView.self) { call, c, path, _, index in
                guard let path else { for p in c.indexPathsForSelectedItems { c.deselect(p) }; return 0 }
                try c.select(path)
                if let index {
                    let positions: [CollectionView.ItemScrollPosition] = lua_type(call.L, index) == LUA_TSTRING
                        ? [try call.enumeration(3, CollectionView.ItemScrollPosition.self, "UICollectionViewScrollPosition")]
                        : try call.enumList(3, CollectionView.ItemScrollPosition.self, "UICollectionViewScrollPosition")
                    if !positions.isEmpty { try c.scrollToItem(at: path, at: Set(positions)) }
                }
                return 0
            },
            method("deselectItem", .indexPath(), .optional(.boolean("animated", "accepted; deselected at once"), default: false),
                   doc: "deselectItem(at:animated:): without telling the delegate", of: CollectionView.self) { call, c, path, _ in
                c.deselect(path); return 0
            },
        ]
        return cls
    }

    private static func collectionControllerClass() -> APIClass {
        var cls = APIClass(name: "UICollectionViewController", superclass: "UIViewController",
                           doc: "A controller whose view is a collection view, and which is its data source and delegate.", isValue: false)
        cls.isSubclassable = true
        cls.matches = { $0 is CollectionViewController }
        let options = OptionTable.properties(of: cls.name, extra: [.optional("collectionViewLayout", .object("UICollectionViewFlowLayout"), "init(collectionViewLayout:) (default a new flow layout)")])
        cls.constructorParameters = [propertiesParameter(options, "init(collectionViewLayout:): {collectionViewLayout=} (default a new flow layout), title, ...")]
        cls.construct = { call in
            var layout = CollectionViewFlowLayout(world: call.runtime.world)
            if call.isTable(1), call.field(1, "collectionViewLayout") {
                defer { transit_pop(call.L, 1) }
                guard let given = call.runtime.object(at: -1) as? CollectionViewFlowLayout else {
                    throw call.fail("option collectionViewLayout must be a UICollectionViewFlowLayout (got \(call.runtime.typeDescription(at: -1)))")
                }
                layout = given
            } else if call.isTable(1) { transit_pop(call.L, 1) }
            let controller = CollectionViewController(world: call.runtime.world, layout: layout)
            try call.applyOptions(1, to: controller, options)
            return controller
        }
        cls.properties = [
            property("collectionView", .optional(.object("UICollectionView")), "its view (loaded on first access)", of: CollectionViewController.self,
                     get: { call, c in call.push(try c.collectionView()) }),
            property("collectionViewLayout", .object("UICollectionViewFlowLayout"), "the layout it was made with", of: CollectionViewController.self,
                     get: { call, c in call.push(c.collectionViewLayout) }),
        ]
        return cls
    }

    private static func tableCellClass() -> APIClass {
        var cls = APIClass(name: "UITableViewCell", superclass: "UIView", doc: "A table view's row: a text label (and a detail label but in the default style) in a content view.", isValue: false)
        cls.isSubclassable = true
        cls.matches = { $0 is TableViewCell }
        let options = OptionTable.properties(of: cls.name, extra: [
            .optional("style", .enumeration("UITableViewCellStyle"), "init(style:reuseIdentifier:)'s style (default \"default\")"),
            .optional("reuseIdentifier", .string, "init(style:reuseIdentifier:)'s identifier"),
        ])
        cls.constructorParameters = [propertiesParameter(options, "init(style:reuseIdentifier:): {style=, reuseIdentifier=} and any writable properties")]
        cls.construct = { call in
            var style = TableViewCellStyle.default
            var identifier: String?
            if call.isTable(1) {
                if call.field(1, "style") {
                    defer { transit_pop(call.L, 1) }
                    guard let text = call.runtime.string(at: -1), lua_type(call.L, -1) == LUA_TSTRING, let value = TableViewCellStyle(rawValue: text) else {
                        throw call.fail(lua_type(call.L, -1) == LUA_TSTRING ? call.runtime.unknownEnumMessage("UITableViewCellStyle", call.runtime.string(at: -1) ?? "")
                                        : "option style must be a UITableViewCellStyle string (got \(call.runtime.typeDescription(at: -1)))")
                    }
                    style = value
                } else { transit_pop(call.L, 1) }
                if call.field(1, "reuseIdentifier") {
                    defer { transit_pop(call.L, 1) }
                    guard lua_type(call.L, -1) == LUA_TSTRING else { throw call.fail("option reuseIdentifier must be a string (got \(call.runtime.typeDescription(at: -1)))") }
                    identifier = call.runtime.string(at: -1)
                } else { transit_pop(call.L, 1) }
            }
            let cell = TableViewCell(world: call.runtime.world, style: style, reuseIdentifier: identifier)
            try call.applyOptions(1, to: cell, options)
            return cell
        }
        let shared = cellMembers(TableViewCell.self, "UITableViewCell")
        cls.properties = shared.properties + [
            property("textLabel", .object("UILabel"), "the main label", of: TableViewCell.self, get: { call, c in call.push(c.textLabel) }),
            property("detailTextLabel", .optional(.object("UILabel")), "the second label (nil in the default style)", of: TableViewCell.self,
                     get: { call, c in call.push(c.detailTextLabel) }),
            property("selectionStyle", .enumeration("", TableViewCellSelectionStyle.self, "UITableViewCellSelectionStyle"), "none shows no selection; the others grey (as UIKit since iOS 7)", of: TableViewCell.self,
                     get: { call, c in call.push(c.selectionStyle.rawValue) }, set: { call, c, value in c.selectionStyle = value }),
        ]
        cls.methods = shared.methods
        cls.hooks = shared.hooks
        return cls
    }

    private static func tableViewClass() -> APIClass {
        var cls = APIClass(name: "UITableView", superclass: "UIScrollView",
                           doc: "A scroll view of rows (plain style): only visible rows have cells (docs/semantics.md, \"Lists\").", isValue: false)
        cls.isSubclassable = true
        cls.matches = { $0 is TableView }
        let options = OptionTable.properties(of: cls.name, extra: [.optional("style", .string, "init(frame:style:)'s style: only \"plain\" is modelled")])
        cls.constructorParameters = [propertiesParameter(options, "{frame=, style=\"plain\"} and any writable properties")]
        cls.construct = { call in
            if call.isTable(1), call.field(1, "style") {
                defer { transit_pop(call.L, 1) }
                guard call.runtime.string(at: -1) == "plain" else {
                    throw call.fail("only the plain style is modelled (got \(call.runtime.typeDescription(at: -1)))")
                }
            } else if call.isTable(1) { transit_pop(call.L, 1) }
            let view = TableView(world: call.runtime.world)
            try call.applyOptions(1, to: view, options)
            return view
        }
        cls.properties = listMembers("UITableView", Hook.TableViewDataSource.protocolName, Hook.TableViewDelegate.protocolName) + [
            property("rowHeight", .finite(), "every row's height unless the delegate's heightForRowAt says (default 44)", of: TableView.self,
                     get: { call, t in call.push(t.rowHeight) },
                     set: { call, t, value in
                         guard value >= 0 else { throw call.fail("must be ≥ 0 (got \(formatNumber(value)); UITableView.automaticDimension is not modelled)") }
                         t.rowHeight = value
                     }),
            property("separatorInset", .value(EdgeInsets.self), "the separators' inset (left 16 by default)", of: TableView.self,
                     get: { call, t in call.push(t.separatorInset) }, set: { call, t, value in t.separatorInset = value }),
            property("separatorStyle", .enumeration("", TableView.SeparatorStyle.self, "UITableViewCellSeparatorStyle"), "singleLine (a hairline under each row) or none", of: TableView.self,
                     get: { call, t in call.push(t.separatorStyle.rawValue) }, set: { call, t, value in t.separatorStyle = value }),
            property("indexPathsForVisibleRows", .list(.value("IndexPath")), "the visible rows, in order", of: TableView.self,
                     get: { call, t in call.pushPaths(t.indexPathsForVisibleItems) }),
            property("indexPathForSelectedRow", .optional(.value("IndexPath")), "the first selected row", of: TableView.self,
                     get: { call, t in call.push(t.indexPathsForSelectedItems.first) }),
            property("indexPathsForSelectedRows", .list(.value("IndexPath")), "the selected rows, in order", of: TableView.self,
                     get: { call, t in call.pushPaths(t.indexPathsForSelectedItems) }),
        ]
        cls.methods = listMethods("UITableView", "UITableViewCell", itemWord: "Row") + [
            method("dequeueReusableCell", .checked("identifier", .union([.string, .options(TransitAPI.dequeueOptions(identifierKey: "withIdentifier"))]), "the reuse identifier, or {withIdentifier =, [\"for\"] = indexPath}"),
                   .checked("indexPath", .optional(.value(LuaIndexPath.luaName)), "with an identifier string"), returns: .optional(.object("UITableViewCell")),
                   doc: "with an indexPath, dequeueReusableCell(withIdentifier:for:) (the identifier must be registered); without, dequeueReusableCell(withIdentifier:), nil when none is queued or registered", of: TableView.self) { call, t, _, _ in
                let (identifier, path) = try call.dequeueArguments(identifierKey: "withIdentifier")
                if let path, !(try t.isValid(path)) { throw call.fail(argument: 2, "(indexPath) \(path) is not a row of the table view") }
                let cell = try t.dequeueCell(identifier)
                if cell == nil, path != nil {
                    throw call.fail("unable to dequeue a cell with identifier \(identifier) - must register a class for the identifier (tableView:register(UITableViewCell, \"\(identifier)\"))")
                }
                call.push(cell); return 1
            },
            method("rectForRow", .indexPath(), returns: .value("CGRect"),
                   doc: "rectForRow(at:): the row's frame in the table's content (CGRect.zero when there is no such row)", of: TableView.self) { call, t, path in
                call.push(try t.rect(forRow: path) ?? .zero); return 1
            },
            method("scrollToRow", .indexPath(), .enumeration("scrollPosition", TableView.RowScrollPosition.self, "UITableViewScrollPosition"),
                   .optional(.boolean("animated", "accepted; the offset is set at once"), default: false),
                   doc: "scrollToRow(at:at:animated:): top, middle, bottom, or none (the least scrolling that shows it)", of: TableView.self) { call, t, path, position, _ in
                try t.scrollToRow(at: path, at: position); return 0
            },
            method("selectRow", .optional(.indexPath()), .optional(.boolean("animated", "accepted"), default: false),
                   .optional(.enumeration("scrollPosition", TableView.RowScrollPosition.self, "UITableViewScrollPosition"), default: .none),
                   doc: "selectRow(at:animated:scrollPosition:): selects without telling the delegate (nil deselects all); none does not scroll", of: TableView.self) { call, t, path, _, position in
                guard let path else { for p in t.indexPathsForSelectedItems { t.deselect(p) }; return 0 }
                try t.select(path)
                if position != .none { try t.scrollToRow(at: path, at: position) }
                return 0
            },
            method("deselectRow", .indexPath(), .optional(.boolean("animated", "accepted; deselected at once"), default: false),
                   doc: "deselectRow(at:animated:): without telling the delegate", of: TableView.self) { call, t, path, _ in
                t.deselect(path); return 0
            },
        ]
        return cls
    }

    private static func tableControllerClass() -> APIClass {
        var cls = APIClass(name: "UITableViewController", superclass: "UIViewController",
                           doc: "A controller whose view is a table view, and which is its data source and delegate.", isValue: false)
        cls.isSubclassable = true
        cls.matches = { $0 is TableViewController }
        let options = OptionTable.properties(of: cls.name)
        cls.constructorParameters = [propertiesParameter(options, "title, ... (the style is plain)")]
        cls.construct = { call in
            let controller = TableViewController(world: call.runtime.world)
            try call.applyOptions(1, to: controller, options)
            return controller
        }
        cls.properties = [
            property("tableView", .optional(.object("UITableView")), "its view (loaded on first access)", of: TableViewController.self,
                     get: { call, c in call.push(try c.tableView()) }),
        ]
        return cls
    }

    static func listProtocols() -> [APIProtocol] {
        let collection = parameter("collectionView", .object("UICollectionView"))
        let table = parameter("tableView", .object("UITableView"))
        let path = parameter("indexPath", .value("IndexPath"))
        typealias CS = Hook.CollectionViewDataSource
        typealias CD = Hook.CollectionViewDelegate
        typealias TS = Hook.TableViewDataSource
        typealias TD = Hook.TableViewDelegate
        return [
            APIProtocol(name: CS.protocolName, doc: "A collection view's data source: its counts and its cells.", hooks: [
                hook(CS.numberOfSections, [collection], returns: .integer, swift: "optional func numberOfSections(in collectionView: UICollectionView) -> Int", "the number of sections (default 1)"),
                hook(CS.numberOfItemsInSection, [collection, parameter("section", .integer, "1-based")], returns: .integer,
                     swift: "func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int", required: true, "the number of items in a section (an integer ≥ 0)"),
                hook(CS.cellForItemAt, [collection, path], returns: .object("UICollectionViewCell"),
                     swift: "func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell", required: true, "a cell from dequeueReusableCell, configured for the item (asked only when it becomes visible)"),
            ], usedAs: "collectionView.dataSource; a UICollectionViewController is its own"),
            APIProtocol(name: CD.protocolName, doc: "A collection view's delegate (also its UIScrollViewDelegate).", hooks: [
                hook(CD.didSelectItemAt, [collection, path], swift: "optional func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath)", "a tap selected the item (after the finger lifted)"),
                hook(CD.didDeselectItemAt, [collection, path], swift: "optional func collectionView(_ collectionView: UICollectionView, didDeselectItemAt indexPath: IndexPath)", "a tap deselected the item (selecting another, or a second tap with multiple selection)"),
            ], usedAs: "collectionView.delegate; a UICollectionViewController is its own"),
            APIProtocol(name: Hook.CollectionViewDelegateFlowLayout.protocolName, doc: "A flow layout's sizes from the collection view's delegate.", hooks: [
                hook(Hook.CollectionViewDelegateFlowLayout.sizeForItemAt, [collection, parameter("layout", .object("UICollectionViewLayout")), path], returns: .value("CGSize"),
                     swift: "optional func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout, sizeForItemAt indexPath: IndexPath) -> CGSize", "an item's size instead of itemSize (asked for every item when the layout is prepared)"),
            ], usedAs: "collectionView.delegate"),
            APIProtocol(name: TS.protocolName, doc: "A table view's data source: its counts and its cells.", hooks: [
                hook(TS.numberOfSections, [table], returns: .integer, swift: "optional func numberOfSections(in tableView: UITableView) -> Int", "the number of sections (default 1)"),
                hook(TS.numberOfRowsInSection, [table, parameter("section", .integer, "1-based")], returns: .integer,
                     swift: "func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int", required: true, "the number of rows in a section (an integer ≥ 0)"),
                hook(TS.cellForRowAt, [table, path], returns: .object("UITableViewCell"),
                     swift: "func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell", required: true, "a cell from dequeueReusableCell, configured for the row (asked only when it becomes visible)"),
            ], usedAs: "tableView.dataSource; a UITableViewController is its own"),
            APIProtocol(name: TD.protocolName, doc: "A table view's delegate (also its UIScrollViewDelegate).", hooks: [
                hook(TD.heightForRowAt, [table, path], returns: .number, swift: "optional func tableView(_ tableView: UITableView, heightForRowAt indexPath: IndexPath) -> CGFloat", "a row's height instead of rowHeight (asked for every row when the table is laid out)"),
                hook(TD.didSelectRowAt, [table, path], swift: "optional func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath)", "a tap selected the row (after the finger lifted)"),
                hook(TD.didDeselectRowAt, [table, path], swift: "optional func tableView(_ tableView: UITableView, didDeselectRowAt indexPath: IndexPath)", "a tap deselected the row (selecting another)"),
            ], usedAs: "tableView.delegate; a UITableViewController is its own"),
        ]
    }
}

extension HostCall {
    /// dequeueReusableCell's arguments in either form: (identifier, indexPath), or the options
    /// table of Swift's labels ({withReuseIdentifier = "cell", ["for"] = indexPath}; a table view's
    /// label is withIdentifier, and either is taken by both).
    func dequeueArguments(identifierKey: String) throws -> (String, ListIndexPath?) {
        func path(at index: Int32, _ what: String) throws -> ListIndexPath? {
            guard lua_type(L, index) > LUA_TNIL else { return nil }  // nil or absent
            guard let value = runtime.read(LuaIndexPath.self, at: index), let model = value.model else {
                throw fail("\(what) must be an IndexPath with an integer item and section ≥ 1, the first being IndexPath{item = 1, section = 1} (got \(runtime.typeDescription(at: index)))")
            }
            return model
        }
        if isTable(1) {
            try checkOptions(1, TransitAPI.dequeueOptions(identifierKey: identifierKey))
            var identifier: String?
            for key in [identifierKey, identifierKey == "withIdentifier" ? "withReuseIdentifier" : "withIdentifier"] where identifier == nil {
                if field(1, key) {
                    defer { transit_pop(L, 1) }
                    guard lua_type(L, -1) == LUA_TSTRING, let text = runtime.string(at: -1) else {
                        throw fail("option \(key) must be a string (got \(runtime.typeDescription(at: -1)))")
                    }
                    identifier = text
                } else {
                    transit_pop(L, 1)
                }
            }
            guard let identifier else { throw fail("option \(identifierKey) (the reuse identifier) is required") }
            _ = field(1, "for")
            defer { transit_pop(L, 1) }
            return (identifier, try path(at: -1, "option for"))
        }
        guard let identifier = runtime.string(at: index(1)) else { throw argumentError(1, "a string") }
        return (identifier, try path(at: index(2), "argument 2 (indexPath)"))
    }
}

extension TransitAPI {
    static let indexPathOptions = OptionTable("IndexPath.Options", "IndexPath{...}: item (or row) and section, one-based", [
        .optional("item", .integer, "the item (a collection view's)"), .optional("row", .integer, "the row (a table view's): the same number as item"),
        .required("section", .integer),
    ])

    /// `dequeueReusableCell{...}`: the identifier under UIKit's label of the list's class
    /// (`withReuseIdentifier` for collection views, `withIdentifier` for table views); the
    /// other label is taken too, as the same identifier.
    static func dequeueOptions(identifierKey: String) -> OptionTable {
        let other = identifierKey == "withIdentifier" ? "withReuseIdentifier" : "withIdentifier"
        let owner = identifierKey == "withIdentifier" ? "UITableView" : "UICollectionView"
        return OptionTable("\(owner).DequeueOptions", "\(owner):dequeueReusableCell's options", [
            .optional(identifierKey, .string, "the reuse identifier given to register (this or \(other) is required)"),
            .optional(other, .string, "the same as \(identifierKey)"),
            .optional("for", .value("IndexPath"), "the index path of the cell"),
        ])
    }
}
