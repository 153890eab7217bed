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
        #expect(try h.run("return tostring(done)") == "true")
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
