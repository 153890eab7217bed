import Foundation
import Testing
@testable import TransitCore
@testable import TransitLua

// Issue 22, items 3 and 4: no false problems for correct patterns (each mutated into a twin that
// must still report), and the new checks (each fixture fails with its id, its twin passes). The
// fixtures live in Tests/Fixtures; Tests/CLI/test_check.py runs them through `transit check`.

private let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Fixtures")

/// Runs `source` as an effect in the default scene; the ids of its problems.
private func problemIDs(_ source: String) throws -> [ProblemID] {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("transit-issue22-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appendingPathComponent("effect.lua")
    try Data(source.utf8).write(to: file)
    let world = World(device: Device.named("iPhone 15")!)
    let runtime = try LuaRuntime(world: world)
    runtime.output = { _ in }
    var run = SceneRun()
    run.effectScene = try #require(LuaRuntime.defaultScriptsDirectory).appendingPathComponent("scenes/default.lua")
    try runtime.runScene(file, run)
    return world.problemRecords.map(\.id)
}

private func fixture(_ path: String) throws -> String {
    try String(contentsOf: fixtures.appendingPathComponent(path), encoding: .utf8)
}

@Suite struct ProblemChecksIssue22Tests {
    @Test func aOnePointOffsetIsNoFinalFrameMismatchButThreePointsAre() throws {
        let source = try fixture("check/ok-card-one-point-offset.lua")
        #expect(try problemIDs(source).isEmpty)
        let mutated = source.replacingOccurrences(of: "TOP_FIX = -1", with: "TOP_FIX = -3")
        #expect(Set(try problemIDs(mutated)) == [.finalFrameMismatch])
    }

    @Test func aPercentDrivenSubclassWithItsOwnStartMayCallSuperUpdate() throws {
        let source = try fixture("check/ok-percent-subclass-super-update.lua")
        #expect(try problemIDs(source).isEmpty)
        let never = source.replacingOccurrences(of: "if state.interacting then return self end", with: "if false then return self end")
        // Once per controller, however many updates the gesture sends.
        #expect(try problemIDs(never).filter { $0 == .interactionDrivesNothing }.count == 1)
    }

    @Test func theNewChecksFailTheirFixturesAndPassTheirTwins() throws {
        for (id, twin) in [(ProblemID.touchesBlocked, "ok-touch-guard-removed.lua"),
                           (.unbalancedAppearance, "ok-appearance-balanced.lua"),
                           (.oneFrameFlash, "ok-one-frame-flash-fixed.lua")] {
            #expect(Set(try problemIDs(try fixture("problems/\(id.rawValue).lua"))) == [id], "\(id)")
            #expect(try problemIDs(try fixture("check/\(twin)")).isEmpty, "\(twin)")
        }
    }

    @Test func aViewVisibleForTwoFramesAtTheEndIsNoFlash() throws {
        // The one-frame rule: the restore two frames before completeTransition is seen for two
        // frames, a visible stutter but not a one-frame flash (and not the from view back after
        // completion either).
        let source = try fixture("problems/one-frame-flash.lua").replacingOccurrences(of: "DispatchTime.now() + 1 / 60", with: "DispatchTime.now() + 2 / 60")
        #expect(!(try problemIDs(source)).contains(.oneFrameFlash))
    }
}
