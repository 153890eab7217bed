import Foundation
import Testing
@testable import TransitCore
@testable import TransitLua

@Suite struct BlockAnimationTests {
    @Test func modelChangesAtOncePresentationFollowsTheCurve() throws {
        let h = try Harness()
        try h.run("""
            v = UIView.new{ frame = CGRect(0, 0, 100, 100) }
            transit.window:addSubview(v)
            UIView.animate(1.0, function() v.alpha = 0 end, function(finished) done = finished end)
            """)
        #expect(try h.run("return v.alpha") == "0.0")
        try h.world.advance(to: 0.25)
        let quarter = try #require(Double(try h.run("return v.layer:presentation().opacity") ?? ""))
        #expect(abs(quarter - (1 - TimingFunction.easeInEaseOut.value(at: 0.25))) < 1e-9)
        try h.world.advance(to: 0.5)
        // easeInEaseOut is symmetric: half way in time is half way in value.
        let half = try #require(Double(try h.run("return v.layer:presentation().opacity") ?? ""))
        #expect(abs(half - 0.5) < 1e-6)
        #expect(try h.run("return tostring(done)") == "nil")
        try h.world.advance(to: 1.0)
        #expect(try h.bool("return done"))
    }

    /// Apple, UIView.AnimationOptions: without overrideInheritedDuration / overrideInheritedCurve
    /// a nested animation "inherits the remaining duration" and "the curve of the in-flight
    /// animation"; with them it keeps the values it was submitted with.
    @Test func aNestedAnimationInheritsTheOuterDurationAndCurveUnlessOverridden() throws {
        let h = try Harness()
        try h.run("""
            a = UIView.new(); b = UIView.new(); c = UIView.new()
            UIView.animate{ duration = 1, options = { "curveLinear" }, animations = function()
                UIView.animate{ duration = 0.2, options = { "curveEaseIn" }, animations = function() a.alpha = 0 end,
                                completion = function() aDone = transit.now() end }
                UIView.animate{ duration = 0.2, options = { "curveEaseIn", "overrideInheritedDuration" },
                                animations = function() b.alpha = 0 end }
                UIView.animate{ duration = 0.2, options = { "curveEaseIn", "overrideInheritedDuration", "overrideInheritedCurve" },
                                animations = function() c.alpha = 0 end }
            end }
            """)
        try h.world.advance(to: 0.1)
        func opacity(_ view: String) throws -> Double {
            try #require(Double(try h.run("return \(view).layer:presentation().opacity") ?? ""))
        }
        // a: the outer's 1 s and linear curve; b: its own 0.2 s on the outer's linear curve;
        // c: its own 0.2 s and easeIn.
        #expect(abs(try opacity("a") - 0.9) < 1e-9)
        #expect(abs(try opacity("b") - 0.5) < 1e-9)
        #expect(abs(try opacity("c") - (1 - TimingFunction.easeIn.value(at: 0.5))) < 1e-9)
        try h.world.advance(to: 2)
        #expect(abs(try #require(Double(try h.run("return aDone") ?? "")) - 1) < 1e-9)
    }

    /// Apple, overrideInheritedOptions: "The option to not inherit the animation type or any
    /// options" — so without it a block nested in a repeating one repeats too.
    @Test func aNestedAnimationInheritsTheOuterOptionsUnlessOverridden() throws {
        let h = try Harness()
        try h.run("""
            a = UIView.new(); b = UIView.new()
            UIView.animate{ duration = 1, options = { "curveLinear", "repeat" }, animations = function()
                UIView.animate(1, function() a.alpha = 0 end)
                UIView.animate{ duration = 1, options = { "overrideInheritedOptions" }, animations = function() b.alpha = 0 end }
            end }
            """)
        try h.world.advance(to: 1.25)
        #expect(abs(try #require(Double(try h.run("return a.layer:presentation().opacity") ?? "")) - 0.75) < 1e-9)
        #expect(try h.run("return b.layer:presentation().opacity") == "0.0")
        #expect(try h.error("UIView.animateKeyframes{ duration = 1, options = { 'overrideInheritedCurve' }, animations = function() end }")?
            .contains("overrideInheritedCurve") == true)
    }

    @Test func interruptingAdditiveAnimationDoesNotJump() throws {
        let h = try Harness()
        try h.run("""
            v = UIView.new{ frame = CGRect(0, 0, 10, 10) }
            UIView.animate(1.0, function() v.center = CGPoint(100, 0) end)
            """)
        try h.world.advance(to: 0.5)
        let before = try #require(Double(try h.run("return v.layer:presentation().position.x") ?? ""))
        try h.run("UIView.animate(1.0, function() v.center = CGPoint(0, 0) end)")
        let after = try #require(Double(try h.run("return v.layer:presentation().position.x") ?? ""))
        #expect(abs(before - after) < 1e-9)
    }

    @Test func transformReplacementCompletesTheOldAnimationUnfinished() throws {
        let h = try Harness()
        try h.run("""
            v = UIView.new{ frame = CGRect(0, 0, 10, 10) }
            UIView.animate(1.0, function() v.transform = CGAffineTransform.scale(2, 2) end, function(f) first = f end)
            """)
        try h.world.advance(to: 0.5)
        try h.run("UIView.animate(1.0, function() v.transform = CGAffineTransform.identity end, function(f) second = f end)")
        try h.world.advance(to: 2)
        #expect(try h.run("return tostring(first) .. ' ' .. tostring(second)") == "false true")
    }

    @Test func addKeyframeOutsideAnimateKeyframesIsAnError() throws {
        let h = try Harness()
        let message = try h.error("UIView.addKeyframe(0, 0.5, function() end)")
        #expect(message?.contains("must be called inside the animations of UIView.animateKeyframes") == true)
        #expect(try h.error("UIView.animate(0/0, function() end)")?.contains("duration must be a finite number") == true)
        #expect(try h.error("UIView.animate{ duration = 1, options = {'curveWobbly'}, animations = function() end }")?.contains("unknown UIViewAnimationOptions \"curveWobbly\"") == true)
    }

    @Test func twoRunsOfASceneSampleIdenticalTimelines() throws {
        let scene = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("scripts/scenes/default.lua")
        func sample() throws -> [LayerSnapshot] {
            let world = World()
            let runtime = try LuaRuntime(world: world)
            runtime.output = { _ in }
            var frames: [LayerSnapshot] = []
            var run = SceneRun()
            run.frameInterval = 1.0 / 30
            run.onFrame = { time in frames.append(world.window.layer.snapshot(at: time)) }
            try runtime.runScene(scene, run)
            return frames
        }
        let first = try sample(), second = try sample()
        #expect(first.count > 30)
        #expect(first == second)
    }
}

@Suite struct TimelineDetailTests {
    @Test func delaysAndCompletionsFireAtExactVirtualTimes() throws {
        let result = try runScene("""
            local v = UIView.new()
            times = {}
            UIView.animate{ duration = 0.3, delay = 0.2, animations = function() v.alpha = 0 end,
              completion = function() times[#times + 1] = transit.now() end }
            transit.wait(0.1)
            duringDelay = v.layer:presentation().opacity
            transit.step(0.05)
            transit.seek(1)
            seeked = transit.now()
            """)
        #expect(try result.number("duringDelay") == 1)
        #expect(abs(try result.number("times[1]") - 0.5) < 1e-12)
        #expect(try result.number("seeked") == 1)
    }

    @Test func autoreverseComesBackAndRepeatNeverCompletes() throws {
        let result = try runScene("""
            a, b = UIView.new(), UIView.new()
            UIView.animate{ duration = 1, options = { "autoreverse", "curveLinear" }, animations = function() a.alpha = 0 end,
              completion = function() autoreverseDone = transit.now() end }
            UIView.animate{ duration = 1, options = { "repeat", "curveLinear" }, animations = function() b.alpha = 0 end,
              completion = function() repeatDone = true end }
            transit.wait(1.5)
            reversing = a.layer:presentation().opacity
            repeating = b.layer:presentation().opacity
            transit.wait(10)
            """)
        // Forward for 1 s then back: at 1.5 s half way back up.
        #expect(abs(try result.number("reversing") - 0.5) < 1e-9)
        #expect(abs(try result.number("repeating") - 0.5) < 1e-9)
        #expect(abs(try result.number("autoreverseDone") - 2) < 1e-9)
        #expect(try result.text("tostring(repeatDone)") == "nil")
    }

    @Test func beginFromCurrentStateInterruptsWithFinishedFalse() throws {
        let result = try runScene("""
            v = UIView.new()
            UIView.animate(1, function() v.alpha = 0 end, function(f) first = f end)
            transit.wait(0.5)
            before = v.layer:presentation().opacity
            UIView.animate{ duration = 1, options = { "beginFromCurrentState" }, animations = function() v.alpha = 1 end,
              completion = function(f) second = f end }
            after = v.layer:presentation().opacity
            transit.wait(2)
            """)
        #expect(abs(try result.number("before") - (try result.number("after"))) < 1e-12)
        #expect(try result.text("tostring(first) .. ' ' .. tostring(second)") == "false true")
    }

    @Test func springFormReachesRestAtItsDuration() throws {
        let result = try runScene("""
            v = UIView.new{ frame = CGRect(0, 0, 10, 10) }
            UIView.animate{ duration = 0.8, dampingRatio = 0.5, animations = function() v.center = CGPoint(105, 5) end,
              completion = function() doneAt = transit.now() end }
            transit.wait(0.3)
            overshootCheck = v.layer:presentation().position.x
            transit.seek(0.8)
            atEnd = v.layer:presentation().position.x
            transit.wait(1)
            """)
        #expect(abs(try result.number("doneAt") - 0.8) < 1e-9)
        // Settled: within 0.1 % of the 100 pt travel at the duration.
        #expect(abs(try result.number("atEnd") - 105) < 0.1 + 1e-9)
    }

    @Test func keyframesHoldUntilTheirStartAndFollowTheirSpans() throws {
        let result = try runScene("""
            v = UIView.new()
            UIView.animateKeyframes{ duration = 1, animations = function()
              UIView.addKeyframe(0.5, 0.5, function() v.alpha = 0 end)
            end, completion = function(f) done = f end }
            transit.wait(0.25)
            held = v.layer:presentation().opacity
            transit.wait(0.5)
            midway = v.layer:presentation().opacity
            transit.wait(1)
            """)
        #expect(try result.number("held") == 1)
        #expect(abs(try result.number("midway") - 0.5) < 1e-9)
        #expect(try result.bool("done"))
    }
}

@Suite struct RemovalAndModeTests {
    @Test func removedAnimationsCompleteUnfinished() throws {
        let result = try runScene("""
            v = UIView.new()
            UIView.animate(1, function() v.alpha = 0 end, function(f) finished = f; at = transit.now() end)
            transit.wait(0.5)
            v.layer:removeAllAnimations()
            transit.wait(0.1)
            onScreen = v.layer:presentation().opacity
            """)
        #expect(try result.bool("finished") == false)
        #expect(abs(try result.number("at") - 0.5) < 1e-12)
        #expect(try result.number("onScreen") == 0)
    }

    @Test func discreteKeyframesJumpAtTheirStart() throws {
        let result = try runScene("""
            v = UIView.new()
            UIView.animateKeyframes{ duration = 1, options = { "calculationModeDiscrete" }, animations = function()
              UIView.addKeyframe(0, 0.5, function() v.alpha = 0.5 end)
              UIView.addKeyframe(0.5, 0.5, function() v.alpha = 0 end)
            end }
            transit.wait(0.25)
            early = v.layer:presentation().opacity
            transit.wait(0.5)
            late = v.layer:presentation().opacity
            """)
        // Discrete (Core Animation): the track is 1 @0, 0.5 @0.5, 0 @1 and each value holds from
        // its key time until the next one.
        #expect(try result.number("early") == 1)
        #expect(try result.number("late") == 0.5)
    }
}
