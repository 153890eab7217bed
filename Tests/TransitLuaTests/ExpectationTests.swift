import Foundation
import Testing
@testable import TransitCore
@testable import TransitLua

/// `transit.expect`: a scene's own checks, printed as PASS/FAIL lines, kept for the command that
/// ran the scene, and never ending it.
@Suite struct ExpectationTests {
    static func run(_ source: String) throws -> (runtime: LuaRuntime, log: [String]) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("transit-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("scene.lua")
        try Data(source.utf8).write(to: file)
        let runtime = try LuaRuntime(world: World())
        var log: [String] = []
        runtime.output = { log.append($0) }
        try runtime.runScene(file)
        return (runtime, log)
    }

    @Test func passesAndFailuresArePrintedKeptAndCounted() throws {
        let (runtime, log) = try Self.run("""
            local ok = transit.expect("one is one", 1 == 1, 1, 1)
            transit.wait(0.1)
            local bad = transit.expect("two is three", 2 == 3, 2, 3)
            transit.expect("nil is falsy", nil)
            transit.expect("returned", ok == true and bad == false)
            """)
        // The location is Lua's name for the chunk (the path, shortened as in every error).
        #expect(log.count == 4 && log[0] == "PASS one is one" && log[3] == "PASS returned")
        #expect(log[1].hasPrefix("FAIL ") && log[1].hasSuffix("scene.lua:3: two is three: got 2, want 3"))
        #expect(log[2].hasPrefix("FAIL ") && log[2].hasSuffix("scene.lua:4: nil is falsy"))
        #expect(runtime.expectations.map(\.passed) == [true, false, false, true])
        #expect(runtime.failedExpectations.map { $0.location?.line } == [3, 4])
        #expect(runtime.expectationSummary == "2 of 4 expectations failed")
    }

    @Test func aSceneWhoseExpectationsPassHasNoSummary() throws {
        let (runtime, _) = try Self.run("transit.expect(\"fine\", true)\n")
        #expect(runtime.expectationSummary == nil)
    }

    @Test func theNameMustBeAString() {
        #expect(throws: (any Error).self) { try Self.run("transit.expect(42, true)\n") }
    }
}
