import Foundation
import Testing
@testable import TransitCore
@testable import TransitLua

/// The instruction budget covers a scene's own top-level code, which runs as a coroutine: Lua's
/// hooks belong to a thread, so arming the budget on the main state alone left a scene's loop
/// unbounded (and `transit watch` hung on a save with `while true do end`).
@Suite(.timeLimit(.minutes(1))) struct SceneBudgetTests {
    func runScene(_ source: String, name: String = "loop.lua") throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("transit-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent(name)
        try Data(source.utf8).write(to: file)
        var options = LuaRuntime.Options()
        options.budget = 1_000_000
        let runtime = try LuaRuntime(world: World(device: Device.named("iPhone SE")!), options: options)
        try runtime.runScene(file)
    }

    @Test func aSceneLoopingAtTopLevelIsStoppedAtItsLine() throws {
        do {
            try runScene("local x = 0\nwhile true do x = x + 1 end\n")
            Issue.record("expected the budget to stop the scene")
        } catch let error as ScriptError {
            #expect(error.message.contains("loop.lua:2: instruction budget of 1000000 instructions exceeded"))
        }
    }

    @Test func aSceneLoopingAfterWaitingIsStoppedToo() throws {
        do {
            try runScene("transit.wait(0.5)\nwhile true do end\n")
            Issue.record("expected the budget to stop the scene")
        } catch let error as ScriptError {
            #expect(error.message.contains("loop.lua:2: instruction budget"))
        }
    }

    @Test func eachResumeOfTheSceneHasAFreshBudget() throws {
        // 50 waits of ~100k instructions each: 5M in all, but never 1M between two waits.
        try runScene("for i = 1, 50 do local x = 0 for j = 1, 25000 do x = x + j end transit.wait(0.01) end\n")
    }
}
