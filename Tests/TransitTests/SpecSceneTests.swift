import Foundation
import Testing
import TransitLua
@testable import transit

/// What `transit.scene` answers a spec (SpecScene.swift), on Apple's cross dissolve: 0.35 s of
/// easeInOut from alpha 0 to 1, presented at 0.2 s by the default scene.
@Suite struct SpecSceneTests {
    static let crossDissolve = LuaRuntime.defaultScriptsDirectory!.appendingPathComponent("animators/crossDissolve.lua")

    static func run(fps: Double = 60, phases: [String]? = ["present", "dismiss"]) throws -> SpecSceneRun {
        var request = SpecSceneRequest(file: crossDissolve)
        request.fps = fps
        request.phases = phases
        return try SpecSceneRun(request)
    }

    @Test func aTimeBetweenFramesIsExactNotTheNearestFrame() throws {
        let coarse = try Self.run(fps: 60)
        // 0.305 s is between the frames at 18/60 and 19/60, and on the grid of 200 fps.
        let between = try #require(try coarse.layer("toView", at: 0.305)).opacity
        let onGrid = try #require(try Self.run(fps: 200).layer("toView", at: 0.305)).opacity
        #expect(abs(between - onGrid) < 1e-9)
        let before = try #require(try coarse.layer("toView", at: 18.0 / 60)).opacity
        let after = try #require(try coarse.layer("toView", at: 19.0 / 60)).opacity
        #expect(before < between && between < after, "the fade rises through 0.305 s")
    }

    @Test func rolesNameTheViewsOfTheContextsControllers() throws {
        let run = try Self.run()
        let present = try #require(run.transitions.first { $0.phase == "present" })
        let dismiss = try #require(run.transitions.first { $0.phase == "dismiss" })
        #expect(present.to == #"UIViewController "Message""# && present.from == #"UIViewController "Inbox""#)
        #expect(dismiss.from == present.to && dismiss.to == present.from)
        let middle = present.start + 0.175
        #expect(try run.layer("toView", at: middle)?.name == #"UIViewController "Message".view"#)
        #expect(try run.layer("fromView", at: dismiss.start + 0.1)?.name == #"UIViewController "Message".view"#)
        // easeInOut is symmetric: half the alpha at half the time.
        #expect(abs((try run.layer("toView", at: middle)?.opacity ?? -1) - 0.5) < 1e-6)
        // A view's own name finds it as the trace names it (UIView "card").
        #expect(try run.layer("card", at: present.end!)?.name == #"UIView "card""#)
    }

    @Test func aNameNoFrameShowsIsAnErrorNotNil() throws {
        let run = try Self.run()
        #expect(throws: SpecSceneFailure.self) { try run.layer("crad", at: 0.5) }
        // The presented screen is gone once dismissed: nil, since earlier frames showed it.
        let dismiss = try #require(run.transitions.first { $0.phase == "dismiss" })
        #expect(try run.layer("card", at: dismiss.end! + 0.1) == nil)
    }

    @Test func phasesChooseWhatTheDefaultSceneRuns() throws {
        #expect(try Self.run(phases: ["present"]).transitions.map(\.phase) == ["present"])
        #expect(try Self.run(phases: nil).transitions.map(\.phase) == ["present", "dismiss"])
    }

    @Test func anEffectsErrorNamesTheEffectsLine() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("spec-broken-\(getpid()).lua")
        try Data("local A = NSObject:subclass(\"A\")\nfunction A:transitionDuration() return 0.3 end\nfunction A:animateTransition(ctx)\n  error(\"no\")\nend\nreturn A\n".utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        do {
            _ = try SpecSceneRun(SpecSceneRequest(file: file))
            Issue.record("the broken effect ran")
        } catch let failure as SpecSceneFailure {
            #expect(!failure.atCaller)
            #expect(failure.message.hasPrefix("\(file.lastPathComponent):4: no") || failure.message.contains("/\(file.lastPathComponent):4: no"), "\(failure.message)")
        }
    }
}
