import Foundation
import Testing
@testable import TransitCore
@testable import TransitLua

// The dispatch tables built once per class (ClassInstallation.swift) must resolve exactly as
// the walk they replaced: own table, Lua classes, bound class tables, getters; setters, then
// read-only, then the own table. Messages stay word for word.

/// The message a chunk raises, without its traceback.
private func message(_ h: Harness, _ source: String) throws -> String? {
    try h.error(source).map { String($0.split(separator: "\n", maxSplits: 1).first ?? "") }
}

@Suite struct BridgeDispatchTests {
    @Test func aLuaSubclassOverrideWinsOverTheBoundMethod() throws {
        let h = try Harness()
        #expect(try h.run("""
            local Card = UIView:subclass("Card")
            function Card:layoutIfNeeded() return "card's" end
            local Small = Card:subclass("Small")
            return Card.new():layoutIfNeeded() .. " " .. Small.new():layoutIfNeeded()
            """) == "card's card's")
    }

    @Test func anOwnTableEntryWinsOverTheBoundMethodAndGetter() throws {
        let h = try Harness()
        #expect(try h.run("""
            local v = UIView:subclass("Card").new()
            v.layoutIfNeeded = function() return "own" end
            return v:layoutIfNeeded() .. " " .. tostring(v.alpha)
            """) == "own 1.0")
    }

    @Test func inheritedMethodsGettersAndStaticsResolveThroughTheLineage() throws {
        let h = try Harness()
        #expect(try h.run("""
            local label = UILabel.new{ text = "hi", frame = CGRect(0, 0, 10, 20) }
            transit.window:addSubview(label)
            label:layoutIfNeeded()
            return label.text .. " " .. label.frame.height .. " " .. tostring(label.superview == transit.window)
              .. " " .. tostring(label.animate == UIView.animate) .. " " .. tostring(label.subclass == UILabel.subclass)
            """) == "hi 20.0 true true true")
    }

    @Test func aWrongTypeInAPropertyWriteKeepsItsExactMessage() throws {
        let h = try Harness()
        #expect(try message(h, "local v = UIView.new()\nv.alpha = 'x'") == "test.lua:2: UIView.alpha must be a number (got string)")
        #expect(try message(h, "local v = UILabel.new()\nv.text = 3") == "test.lua:2: UILabel.text must be a string (got number)")
        #expect(try message(h, "local v = UIView.new()\nv.frame = UIView.new()") == "test.lua:2: UIView.frame must be a CGRect (got UIView)")
        #expect(try message(h, "local v = UIView.new()\nv.alpha = 0/0") == "test.lua:2: UIView.alpha: must be a finite number (got nan)")
    }

    @Test func readOnlyPropertiesAndBadKeysKeepTheirMessages() throws {
        let h = try Harness()
        #expect(try message(h, "local v = UIView.new()\nv.superview = nil") == "test.lua:2: UIView.superview is read-only")
        let Card = "local Card = UIView:subclass('Card')\n"
        #expect(try message(h, Card + "local c = Card.new()\nc.layer = nil") == "test.lua:3: Card.layer is read-only")
        #expect(try message(h, "local v = UIView.new()\nv[0/0] = 1") == "test.lua:2: cannot use a nil or NaN key on UIView")
    }

    @Test func methodCallsCheckSelfAndArgumentsWithTheSameMessages() throws {
        let h = try Harness()
        #expect(try message(h, "local v = UIView.new()\nv.layoutIfNeeded()")?.hasPrefix(
            "test.lua:2: UIView.layoutIfNeeded: expected a UIView as self (got no value); call it with ':'") == true)
        #expect(try message(h, "local v = UIView.new()\nv:addSubview(CGRect(0, 0, 1, 1))")
                == "test.lua:2: UIView.addSubview: argument 1 (view) must be a UIView (got CGRect)")
        #expect(try message(h, "local v = UIView.new()\nv:insertSubviewBelow(UIView.new(), nil)")
                == "test.lua:2: UIView.insertSubviewBelow: argument 2 (sibling) must be a UIView (got nil)")
        #expect(try message(h, "local v = UIView.new()\nv.layer:removeAllAnimations(1)")
                == "test.lua:2: CALayer.removeAllAnimations: expected at most 0 arguments (got 1): the Lua form is CALayer:removeAllAnimations()")
        // A layer is not a view: the class check still tells objects apart.
        #expect(try message(h, "local v = UIView.new()\nv:addSubview(v.layer)")
                == "test.lua:2: UIView.addSubview: argument 1 (view) must be a UIView (got CALayer)")
    }

    @Test func identityIsPreservedThroughGettersListsAndCollections() throws {
        let h = try Harness()
        #expect(try h.run("""
            parent = UIView.new()
            local child = UIView:subclass("NotedView").new()
            parent:addSubview(child)
            child.note = "kept"
            return tostring(rawequal(parent.subviews[1], child)) .. " " .. tostring(rawequal(child.superview, parent))
              .. " " .. tostring(rawequal(child.layer, child.layer))
            """) == "true true true")
        h.runtime.collectGarbage()
        h.runtime.collectGarbage()
        #expect(try h.run("return parent.subviews[1].note .. ' ' .. tostring(rawequal(parent.subviews[1], parent.subviews[1]))") == "kept true")
    }

    @Test func userdataThatIsNotOursIsNeverTakenForAnObject() throws {
        let world = World()
        var options = LuaRuntime.Options()
        options.unsafe = true
        let runtime = try LuaRuntime(world: world, options: options)
        // io.stdout is a full userdata of the same size class as ours in some builds.
        #expect(throws: ScriptError.self) { try runtime.evaluate("UIView.new():addSubview(io.stdout)") }
        #expect(try runtime.evaluate("local ok, e = pcall(function() UIView.new():addSubview(io.stdout) end) return e")?
                .hasSuffix("argument 1 (view) must be a UIView (got userdata)") == true)
    }

    @Test func hooksStillSeeOverridesAndBoundMethods() throws {
        let h = try Harness()
        try h.run("""
            local Card = UIView:subclass("Card")
            function Card:layoutSubviews() laidOut = (laidOut or 0) + 1 end
            card = Card.new()
            transit.window:addSubview(card)
            card:setNeedsLayout()
            card:layoutIfNeeded()
            """)
        #expect(try h.run("return laidOut") == "1")
        let card = try #require(h.world.window.subviews.first)
        #expect(h.runtime.overrides(card, "layoutSubviews"))
        #expect(!h.runtime.overrides(card, "addSubview"))
        #expect(try h.runtime.responds(card, "addSubview"))
    }
}
