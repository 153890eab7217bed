import Foundation
import Testing
@testable import TransitCore
@testable import TransitLua

/// Reproducers found by `transit fuzz`: each used to crash or hang the process, and must now
/// end in one clear error from the line that did it.
@Suite(.timeLimit(.minutes(1))) struct HostileScriptTests {
    @Test func hostMetatablesAreProtected() throws {
        let h = try Harness()
        #expect(try h.run("return getmetatable(UIView.new())") == "UIView")
        // The metamethods are out of reach: nothing to call with another self or by hand.
        #expect(try h.run("local mt = getmetatable(UIView.new()) return type(mt) .. ' ' .. tostring(mt.__gc)") == "string nil")
    }

    /// Reached through debug.getmetatable (--unsafe): the metamethods still check self.
    @Test func aHostMetamethodCalledWithAnotherSelfIsRefused() throws {
        let h = try Harness(unsafe: true)
        for call in ["mt.__newindex(nil, 'tag', 1)", "mt.__newindex('s', 'zzz', 1)", "mt.__index(42, 'frame')", "mt.__index({}, 'x')"] {
            let message = try h.error("local mt = debug.getmetatable(UIView.new()) \(call)")
            #expect(message?.contains("test.lua:1:") == true, "\(call)")
            #expect(message?.contains("called with") == true, "\(call): \(message ?? "no error")")
        }
    }

    @Test func anObjectUsedAfterItsGcRanSaysItWasReleased() throws {
        let h = try Harness(unsafe: true)
        let write = try h.error("local v = UIView.new() debug.getmetatable(v).__gc(v) v.tag = 1")
        #expect(write?.contains("was released") == true, "\(write ?? "no error")")
        let read = try h.error("local v = UIView.new() debug.getmetatable(v).__gc(v) return v.frame")
        #expect(read?.contains("was released") == true, "\(read ?? "no error")")
    }

    /// A hang fails through the suite's time limit; each shape must also end the way a chain
    /// that is not a loop would.
    @Test func aClassChainThatLoopsEndsTheLookupInsteadOfHanging() throws {
        let h = try Harness()
        // `super` pointing at itself: `new` climbs `super` to the bound class that builds the
        // object and, reaching none, refuses at the script's line.
        let selfSuper = try h.error("local S = UIView:subclass('S1') rawset(S, 'super', S) local o = S.new() return o.missing")
        #expect(selfSuper?.hasPrefix("test.lua:1: ") == true && selfSuper?.contains("construct") == true, "\(selfSuper ?? "no error")")
        // A metatable whose __index is the class: the lookup gives up, so a field the chain lacks
        // reads nil, as on any subclass instance, and the bound properties are still there.
        try h.run("local S = UIView:subclass('S2') setmetatable(S, { __index = S }) looped = S.new()")
        #expect(try h.value("return looped.missing") == .none)
        #expect(try h.bool("return looped.frame == CGRect(0, 0, 0, 0)"))
    }
}

@Suite(.timeLimit(.minutes(1))) struct ReleasedObjectIdentityTests {
    @Test func theHostHandsOutAFreshHandleAfterAManualGc() throws {
        let h = try Harness(unsafe: true)
        // The window still holds the view; after __gc by hand the old handle is dead, but the
        // host must give scripts a live one for the same view.
        let text = try h.run("""
            local v = UIView.new{ name = "kept" }
            transit.window:addSubview(v)
            debug.getmetatable(v).__gc(v)
            local again = transit.window.subviews[1]
            return tostring(rawequal(again, v)) .. " " .. again.name
            """)
        #expect(text == "false kept")
    }
}

@Suite(.timeLimit(.minutes(1))) struct HostileArgumentTests {
    @Test func aTouchOfAbsurdLengthIsRefusedNotScheduled() throws {
        let h = try Harness()
        for duration in ["1e308", "1e6", "61"] {
            let message = try h.error("transit.touch.pan{ from = CGPoint(375, 100), to = CGPoint(10, 200), duration = \(duration) }")
            #expect(message?.contains("a touch lasts at most 60 s") == true, "\(duration): \(message ?? "no error")")
        }
        #expect(try h.error("transit.touch.pan{ from = CGPoint(375, 100), to = CGPoint(10, 200), duration = 0.4 }") == nil)
    }

    @Test func aClassGetterCalledWithAnObjectOfAnotherClassIsRefused() throws {
        let h = try Harness(unsafe: true)
        let message = try h.error("""
            local label = UILabel.new()
            return debug.getmetatable(label).__index(UIViewController.new(), "text")
            """)
        #expect(message?.contains("test.lua:2:") == true && message?.contains("is not a property of") == true, "\(message ?? "no error")")
    }
}

@Suite(.timeLimit(.minutes(1))) struct HookResultErrorTests {
    @Test func aBadTransitionDurationNamesWhereTheHookIsDefined() throws {
        do {
            _ = try runScene("""
                local A = NSObject:subclass("A")
                function A:transitionDuration(ctx)
                  return "fast"
                end
                function A:animateTransition(ctx) ctx:completeTransition(true) end
                local root = UIViewController.new()
                transit.window.rootViewController = root
                local vc = UIViewController.new()
                vc.modalPresentationStyle = "custom"
                local animator = A.new()
                vc.transitioningDelegate = { animationControllerForPresented = function() return animator end }
                root:present(vc, true)
                transit.wait(1)
                """)
            Issue.record("expected an error")
        } catch let error as ScriptError {
            #expect(error.message.contains("scene.lua:2: transitionDuration must return a finite number ≥ 0 (got \"fast\")"), "\(error.message)")
        }
    }
}

@Suite(.timeLimit(.minutes(1))) struct DurationProblemTests {
    /// A negative duration is a problem (0 is used), named where the hook is defined.
    @Test func aNegativeDurationIsABadDurationProblemAtTheHooksDefinition() throws {
        let result = try runScene("""
            local A = NSObject:subclass("A")
            function A:transitionDuration(ctx)
              return -1
            end
            function A:animateTransition(ctx)
              ctx.containerView:addSubview(ctx:view("to"))
              ctx:completeTransition(true)
            end
            local root = UIViewController.new()
            transit.window.rootViewController = root
            local vc = UIViewController.new()
            vc.modalPresentationStyle = "custom"
            local animator = A.new()
            vc.transitioningDelegate = { animationControllerForPresented = function() return animator end }
            root:present(vc, true)
            transit.wait(1)
            """)
        #expect(result.world.problemRecords.map(\.id) == [.badDuration])
        #expect(result.world.problemRecords.first?.message.contains("scene.lua:2: transitionDuration returned -1 for the presentation") == true,
                "\(result.world.problems)")
    }
}

@Suite(.timeLimit(.minutes(1))) struct PresentationLayerTests {
    @Test func presentationValuesAreReadOnly() throws {
        let h = try Harness()
        let message = try h.error("local v = UIView.new()\nv.layer:presentation().opacity = 0.5")
        #expect(message?.contains("test.lua:2: CALayer.presentation() is read-only (setting opacity)") == true, "\(message ?? "no error")")
        #expect(try h.run("local v = UIView.new() v.alpha = 0.25 return v.layer:presentation().opacity") == "0.25")
    }

    @Test func presentationValuesIterateInKeyOrder() throws {
        let h = try Harness()
        let keys = try h.run("local ks = {} for k in pairs(UIView.new().layer:presentation()) do ks[#ks + 1] = k end return table.concat(ks, ' ')") ?? ""
        let list = keys.split(separator: " ").map(String.init)
        #expect(list == list.sorted() && list.contains("opacity") && list.contains("frame"))
    }
}

@Suite(.timeLimit(.minutes(1))) struct PresentationCycleTests {
    @Test func presentingThePresenterOrTheRootIsRefused() throws {
        let result = try runScene("""
            local A = UIViewController.new{ title = "A" }
            transit.window.rootViewController = A
            local B = UIViewController.new{ title = "B" }
            A:present(B, false)
            transit.wait(0.1)
            local ok, message = pcall(function() B:present(A, false) end)
            transit.log(tostring(ok), message)
            local C = UIViewController.new{ title = "C" }
            B:present(C, false)
            transit.wait(0.1)
            ok, message = pcall(function() C:present(B, false) end)
            transit.log(tostring(ok), message)
            transit.rotate("landscapeLeft")
            transit.wait(0.1)
            """)
        #expect(result.log.count == 2)
        #expect(result.log.first?.contains("false") == true && result.log.first?.contains("root view controller") == true, "\(result.log)")
        #expect(result.log.last?.contains("false") == true && result.log.last?.contains("is already presented") == true, "\(result.log)")
    }
}
