import Foundation
@testable import TransitCore
@testable import TransitLua

/// Runs a scene on a 200×200 screen (or another device profile) and returns the presentation trees at the given times
/// (shared by the render and curves tests).
func sceneSnapshots(_ source: String, at times: [Double], device: String = "200x200@1") throws -> (trees: [LayerSnapshot], size: Size) {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("transit-scene-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appendingPathComponent("scene.lua")
    try Data(source.utf8).write(to: file)
    let world = World(device: Device.named(device)!)
    let runtime = try LuaRuntime(world: world)
    runtime.output = { _ in }
    var trees: [LayerSnapshot] = []
    var run = SceneRun()
    run.sampleTimes = times
    run.onFrame = { time in trees.append(world.window.layer.snapshot(at: time)) }
    try runtime.runScene(file, run)
    return (trees, world.screen.bounds.size)
}
