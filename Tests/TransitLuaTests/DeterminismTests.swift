import Foundation
import Testing
@testable import TransitCore
@testable import TransitLua

/// The determinism rule (docs/design.md §8): a scene's events are the same whether it is only run or also
/// sampled for frames, at any frame rate. Sampling splits each wait into several steps of the
/// clock; the events reached must not depend on that.
@Suite struct FrameRateIndependenceTests {
    /// A scene that waits in 0.05 s steps for a 0.35 s animation started at 0.2 s: 0.2 + 7 × 0.05
    /// and 0.2 + 0.35 differ in their last bits as doubles, which once made the run take one
    /// more step than the render.
    static let scene = """
        local v = UIView.new()
        transit.window:addSubview(v)
        transit.wait(0.2)
        local done
        UIView.animate(0.35, function() v.alpha = 0 end, function() done = transit.now() end)
        local steps = 0
        while not done do transit.wait(0.05); steps = steps + 1 end
        transit.log(string.format("done at %.9f after %d waits", done, steps))
        transit.wait(0.6)
        transit.log("later")
        """

    func log(frameRate: Double?) throws -> [String] {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("transit-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("scene.lua")
        try Data(Self.scene.utf8).write(to: file)
        let world = World(device: Device.named("iPhone SE")!)
        let runtime = try LuaRuntime(world: world)
        var log: [String] = []
        runtime.output = { log.append($0) }
        var run = SceneRun()
        if let frameRate {
            run.frameInterval = 1 / frameRate
            run.onFrame = { _ in }
        }
        try runtime.runScene(file, run)
        return log
    }

    @Test func runAndRenderAtAnyFrameRateSeeTheSameEvents() throws {
        let reference = try log(frameRate: nil)
        // The animation ends at 0.55 s, which the seventh wait reaches exactly.
        #expect(reference.first == "[0.55s] done at 0.550000000 after 7 waits")
        for rate in [1.0, 7, 10, 24, 30, 60, 120] {
            #expect(try log(frameRate: rate) == reference, "at \(rate) fps")
        }
    }

    @Test func timesOnTheGridAreEqualHoweverTheyWereSummed() {
        var summed = 0.2
        for _ in 0..<7 { summed += 0.05 }
        #expect(summed != 0.2 + 0.35)  // the doubles differ...
        #expect(World.onTimeGrid(summed) == World.onTimeGrid(0.2 + 0.35))  // ...the grid does not
    }
}
