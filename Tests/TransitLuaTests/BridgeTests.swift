import Foundation
import Testing
@testable import TransitCore
@testable import TransitLua

@Suite struct BridgeIdentityTests {
    @Test func sameHostObjectIsSameLuaValue() throws {
        let h = try Harness()
        #expect(try h.run("""
            local a, b = UIView.new(), UIView.new()
            a:addSubview(b)
            return tostring(b.superview == a) .. " " .. tostring(a.subviews[1] == b) .. " " .. tostring(rawequal(a.subviews[1], b))
            """) == "true true true")
    }

    @Test func perObjectFieldsSurviveLosingTheLuaReference() throws {
        let h = try Harness()
        try h.run("""
            local parent = UIView.new{ name = "parent" }
            transit.window:addSubview(parent)
            -- Fields of one's own need a subclass (a plain UIView refuses unknown keys).
            local child = UIView:subclass("NotedView").new()
            child.note = "kept"
            parent:addSubview(child)
            """)
        h.runtime.collectGarbage()
        h.runtime.collectGarbage()
        #expect(try h.run("return transit.window.subviews[1].subviews[1].note") == "kept")
    }

    @Test func droppedObjectsAreReleased() throws {
        let h = try Harness()
        weak var released: View?
        try h.run("dropped = UIView.new{ name = 'temporary' }; transit.window:addSubview(dropped)")
        released = h.world.window.subviews.first { $0.name == "temporary" }
        #expect(released != nil)
        try h.run("dropped:removeFromSuperview(); dropped = nil")
        h.runtime.collectGarbage()
        h.runtime.collectGarbage()
        #expect(released == nil)
    }
}

@Suite struct SubclassTests {
    @Test func subclassMethodsOverrideHooksAndSuperReachesTheHost() throws {
        let h = try Harness()
        try h.run("""
            Card = UIView:subclass("Card")
            function Card:init(options) self.initialized = true; self.frame = options.frame end
            function Card:layoutSubviews()
              self.layouts = (self.layouts or 0) + 1
              Card.super.layoutSubviews(self)
            end
            card = Card.new{ frame = CGRect(0, 0, 100, 50) }
            transit.window:addSubview(card)
            card:setNeedsLayout()
            card:layoutIfNeeded()
            """)
        #expect(try h.bool("return card.initialized"))
        #expect(try h.run("return card.layouts") == "1")
        #expect(try h.bool("return tostring(card):match('^<Card') ~= nil"))
        #expect(try h.run("return card.frame.width") == "100.0")
        let view = try #require(h.world.window.subviews.last)
        #expect(view.scriptClassName == "Card")
    }

    @Test func constructorArgumentsGoToInitWhenTheClassDefinesIt() throws {
        let h = try Harness()
        // A table of the subclass's own options reaches init (it is not a UIView options table).
        #expect(try h.run("""
            local Swipe = UIView:subclass("Swipe")
            function Swipe:init(options) self.edge = options.edge end
            return Swipe.new{ edge = "left" }.edge
            """) == "left")
        // Without init, the table is the base's options, checked as such.
        #expect(try h.run("""
            local Plain = UIView:subclass("Plain")
            return Plain.new{ frame = CGRect(0, 0, 30, 40) }.frame.height
            """) == "40.0")
        let message = try h.error("local Plain = UIView:subclass('Plain2') return Plain.new{ edge = 'left' }")
        #expect(message?.contains("edge") == true)
    }

    @Test func instanceOverridesAreCalledByTheModel() throws {
        let h = try Harness()
        try h.run("""
            vc = UIViewController.new{ title = "A" }
            calls = {}
            function vc:viewDidLoad() calls[#calls + 1] = "viewDidLoad" end
            function vc:viewWillAppear(animated) calls[#calls + 1] = "viewWillAppear " .. tostring(animated) end
            function vc:viewDidAppear(animated) calls[#calls + 1] = "viewDidAppear" end
            transit.window.rootViewController = vc
            """)
        #expect(try h.run("return table.concat(calls, ', ')") == "viewDidLoad, viewWillAppear false, viewDidAppear")
    }

    @Test func nsObjectSubclassWorksAsAPlainObject() throws {
        let h = try Harness()
        #expect(try h.run("""
            local Animator = NSObject:subclass("Animator")
            function Animator:transitionDuration() return 0.35 end
            local a = Animator()
            return a:transitionDuration()
            """) == "0.35")
    }
}

@Suite struct ValueSemanticsTests {
    /// Swift copies a value on assignment: `var t = CATransform3D.identity; t.m34 = -1 / 500`
    /// (the usual perspective set-up) leaves the identity alone.
    @Test func valueConstantsAreCopiesLikeSwiftValues() throws {
        let h = try Harness()
        #expect(try h.run("""
            local perspective = CATransform3D.identity
            perspective.m34 = -1 / 500
            local affine = CGAffineTransform.identity
            affine.tx = 40
            local zero = CGRect.zero
            zero.width = 10
            local red = UIColor.red
            red.alpha = 0
            return table.concat({ CATransform3D.identity.m34, tostring(CATransform3D.identity.isIdentity),
              CGAffineTransform.identity.tx, CGRect.zero.width, UIColor.red.alpha,
              tostring(rawequal(CGRect.zero, CGRect.zero)), tostring(CGRect.zero == CGRect.zero) }, " ")
            """) == "0.0 true 0.0 0.0 1.0 false true")
        #expect(h.runtime.completions(for: "CATransform3D.iden").contains("CATransform3D.identity"))
    }

    @Test func readingFrameReturnsACopy() throws {
        let h = try Harness()
        #expect(try h.run("""
            local v = UIView.new{ frame = CGRect(10, 20, 30, 40) }
            local f = v.frame
            f.x = 999
            return v.frame.x .. " " .. f.x
            """) == "10.0 999")
    }

    @Test func valuesCompareByValueAndPrintReadably() throws {
        let h = try Harness()
        #expect(try h.bool("return CGRect(1, 2, 3, 4) == CGRect(1, 2, 3, 4)"))
        #expect(try h.bool("return CGRect(1, 2, 3, 4) == CGRect(1, 2, 3, 5)") == false)
        #expect(try h.run("return tostring(CGRect(0, 247, 375, 420))") == "CGRect(0, 247, 375, 420)")
        #expect(try h.run("return CGRect(0, 0, 10, 20).maxY") == "20.0")
        #expect(try h.run("return tostring(UIColor.hex('#FF8000'))") == "UIColor(1, 0.502, 0, 1)")
        #expect(try h.bool("return CGAffineTransform.identity.isIdentity"))
        #expect(try h.bool("local t = CATransform3D.identity; t.m34 = -1/900; return t.m34 == -1/900 and not t.isIdentity"))
    }
}

@Suite struct ErrorMessageTests {
    @Test func wrongArgumentTypeNamesFunctionArgumentAndType() throws {
        let h = try Harness()
        let message = try h.error("""
            local a, b = UIView.new(), UIView.new()
            a:addSubview(b)
            a:insertSubviewBelow(UIView.new(), nil)
            """)
        #expect(message?.hasPrefix("test.lua:3: UIView.insertSubviewBelow: argument 2 (sibling) must be a UIView (got nil)") == true)
    }

    @Test func unknownEnumListsAcceptedValues() throws {
        let h = try Harness()
        let message = try h.error("local vc = UIViewController.new(); vc.modalPresentationStyle = 'sideways'")
        #expect(message?.contains("UIViewController.modalPresentationStyle must be one of \"fullScreen\", \"pageSheet\"") == true)
        #expect(message?.contains("unknown UIModalPresentationStyle \"sideways\"") == true)
    }

    @Test func nanGeometryIsRejectedWithThePropertyName() throws {
        let h = try Harness()
        let message = try h.error("local v = UIView.new(); v.frame = CGRect(0, 0, 0/0, 10)")
        #expect(message?.contains("test.lua:1: UIView.frame: must be finite (got (0, 0, nan, 10))") == true)
        let alpha = try h.error("local v = UIView.new(); v.alpha = math.huge")
        #expect(alpha?.contains("UIView.alpha: must be a finite number (got inf)") == true)
    }

    @Test func readOnlyPropertiesAndDotCallsSayWhatToDo() throws {
        let h = try Harness()
        #expect(try h.error("UIView.new().superview = UIView.new()")?.contains("UIView.superview is read-only") == true)
        #expect(try h.error("local v = UIView.new(); v.addSubview(UIView.new())")?.contains("did you call it with '.' instead of ':'?") == true)
        #expect(try h.error("UIView.new{ colour = UIColor.red }")?.contains("UIView.new: unknown option \"colour\"") == true)
    }

    @Test(.timeLimit(.minutes(1))) func runawayScriptsStopAtTheBudget() throws {
        let world = World()
        var options = LuaRuntime.Options()
        options.budget = 1_000_000
        let runtime = try LuaRuntime(world: world, options: options)
        #expect(throws: ScriptError.self) { try runtime.evaluate("while true do end") }
        #expect(try runtime.evaluate("return 1 + 1") == "2")
    }

    @Test(.timeLimit(.minutes(1))) func memoryBombsEndAndTheStateStaysUsable() throws {
        let world = World()
        var options = LuaRuntime.Options()
        options.memoryLimit = 8 << 20
        let runtime = try LuaRuntime(world: world, options: options)
        do {
            try runtime.evaluate("local t = {} for i = 1, 1e8 do t[i] = ('x'):rep(100) .. i end")
            Issue.record("expected a memory error")
        } catch let error as ScriptError {
            #expect(error.message.contains("memory"))
        }
        #expect(try runtime.evaluate("return #('abc')") == "3")
    }

    @Test func sandboxHidesIoAndOs() throws {
        let h = try Harness()
        #expect(try h.run("return tostring(io) .. ' ' .. tostring(os.execute) .. ' ' .. type(os.clock)") == "nil nil function")
    }
}

@Suite(.timeLimit(.minutes(1))) struct RunawayTests {
    @Test func deepHierarchiesAreRefusedBeforeTheyOverflowTheStack() throws {
        let h = try Harness()
        // The root stays referenced: a hierarchy whose root scripts drop is freed, as under ARC.
        let message = try h.error("local root = UIView.new() local v = root for i = 1, 100000 do local w = UIView.new(); v:addSubview(w); v = w end")
        #expect(message?.contains("deeper than 256 levels") == true)
    }

    @Test func completionsThatRescheduleThemselvesForeverStop() throws {
        #expect(throws: (any Error).self) {
            try runScene("""
                local function again() UIView.animate(0, function() end, again) end
                again()
                transit.wait(1)
                """)
        }
    }

    /// Foundation fires a repeating Timer of interval ≤ 0 every 0.1 ms; on virtual time that is
    /// 10,000 callbacks a second, each with its own budget. A bound stops it with a message;
    /// a timer of a frame's interval runs as before.
    @Test func timersFasterThanAnyScreenStop() throws {
        do {
            _ = try runScene("Timer.scheduledTimer(0, true, function() end)\ntransit.wait(1)")
            Issue.record("expected the 0.1 ms timer to be stopped")
        } catch {
            #expect("\(error)".contains("more than \(World.maximumTicksPerSecond) timer and display-link callbacks in one second"), "\(error)")
        }
        _ = try runScene("""
            local fired = 0
            local timer = Timer.scheduledTimer(1 / 60, true, function() fired = fired + 1 end)
            transit.wait(2)
            timer:invalidate()
            assert(fired == 120, fired)
            """)
    }

    @Test func scenesThatNeverEndStop() throws {
        do {
            _ = try runScene("while true do transit.wait(1) end")
            Issue.record("expected the scene to be stopped")
        } catch let error as ScriptError {
            #expect(error.message.contains("still running after"))
        }
    }

    @Test func waitingInsideACallbackIsAnError() throws {
        do {
            _ = try runScene("""
                local v = UIView.new()
                UIView.animate(0.1, function() v.alpha = 0 end, function() transit.wait(1) end)
                transit.wait(1)
                """)
            Issue.record("expected an error")
        } catch let error as ScriptError {
            #expect(error.message.contains("scene.lua:2: transit.wait: virtual time cannot move from inside a callback"))
        }
    }

    @Test func performWithoutAnimationAppliesAtOnce() throws {
        let result = try runScene("""
            v = UIView.new()
            UIView.animate(1, function()
              UIView.performWithoutAnimation(function() v.alpha = 0.25 end)
            end)
            onScreen = v.layer:presentation().opacity
            """)
        #expect(try result.number("onScreen") == 0.25)
    }
}

@Suite struct DeterminismTests {
    @Test func pairsVisitsKeysInAStableOrder() throws {
        let h = try Harness()
        #expect(try h.run("""
            local t = { zeta = 1, alpha = 2, [3] = "c", [1] = "a", beta = 3, [true] = "t", [false] = "f", [2.5] = "x", gone = 0 }
            local keys = {}
            for k in pairs(t) do
              keys[#keys + 1] = tostring(k)
              t.gone = nil
            end
            return table.concat(keys, " ")
            """) == "1 2.5 3 alpha beta zeta false true")
    }

    @Test func randomNumbersRepeatAcrossRuns() throws {
        let first = try Harness().run("return math.random(1, 1000000) .. ' ' .. math.random()")
        let second = try Harness().run("return math.random(1, 1000000) .. ' ' .. math.random()")
        #expect(first == second)
    }
}
