import Foundation
import Testing
@testable import TransitCore
@testable import TransitLua

// `object.key = value` has two paths (CLua/assignment.c): numbers, booleans and value tables of
// numbers are read and checked in C and handed to the setter; everything else, and every value
// whose check fails, goes to the general Swift path. The C path must take exactly the writes
// the general path accepts, make the same model value from them, and charge the same budget;
// a refusal keeps the general path's message, whichever path saw the value first.

/// The message a chunk raises, without its traceback.
private func message(_ h: Harness, _ source: String) throws -> String? {
    try h.error(source).map { String($0.split(separator: "\n", maxSplits: 1).first ?? "") }
}

@Suite struct PropertyWritePathTests {
    @Test func aValueReadInCMakesTheModelValueTheGeneralPathMakes() throws {
        let h = try Harness()
        // The same rectangle through C (a CGRect, a plain table) and through the general path (a
        // table whose metatable is another one that names the class, which C leaves to Swift).
        #expect(try h.bool("""
            local a, b, c = UIView.new(), UIView.new(), UIView.new()
            a.frame = CGRect(1, 2, 30, 40)
            b.frame = { x = 1, y = 2, width = 30, height = 40 }
            c.frame = setmetatable({ x = 1, y = 2, width = 30, height = 40 }, { __name = "CGRect" })
            return a.frame == b.frame and b.frame == c.frame
              and a.frame.x == 1 and a.frame.y == 2 and a.frame.width == 30 and a.frame.height == 40
            """))
        // Sixteen fields, each in its place: m34 is the twelfth.
        #expect(try h.number("""
            local v = UIView.new()
            local t = CATransform3D.identity
            t.m34 = -1 / 500
            t.m41 = 7
            v.layer.transform = t
            return v.layer.transform.m34 * 1000 + v.layer.transform.m41 * 10 + v.layer.transform.m11
            """) == -2 + 70 + 1)
        // A class whose setters take several value types: each reads its own fields.
        #expect(try h.bool("""
            local layer = UIView.new().layer
            layer.position = CGPoint(5, 6)
            layer.shadowOffset = CGSize(2, 3)
            layer.borderColor = UIColor(0.1, 0.2, 0.3, 0.4)
            layer.bounds = CGRect(0, 0, 7, 8)
            return layer.position.x == 5 and layer.position.y == 6 and layer.shadowOffset.width == 2
              and layer.shadowOffset.height == 3 and layer.borderColor.blue == 0.3 and layer.borderColor.alpha == 0.4
              and layer.bounds.width == 7 and layer.bounds.height == 8
            """))
        #expect(try h.number("local v = UIView.new()\nv.tag = 4.0\nv.tag = -3\nreturn v.tag") == -3)
        #expect(try h.bool("local v = UIView.new()\nv.isHidden = true\nreturn v.isHidden"))
        #expect(try h.number("local v = UIView.new()\nv.layer.cornerRadius = 12.5\nreturn v.layer.cornerRadius") == 12.5)
        // An optional value: a colour through C, nil through the general path.
        #expect(try h.number("local v = UIView.new()\nv.backgroundColor = UIColor(1, 0, 0, 0.25)\nreturn v.backgroundColor.alpha") == 0.25)
        #expect(try h.bool("local v = UIView.new()\nv.backgroundColor = UIColor(1, 0, 0, 1)\nv.backgroundColor = nil\nreturn v.backgroundColor == nil"))
    }

    @Test func aValueTheCChecksRefuseKeepsTheGeneralMessage() throws {
        let h = try Harness()
        // Integers: integral and below 1e15 in magnitude, as Argument.integer reads them.
        #expect(try message(h, "local v = UIView.new()\nv.tag = 2.5") == "test.lua:2: UIView.tag must be an integer (got number)")
        #expect(try message(h, "local v = UIView.new()\nv.tag = 1e15") == "test.lua:2: UIView.tag must be an integer (got number)")
        #expect(try message(h, "local v = UIView.new()\nv.tag = 0/0") == "test.lua:2: UIView.tag must be an integer (got number)")
        #expect(try message(h, "local v = UIView.new()\nv.tag = '1'") == "test.lua:2: UIView.tag must be an integer (got string)")
        #expect(try message(h, "local v = UIView.new()\nv.alpha = 1/0") == "test.lua:2: UIView.alpha: must be a finite number (got inf)")
        #expect(try message(h, "local v = UIView.new()\nv.isHidden = 1") == "test.lua:2: UIView.isHidden must be a boolean (got number)")
        // Value tables: a field that is not a number, a class named otherwise, a field not finite.
        #expect(try message(h, "local v = UIView.new()\nlocal r = CGRect(0, 0, 1, 1)\nr.width = '2'\nv.frame = r")
                == "test.lua:4: UIView.frame must be a CGRect (got CGRect)")
        #expect(try message(h, "local v = UIView.new()\nv.frame = { x = 0, y = 0, width = 1 }")
                == "test.lua:2: UIView.frame must be a CGRect (got table)")
        #expect(try message(h, "local v = UIView.new()\nv.frame = CGSize(1, 1)") == "test.lua:2: UIView.frame must be a CGRect (got CGSize)")
        #expect(try message(h, "local v = UIView.new()\nv.frame = CGRect(0, 0, 1/0, 1)")?.hasPrefix("test.lua:2: UIView.frame: must be finite") == true)
        // A refused write leaves the model as it was.
        #expect(try h.number("local v = UIView.new{ frame = CGRect(0, 0, 5, 5) }\npcall(function() v.frame = CGRect(0, 0, 0/0, 1) end)\nreturn v.frame.width") == 5)
    }

    @Test func anotherClassesSetterCalledWithAnObjectIsRefusedAfterTheValueIsRead() throws {
        // The value (a finite number) is one C reads; the receiver, a view, is no layer.
        let h = try Harness(unsafe: true)
        #expect(try message(h, "local v = UIView.new()\ndebug.getmetatable(v.layer).__newindex(v, 'cornerRadius', 3)")
                == "test.lua:2: cornerRadius is not a property of UIView (another class's metamethod was called with it)")
    }

    @Test func aWriteReadInCChargesTheBudgetAsOneThroughSwift() throws {
        // The same loop, one instruction for instruction, writing a number (C reads it) and a
        // string (Swift reads it): stopped by the budget after the same number of writes.
        var options = LuaRuntime.Options()
        options.budget = 200_000
        let runtime = try LuaRuntime(world: World(device: Device.named("iPhone SE")!), options: options)
        try runtime.evaluate("v = UIView.new()")
        func writesBeforeTheBudgetRanOut(_ write: String) throws -> String? {
            #expect(throws: ScriptError.self) {
                try runtime.evaluate("n = 0\nwhile true do n = n + 1; \(write) end", chunkName: "=test.lua")
            }
            return try runtime.evaluate("return n")
        }
        let inC = try writesBeforeTheBudgetRanOut("v.alpha = 0.5")
        let inSwift = try writesBeforeTheBudgetRanOut("v.name = 'a'")
        #expect(inC != nil)
        #expect(inC == inSwift)
    }

    @Test func aWriteInsideAnAnimationBlockIsRecordedAsAnAnimation() throws {
        let h = try Harness()
        try h.run("""
            v = UIView.new{ frame = CGRect(0, 0, 10, 10) }
            transit.window:addSubview(v)
            UIView.animate(1, function() v.frame = CGRect(100, 0, 10, 10); v.alpha = 0; v.layer.cornerRadius = 4 end)
            """)
        let view = try #require(h.world.window.subviews.first)
        // The model has the new values at once; the layer has an animation for each.
        #expect(view.frame.origin.x == 100 && view.alpha == 0 && view.layer.cornerRadius == 4)
        #expect(!view.layer.animations(of: .position).isEmpty)
        #expect(!view.layer.animations(of: .opacity).isEmpty)
        #expect(!view.layer.animations(of: .cornerRadius).isEmpty)
    }
}
