import Foundation
import Testing
@testable import TransitCore
@testable import TransitLua

// UICollectionView, UITableView and their controllers through Lua, asserting UIKit's
// documented behaviour. Expected frames are computed here from Apple's flow layout rules
// (a line takes as many items as fit with minimumInteritemSpacing inside the section insets,
// then the spacing is "adjusted upward" to fill the line; lines are minimumLineSpacing apart),
// not read from Transit. The device is an iPhone SE: 375 × 667 points at 2×.

/// A scene with a collection view controller `vc` (grid `Grid`, cell class `Cell`) whose data
/// source answers from `counts` and records its calls; `body` runs after it is on screen.
private func gridScene(layout: String, counts: String = "{ 7 }", extra: String = "", _ body: String) throws -> SceneResult {
    try runScene("""
        calls = { cells = 0, made = 0, reused = 0, selected = {}, deselected = {} }
        Cell = UICollectionViewCell:subclass("Cell")
        function Cell:init() calls.made = calls.made + 1; self.contentView.backgroundColor = UIColor.systemBlue end
        function Cell:prepareForReuse() calls.reused = calls.reused + 1 end
        Grid = UICollectionViewController:subclass("Grid")
        counts = \(counts)
        function Grid:viewDidLoad() self.collectionView:register(Cell, "cell") end
        function Grid:numberOfSections(cv) return #counts end
        function Grid:numberOfItemsInSection(cv, section) return counts[section] end
        function Grid:cellForItemAt(cv, path)
          calls.cells = calls.cells + 1
          local cell = cv:dequeueReusableCell("cell", path)
          cell.tag = path.item
          return cell
        end
        function Grid:didSelectItemAt(cv, path) calls.selected[#calls.selected + 1] = path.item end
        function Grid:didDeselectItemAt(cv, path) calls.deselected[#calls.deselected + 1] = path.item end
        \(extra)
        layout = \(layout)
        vc = Grid.new{ collectionViewLayout = layout }
        transit.window.rootViewController = vc
        cv = vc.collectionView
        transit.wait(0.1)
        function frameOf(item, section)
          local a = cv:layoutAttributesForItem(IndexPath{ item = item, section = section or 1 })
          return string.format("%g %g %g %g", a.frame.x, a.frame.y, a.frame.width, a.frame.height)
        end
        \(body)
        """)
}

private func rect(_ text: String?) -> Rect? {
    guard let numbers = text?.split(separator: " ").compactMap({ Double($0) }), numbers.count == 4 else { return nil }
    return Rect(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3])
}

/// The message a scene fails with.
private func sceneError(_ source: String) -> String? {
    do { _ = try runScene(source); return nil } catch let error as ScriptError { return error.message } catch { return "\(error)" }
}

@Suite struct DequeueFormTests {
    @Test func dequeueTakesSwiftsLabelsAsAnOptionsTableToo() throws {
        // Swift's dequeueReusableCell(withReuseIdentifier:for:) / (withIdentifier:for:), with its
        // labels as keys, as scripts written from Swift spell it.
        let result = try runScene("""
            Cell = UICollectionViewCell:subclass("Cell")
            Grid = UICollectionViewController:subclass("Grid")
            function Grid:viewDidLoad() self.collectionView:register(Cell, "cell") end
            function Grid:numberOfItemsInSection(cv, section) return 3 end
            function Grid:cellForItemAt(cv, path)
              local cell = cv:dequeueReusableCell{ withReuseIdentifier = "cell", ["for"] = path }
              cell.tag = path.item
              return cell
            end
            vc = Grid.new{ collectionViewLayout = UICollectionViewFlowLayout.new{ itemSize = CGSize(100, 100) } }
            transit.window.rootViewController = vc
            transit.wait(0.1)
            tags = {}
            for _, cell in ipairs(vc.collectionView.visibleCells) do tags[#tags + 1] = string.format("%d", cell.tag) end
            table.sort(tags)
            Rows = UITableViewController:subclass("Rows")
            function Rows:viewDidLoad() self.tableView:register(UITableViewCell, "row") end
            function Rows:numberOfRowsInSection(tv, section) return 2 end
            function Rows:cellForRowAt(tv, path) return tv:dequeueReusableCell{ withIdentifier = "row", ["for"] = path } end
            rows = Rows.new()
            transit.window.rootViewController = rows
            transit.wait(0.1)
            """)
        #expect(try result.text("table.concat(tags, ',')") == "1,2,3")
        #expect(try result.number("#rows.tableView.visibleCells") == 2)
        let missing = sceneError("""
            local cv = UICollectionView.new{ collectionViewLayout = UICollectionViewFlowLayout.new() }
            cv:dequeueReusableCell{ withReuseIdentifier = "cell" }
            """)
        #expect(missing?.contains("scene.lua:2:") == true && missing?.contains("needs the index path") == true, "\(missing ?? "")")
    }
}

@Suite struct FlowLayoutTests {
    @Test func itemsFillLinesAndTheSpacingIsAdjustedUpward() throws {
        let result = try gridScene(layout: """
            UICollectionViewFlowLayout.new{ itemSize = CGSize(100, 80), minimumInteritemSpacing = 10, minimumLineSpacing = 20,
                                             sectionInset = UIEdgeInsets(5, 15, 25, 15) }
            """, counts: "{ 7, 2 }", "")
        // The line is 375 - 15 - 15 = 345 wide; 3 items need 300 + 2 × 10 = 320 ≤ 345, a 4th
        // would need 430. The 45 left over widens the two gaps to 22.5.
        let xs: [Double] = [15, 137.5, 260]   // 15, 15 + 100 + 22.5, 15 + 2 × 122.5
        for item in 0..<6 {
            let y: Double = 5 + Double(item / 3) * 100   // lines of 80 with gaps of 20
            let expected = Rect(x: xs[item % 3], y: y, width: 100, height: 80)
            #expect(rect(try result.text("frameOf(\(item + 1))")) == expected, "item \(item + 1)")
        }
        // The last line of a section with several lines stands in the columns above (semantics.md).
        #expect(rect(try result.text("frameOf(7)")) == Rect(x: 15, y: 205, width: 100, height: 80))
        // Section 1: 5 + 3 lines of 80 + 2 gaps of 20 + 25 = 310. Section 2's single line of two
        // items is spread to both insets.
        #expect(rect(try result.text("frameOf(1, 2)")) == Rect(x: 15, y: 310 + 5, width: 100, height: 80))
        #expect(rect(try result.text("frameOf(2, 2)")) == Rect(x: 375 - 15 - 100, y: 315, width: 100, height: 80))
        #expect(try result.number("cv.contentSize.height") == Double(310 + 5 + 80 + 25))
        #expect(try result.number("cv.contentSize.width") == Double(375))
    }

    @Test func aLoneItemIsCentredInItsLine() throws {
        let result = try gridScene(layout: "UICollectionViewFlowLayout.new{ itemSize = CGSize(100, 100) }", counts: "{ 1 }", "")
        #expect(rect(try result.text("frameOf(1)")) == Rect(x: (375 - 100) / 2, y: 0, width: 100, height: 100))
    }

    @Test func horizontalScrollingFillsColumnsTopToBottom() throws {
        let result = try gridScene(layout: """
            UICollectionViewFlowLayout.new{ itemSize = CGSize(100, 100), scrollDirection = "horizontal" }
            """, counts: "{ 5 }", "", )
        // Re-laid out in a 250-point-tall view: 2 items fit a column (210 ≤ 250), gap 50.
        let tall = try runSceneFrames(result, height: 250)
        #expect(tall[0] == Rect(x: 0, y: 0, width: 100, height: 100))
        #expect(tall[1] == Rect(x: 0, y: 150, width: 100, height: 100))
        #expect(tall[2] == Rect(x: 110, y: 0, width: 100, height: 100))
        #expect(tall[3] == Rect(x: 110, y: 150, width: 100, height: 100))
        #expect(tall[4] == Rect(x: 220, y: 0, width: 100, height: 100))
        #expect(try result.number("cv.contentSize.width") == Double(320))
    }

    /// Resizes the collection view and returns the first five items' frames.
    private func runSceneFrames(_ result: SceneResult, height: Double) throws -> [Rect] {
        _ = try result.runtime.evaluate("vc.view.frame = CGRect(0, 0, 375, \(height)); cv:layoutIfNeeded()")
        return try (1...5).map { try #require(rect(try result.text("frameOf(\($0))"))) }
    }

    @Test func theDelegatesSizesMakeLinesAsTallAsTheirTallestItem() throws {
        let result = try gridScene(layout: "UICollectionViewFlowLayout.new()", counts: "{ 3 }", extra: """
            function Grid:sizeForItemAt(cv, layout, path) return path.item == 2 and CGSize(100, 120) or CGSize(100, 60) end
            """, "")
        // 3 × 100 + 2 × 10 fits 375; gaps 37.5; the line is 120 tall and the 60-point items are
        // centred in it.
        #expect(rect(try result.text("frameOf(1)")) == Rect(x: 0, y: 30, width: 100, height: 60))
        #expect(rect(try result.text("frameOf(2)")) == Rect(x: 137.5, y: 0, width: 100, height: 120))
        #expect(rect(try result.text("frameOf(3)")) == Rect(x: 275, y: 30, width: 100, height: 60))
        #expect(try result.number("cv.contentSize.height") == Double(120))
    }
}

@Suite struct CollectionViewTests {
    /// One item per line, 100 tall, no gaps: rows are easy to count on a 667-point screen.
    private let rows = "UICollectionViewFlowLayout.new{ itemSize = CGSize(375, 100), minimumLineSpacing = 0 }"

    @Test func cellsAppearAfterTheFirstLayoutPassAndTheDataSourceIsAskedLazily() throws {
        let result = try runScene("""
            asked = 0
            Grid = UICollectionViewController:subclass("Grid")
            function Grid:viewDidLoad() self.collectionView:register(UICollectionViewCell, "c") end
            function Grid:numberOfItemsInSection(cv, s) asked = asked + 1 return 3 end
            function Grid:cellForItemAt(cv, p) return cv:dequeueReusableCell("c", p) end
            vc = Grid.new()
            transit.window.rootViewController = vc
            before = asked .. " " .. #vc.collectionView.visibleCells
            transit.wait(0.1)
            """)
        #expect(try result.text("before") == "0 0")
        #expect(try result.text("asked") == "1")
        #expect(try result.text("#vc.collectionView.visibleCells") == "3")
        // The controller is its view's data source and delegate, as UICollectionViewController is.
        #expect(try result.bool("vc.collectionView.dataSource == vc and vc.collectionView.delegate == vc"))
        #expect(try result.bool("vc.collectionView.collectionViewLayout == vc.collectionViewLayout"))
    }

    @Test func onlyTheVisibleItemsOfALongListGetCells() throws {
        let result = try gridScene(layout: rows, counts: "{ 10000 }", "")
        // 667 / 100: rows 1 to 7 overlap the screen.
        #expect(try result.text("calls.cells") == "7")
        #expect(try result.text("calls.made") == "7")
        #expect(try result.text("#cv.visibleCells") == "7")
        #expect(try result.bool("#cv.subviews >= 7"))
        #expect(try result.number("cv.contentSize.height") == Double(1000000))
        #expect(try result.number("cv:numberOfItems(1)") == 10000)
    }

    @Test func cellsScrolledOutAreReusedForTheItemsScrolledIn() throws {
        let result = try gridScene(layout: rows, counts: "{ 60 }", """
            first, second = cv:cellForItem(IndexPath{ item = 1, section = 1 }), cv:cellForItem(IndexPath{ item = 2, section = 1 })
            cv.contentOffset = CGPoint(0, 200)
            stale = cv:cellForItem(IndexPath{ item = 1, section = 1 })
            transit.wait(0.1)
            """)
        // The offset moves at once; the cells follow at the next layout pass, as in UIKit.
        #expect(try result.bool("stale == first"))
        // Rows 1-2 scrolled out, 8-9 in: two cells reused (prepareForReuse), none made.
        #expect(try result.text("calls.made") == "7")
        #expect(try result.text("calls.reused") == "2")
        #expect(try result.text("tostring(cv:cellForItem(IndexPath{ item = 1, section = 1 }))") == "nil")
        let reusedSet = "(cv:cellForItem(IndexPath{ item = 8, section = 1 }) == first or cv:cellForItem(IndexPath{ item = 8, section = 1 }) == second)"
        #expect(try result.bool(reusedSet))
        #expect(try result.text("cv:indexPath(first).item + cv:indexPath(second).item") == "17")
        #expect(try result.text("cv.indexPathsForVisibleItems[1].item .. '-' .. cv.indexPathsForVisibleItems[7].item") == "3-9")
        #expect(try result.text("first.reuseIdentifier") == "cell")
    }

    @Test func aTapSelectsTheItemUnderTheFingerAfterItLifts() throws {
        let result = try gridScene(layout: "UICollectionViewFlowLayout.new{ itemSize = CGSize(100, 100) }", counts: "{ 9 }", """
            transit.touch.tap{ at = CGPoint(187, 160) }     -- item 5: the middle of the second row
            transit.wait(0.5)
            afterFirst = table.concat(calls.selected, ",")
            transit.touch.tap{ at = CGPoint(20, 20) }       -- item 1
            transit.wait(0.5)
            transit.touch.tap{ at = CGPoint(120, 20) }      -- the gap between items 1 and 2
            transit.wait(0.5)
            """)
        #expect(try result.text("afterFirst") == "5")
        #expect(try result.text("table.concat(calls.selected, ',')") == "5,1")
        #expect(try result.text("table.concat(calls.deselected, ',')") == "5")
        #expect(try result.bool("cv:cellForItem(IndexPath{ item = 1, section = 1 }).isSelected"))
        #expect(try result.bool("cv:cellForItem(IndexPath{ item = 5, section = 1 }).isSelected") == false)
        #expect(try result.text("#cv.indexPathsForSelectedItems .. ' ' .. cv.indexPathsForSelectedItems[1].item") == "1 1")
    }

    @Test func scrollToItemPutsTheItemWhereAskedAndStopsAtTheEdges() throws {
        let result = try gridScene(layout: rows, counts: "{ 20 }", """
            cv:scrollToItem(IndexPath{ item = 5, section = 1 }, "top", false)
            top = cv.contentOffset.y
            cv:scrollToItem(IndexPath{ item = 10, section = 1 }, "centeredVertically", true)
            middle = cv.contentOffset.y
            cv:scrollToItem(IndexPath{ item = 20, section = 1 }, "top")
            last = cv.contentOffset.y
            """)
        #expect(try result.number("top") == 400)
        #expect(try result.number("middle") == 950 - 667.0 / 2)
        #expect(try result.number("last") == 2000 - 667)
    }

    @Test func aDataSourceReturningGarbageGetsUIKitsError() throws {
        func scene(_ dataSource: String) -> String {
            """
            Grid = UICollectionViewController:subclass("Grid")
            function Grid:viewDidLoad() self.collectionView:register(UICollectionViewCell, "c") end
            \(dataSource)
            transit.window.rootViewController = Grid.new()
            transit.wait(0.1)
            """
        }
        let negative = try #require(sceneError(scene("""
            function Grid:numberOfItemsInSection(cv, s) return -1 end
            function Grid:cellForItemAt(cv, p) return cv:dequeueReusableCell("c", p) end
            """)))
        #expect(negative.contains("scene.lua:3: numberOfItemsInSection must return the number of items, an integer ≥ 0 (got -1)"))
        let missing = try #require(sceneError(scene("""
            function Grid:numberOfItemsInSection(cv, s) return 1 end
            function Grid:cellForItemAt(cv, p) end
            """)))
        #expect(missing.contains("scene.lua:4: cellForItemAt must return a UICollectionViewCell for IndexPath(item: 1, section: 1) (got nil)"))
        let plain = try #require(sceneError(scene("""
            function Grid:numberOfItemsInSection(cv, s) return 1 end
            function Grid:cellForItemAt(cv, p) return UICollectionViewCell.new() end
            """)))
        #expect(plain.contains("does not have a reuseIdentifier"))
        #expect(plain.contains("dequeueReusableCell(withReuseIdentifier:for:)"))
        let unregistered = try #require(sceneError(scene("""
            function Grid:numberOfItemsInSection(cv, s) return 1 end
            function Grid:cellForItemAt(cv, p) return cv:dequeueReusableCell("nope", p) end
            """)))
        #expect(unregistered.contains("scene.lua:4: UICollectionView.dequeueReusableCell: could not dequeue a view of kind: UICollectionElementKindCell with identifier nope - must register"))
        let zero = try #require(sceneError("""
            local cv = UICollectionView.new{ collectionViewLayout = UICollectionViewFlowLayout.new() }
            cv:cellForItem({ item = 0, section = 1 })
            """))
        #expect(zero.contains("scene.lua:2: UICollectionView.cellForItem: argument 1 (indexPath) must have an integer item and section ≥ 1"))
        let noLayout = try #require(sceneError("local cv = UICollectionView.new{ frame = CGRect(0, 0, 10, 10) }"))
        #expect(noLayout.contains("scene.lua:1: UICollectionView.new: UICollectionView must be initialized with a non-nil layout"))
        let notACell = try #require(sceneError("""
            local cv = UICollectionView.new{ collectionViewLayout = UICollectionViewFlowLayout.new() }
            cv:register(UIView, "c")
            """))
        #expect(notACell.contains("scene.lua:2: UICollectionView.register: argument 1 (cellClass) must be UICollectionViewCell or a subclass of it"))
    }

    @Test func indexPathsAreValuesWithRowAndItemTheSame() throws {
        let h = try Harness()
        #expect(try h.run("local p = IndexPath{ row = 3, section = 2 } return p.item .. ' ' .. p.row .. ' ' .. p.section") == "3 3 2")
        #expect(try h.bool("return IndexPath{ item = 1, section = 1 } == IndexPath{ row = 1, section = 1 }"))
        #expect(try h.error("IndexPath{ item = 1 }")?.contains("IndexPath.new: section is required") == true)
        #expect(try h.error("IndexPath{ item = 1.5, section = 1 }")?.contains("must be integers ≥ 1") == true)
    }
}

@Suite struct TableViewTests {
    private func tableScene(rows: Int = 30, extra: String = "", _ body: String) throws -> SceneResult {
        try runScene("""
            calls = { selected = {}, deselected = {}, cells = 0 }
            Table = UITableViewController:subclass("Table")
            function Table:viewDidLoad() self.tableView:register(UITableViewCell, "row") end
            function Table:numberOfRowsInSection(tv, section) return \(rows) end
            function Table:cellForRowAt(tv, path)
              calls.cells = calls.cells + 1
              local cell = tv:dequeueReusableCell("row", path)
              cell.textLabel.text = "Row " .. path.row
              return cell
            end
            function Table:didSelectRowAt(tv, path) calls.selected[#calls.selected + 1] = path.row end
            function Table:didDeselectRowAt(tv, path) calls.deselected[#calls.deselected + 1] = path.row end
            \(extra)
            vc = Table.new()
            transit.window.rootViewController = vc
            tv = vc.tableView
            transit.wait(0.1)
            function rectOf(row)
              local r = tv:rectForRow(IndexPath{ row = row, section = 1 })
              return string.format("%g %g %g %g", r.x, r.y, r.width, r.height)
            end
            \(body)
            """)
    }

    @Test func rowsAre44PointsByDefaultAndTheTableIsTheirDataSource() throws {
        let result = try tableScene("")
        #expect(rect(try result.text("rectOf(1)")) == Rect(x: 0, y: 0, width: 375, height: 44))
        #expect(rect(try result.text("rectOf(3)")) == Rect(x: 0, y: 88, width: 375, height: 44))
        #expect(try result.number("tv.contentSize.height") == Double(30 * 44))
        // 667 / 44 = 15.2: rows 1 to 16 overlap the screen.
        #expect(try result.text("#tv.visibleCells") == "16")
        #expect(try result.text("calls.cells") == "16")
        #expect(try result.bool("tv.dataSource == vc and tv.delegate == vc"))
        #expect(try result.number("tv:cellForRow(IndexPath{ row = 2, section = 1 }).frame.y") == 44)
        #expect(try result.text("tostring(tv:cellForRow(IndexPath{ row = 20, section = 1 }))") == "nil")
        #expect(try result.text("tv:cellForRow(IndexPath{ row = 2, section = 1 }).textLabel.text") == "Row 2")
        #expect(try result.text("tostring(tv:cellForRow(IndexPath{ row = 2, section = 1 }).detailTextLabel)") == "nil")
    }

    @Test func rowFramesFollowTheDelegatesHeights() throws {
        let result = try tableScene(extra: "function Table:heightForRowAt(tv, path) return 20 + 10 * path.row end", "")
        // Row r is 20 + 10r tall and starts where the rows before it end: Σ (20 + 10k), k < r.
        var top = 0.0
        for row in 1...5 {
            let height = 20 + 10 * Double(row)
            #expect(rect(try result.text("rectOf(\(row))")) == Rect(x: 0, y: top, width: 375, height: height))
            top += height
        }
        let total = (1...30).map { 20 + 10 * Double($0) }.reduce(0, +)
        #expect(try result.number("tv.contentSize.height") == total)
    }

    @Test func aTapSelectsTheRowAndSelectionIsTheTablesOwn() throws {
        let result = try tableScene("""
            transit.touch.tap{ at = CGPoint(100, 44 * 2 + 10) }     -- row 3
            transit.wait(0.5)
            selectedCell = tv:cellForRow(IndexPath{ row = 3, section = 1 }).isSelected
            transit.touch.tap{ at = CGPoint(100, 10) }              -- row 1
            transit.wait(0.5)
            tv:deselectRow(IndexPath{ row = 1, section = 1 }, true)
            afterDeselect = tv.indexPathForSelectedRow
            tv:selectRow(IndexPath{ row = 25, section = 1 }, false, "bottom")
            """)
        #expect(try result.text("table.concat(calls.selected, ',')") == "3,1")
        #expect(try result.text("table.concat(calls.deselected, ',')") == "3")
        #expect(try result.bool("selectedCell"))
        #expect(try result.text("tostring(afterDeselect)") == "nil")
        // selectRow tells no delegate and scrolls row 25's bottom (25 × 44) to the view's.
        #expect(try result.text("#calls.selected .. ' ' .. tv.indexPathForSelectedRow.row") == "2 25")
        #expect(try result.number("tv.contentOffset.y") == 25 * 44 - 667)
    }

    @Test func scrollToRowPositions() throws {
        let result = try tableScene("""
            tv:scrollToRow(IndexPath{ row = 10, section = 1 }, "top")
            top = tv.contentOffset.y
            tv:scrollToRow(IndexPath{ row = 11, section = 1 }, "none")
            visibleAlready = tv.contentOffset.y
            tv:scrollToRow(IndexPath{ row = 1, section = 1 }, "none")
            back = tv.contentOffset.y
            tv:scrollToRow(IndexPath{ row = 20, section = 1 }, "middle")
            middle = tv.contentOffset.y
            """)
        #expect(try result.number("top") == 9 * 44)
        #expect(try result.number("visibleAlready") == 9 * 44)
        #expect(try result.number("back") == 0)
        #expect(try result.number("middle") == 19 * 44 + 22 - 667.0 / 2)
    }

    @Test func aSidewaysDragOverAVerticalTableGoesToTheRecognizerAroundIt() throws {
        // Apple, "Nesting Scroll Views": cross-directional scrolling works without code, so a
        // table's pan leaves a drag across its axis to the views around it.
        let result = try tableScene("""
            sideways = 0
            vc.view.superview:addGestureRecognizer(UIPanGestureRecognizer.new(function(g) if g.state == "began" then sideways = sideways + 1 end end))
            transit.touch.pan{ from = CGPoint(300, 300), to = CGPoint(100, 310), duration = 0.3 }
            transit.wait(0.5)
            afterSideways = tv.contentOffset.y
            transit.touch.pan{ from = CGPoint(200, 500), to = CGPoint(210, 300), duration = 0.3 }
            transit.wait(0.5)
            """)
        #expect(try result.number("sideways") == 1)
        #expect(try result.number("afterSideways") == 0)
        // The vertical drag is the table's: it scrolls (by the movement after the pan began,
        // semantics.md "Gestures and scroll views") and the outer pan does not begin again.
        #expect(try result.number("tv.contentOffset.y") > 150)
        #expect(try result.number("sideways") == 1)
    }

    @Test func separatorsAreHairlinesInsetSixteenPoints() throws {
        let result = try tableScene("""
            cell = tv:cellForRow(IndexPath{ row = 1, section = 1 })
            for _, v in ipairs(cell.subviews) do if v.name == "separator" then separator = v end end
            """)
        // A hairline is one pixel: half a point on a 2× screen, at the bottom of the row.
        #expect(rect(try result.text("string.format('%g %g %g %g', separator.frame.x, separator.frame.y, separator.frame.width, separator.frame.height)"))
                == Rect(x: 16, y: 43.5, width: 375 - 16, height: 0.5))
        #expect(try result.bool("separator.isHidden") == false)
    }

    @Test func dequeueWithoutAnIndexPathMayReturnNilAndStylesGiveADetailLabel() throws {
        let result = try runScene("""
            tv = UITableView.new{ frame = CGRect(0, 0, 375, 200) }
            none = tv:dequeueReusableCell("x")
            cell = UITableViewCell.new{ style = "subtitle", reuseIdentifier = "x" }
            cell.detailTextLabel.text = "detail"
            """)
        #expect(try result.text("tostring(none)") == "nil")
        #expect(try result.text("cell.detailTextLabel.text .. ' ' .. cell.reuseIdentifier") == "detail x")
        let unregistered = try #require(sceneError("""
            T = UITableViewController:subclass("T")
            function T:numberOfRowsInSection() return 1 end
            function T:cellForRowAt(tv, p) return tv:dequeueReusableCell("row", p) end
            transit.window.rootViewController = T.new()
            transit.wait(0.1)
            """))
        #expect(unregistered.contains("scene.lua:3: UITableView.dequeueReusableCell: unable to dequeue a cell with identifier row - must register a class"))
        let badHeight = try #require(sceneError("""
            T = UITableViewController:subclass("T")
            function T:numberOfRowsInSection() return 1 end
            function T:heightForRowAt() return "tall" end
            function T:cellForRowAt(tv, p) return UITableViewCell.new() end
            transit.window.rootViewController = T.new()
            transit.wait(0.1)
            """))
        #expect(badHeight.contains("scene.lua:3: heightForRowAt must return a finite height ≥ 0"))
    }
}
