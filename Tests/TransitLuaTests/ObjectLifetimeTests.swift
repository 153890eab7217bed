import CLua
import Testing
@testable import TransitCore
@testable import TransitLua

// How long host objects and their per-object tables live (docs/semantics.md, "Per-object
// tables"): tables stay while the model holds the object, and cycles that only scripts keep
// (a table pointing back at its object, a view controller whose view points back at it) are
// collected like any Lua cycle. Fields are kept on instances of Lua subclasses, where scripts
// keep their own data.

/// Full collections, each followed by a call into the host from the script: the host looks
/// at its object graph at such calls once a cycle has ended.
private let collectCycles = "for _ = 1, 6 do collectgarbage() ; local _ = CGRect(0, 0, 1, 1) ; UIView.new() end"

private let classes = """
    Card = UIView:subclass("Card")
    Screen = UIViewController:subclass("Screen")
    """

@Suite struct ObjectLifetimeTests {
    @Test func aTableThatPointsBackAtItsObjectIsCollected() throws {
        let h = try Harness()
        weak var released: View?
        do {
            let view = View(world: h.world)
            released = view
            h.runtime.push(view)
            lua_setglobal(h.runtime.L, "card")
        }
        try h.run("""
            \(classes)
            local view = card
            card = nil
            -- A plain view keeps hook overrides only: this one captures its view.
            view.layoutSubviews = function() return view.frame end
            """)
        try h.run(collectCycles)
        #expect(released == nil)
    }

    @Test func aControllerWhoseViewPointsBackAtItIsCollected() throws {
        let h = try Harness()
        weak var controller: ViewController?
        weak var view: View?
        do {
            let made = ViewController(world: h.world)
            controller = made
            view = try made.loadViewIfNeeded()
            h.runtime.push(made)
            lua_setglobal(h.runtime.L, "vc")
        }
        try h.run("""
            local controller = vc
            vc = nil
            controller.view.layoutSubviews = function() return controller end
            """)
        #expect(controller != nil && view != nil)
        try h.run(collectCycles)
        #expect(controller == nil)
        #expect(view == nil)
    }

    @Test func aTableStaysWhileTheModelHoldsTheObject() throws {
        let h = try Harness()
        try h.run("""
            \(classes)
            local card = Card.new()
            card.note = "kept"
            card.me = card
            transit.window:addSubview(card)
            """)
        try h.run(collectCycles)
        #expect(try h.run("local card = transit.window.subviews[#transit.window.subviews]; return card.note .. ' ' .. tostring(card.me == card)") == "kept true")
        // Once the model lets go and scripts hold nothing, the object and its table go.
        weak var released: View?
        released = h.world.window.subviews.last
        try h.run("transit.window.subviews[#transit.window.subviews]:removeFromSuperview()")
        try h.run(collectCycles)
        #expect(released == nil)
        #expect(h.runtime.rootedObjectCount == 0)
    }

    @Test func aChildKeptOnlyByAHolderThatScriptsKeepKeepsItsTable() throws {
        let h = try Harness()
        try h.run("""
            \(classes)
            holder = UIView.new()
            local card = Card.new()
            card.note = "kept"
            holder:addSubview(card)
            """)
        try h.run(collectCycles)
        #expect(try h.run("return holder.subviews[1].note") == "kept")
        // Handed to the model after the host found it kept only by scripts: still kept.
        try h.run("transit.window:addSubview(holder.subviews[1]); holder = nil")
        try h.run(collectCycles)
        #expect(try h.run("return transit.window.subviews[#transit.window.subviews].note") == "kept")
    }

    @Test func overridesOfObjectsOnlyTheModelHoldsStayCalled() throws {
        let h = try Harness()
        try h.run("""
            \(classes)
            layouts = 0
            function Card:layoutSubviews() layouts = layouts + 1 end
            transit.window:addSubview(Card.new())
            """)
        try h.run(collectCycles)
        try h.run("local card = transit.window.subviews[#transit.window.subviews]; card:setNeedsLayout(); card:layoutIfNeeded()")
        #expect(try h.run("return layouts") == "1")
    }

    @Test func droppedCyclesDoNotAccumulate() throws {
        let h = try Harness()
        try h.run("""
            \(classes)
            for i = 1, 20000 do local card = Card.new(); card.me = card end
            for i = 1, 5000 do local screen = Screen.new(); screen.view.layoutSubviews = function() return screen end end
            """)
        try h.run(collectCycles)
        // 30,000 userdata were made. What is left is bounded by the last sweep's pacing (a
        // sweep waits for half as many new userdata as it last walked), not by what was made:
        // without the sweep all 30,000 stay.
        #expect(h.runtime.userdataCount < 3_000, "\(h.runtime.userdataCount)")
    }
}
