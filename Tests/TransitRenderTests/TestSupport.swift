import Foundation
import Testing
@testable import TransitCore
@testable import TransitLua
@testable import TransitRender

// Scenes are built from frames the way UIKit users think of them; expected pixels are computed
// from the same geometry in each test.
enum Scene {
    static func canvas(_ width: Double, _ height: Double, _ sublayers: [LayerSnapshot]) -> LayerSnapshot {
        LayerSnapshot(name: "window", bounds: Rect(x: 0, y: 0, width: width, height: height),
                      position: Point(x: width / 2, y: height / 2), sublayers: sublayers)
    }

    static func view(_ frame: Rect, _ color: Color?, sublayers: [LayerSnapshot] = []) -> LayerSnapshot {
        LayerSnapshot(bounds: Rect(x: 0, y: 0, width: frame.width, height: frame.height),
                      position: Point(x: frame.midX, y: frame.midY), backgroundColor: color, sublayers: sublayers)
    }

    static let red = Color(red: 1, green: 0, blue: 0)
    static let blue = Color(red: 0, green: 0, blue: 1)
}

func isColor(_ pixel: (r: UInt8, g: UInt8, b: UInt8, a: UInt8), _ r: Int, _ g: Int, _ b: Int, tolerance: Int = 0) -> Bool {
    abs(Int(pixel.r) - r) <= tolerance && abs(Int(pixel.g) - g) <= tolerance && abs(Int(pixel.b) - b) <= tolerance
}

func isWhite(_ pixel: (r: UInt8, g: UInt8, b: UInt8, a: UInt8)) -> Bool { isColor(pixel, 255, 255, 255) }

/// Rows where the column is "reddish" (red dominant), as a count.
func redRun(in image: RasterImage, column: Int) -> Int {
    (0..<image.height).filter { y in
        let p = image.pixel(x: column, y: y)
        return p.r > 200 && p.g < 128
    }.count
}

func isAllWhite(_ image: RasterImage) -> Bool {
    stride(from: 0, to: image.pixels.count, by: 4).allSatisfy { index in
        image.pixels[index] == 255 && image.pixels[index + 1] == 255 && image.pixels[index + 2] == 255
    }
}

/// A deterministic generator (SplitMix64), so a failure names inputs that can be run again.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Polls until `condition` holds; false after `seconds` (a bound on a hang, not a timing check).
func wait(upTo seconds: Double, _ condition: () -> Bool) -> Bool {
    let deadline = Date(timeIntervalSinceNow: seconds)
    while !condition() {
        if Date() > deadline { return false }
        Thread.sleep(forTimeInterval: 0.01)
    }
    return true
}

// MARK: - Scenes run from Lua

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

// MARK: - Headless Chromium

/// Headless Chromium for the Swift tests that open a page, with the policy of
/// Tests/CLI/browser.py (the Python browser tests) wherever it applies:
/// - The same names looked up on PATH, and missing Chromium fails the test
///   (`requireExecutable`): scripts/test installs it first (`scripts/setup --test`), so a
///   missing browser is a broken setup, not a reason to skip.
/// - The same flags and window, and a fresh profile for every browser.
/// - Every browser is bounded: it is killed when the test is done with it (`close`, or when the
///   page is released), and the test's waits and time limit bound how long it may take.
/// The Python tests dump a page after a budget of virtual time and retry with a larger budget;
/// the live page instead runs in real time (its WebSocket is not a fetch virtual time would
/// wait for) and reports to the server, so it has no budget to grow.
enum HeadlessChromium {
    static let names = ["chromium", "chromium-browser", "google-chrome"]
    static let window = (width: 1200, height: 900)

    /// The first of `names` on PATH.
    static let executable: String? = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for name in names {
            for directory in path.split(separator: ":") {
                let candidate = "\(directory)/\(name)"
                if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
            }
        }
        return nil
    }()

    static func requireExecutable() throws -> String {
        try #require(executable, "chromium is not installed (scripts/setup --test installs it)")
    }

    /// The flags every browser test uses (Tests/CLI/browser.py's `command`, without the dump).
    static func arguments(profile: String) -> [String] {
        ["--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--no-first-run",
         "--user-data-dir=\(profile)", "--window-size=\(window.width),\(window.height)"]
    }

    /// A browser showing `url` in real time, in a profile of its own, until `close`.
    final class LivePage {
        private let process = Process()
        private let profile: URL

        init(executable: String, url: String) throws {
            profile = FileManager.default.temporaryDirectory.appendingPathComponent("transit-chromium-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: profile, withIntermediateDirectories: true)
            process.executableURL = URL(fileURLWithPath: executable)
            process.arguments = HeadlessChromium.arguments(profile: profile.path) + [url]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
        }

        /// Kills the browser and removes its profile; safe to call twice.
        func close() {
            if process.isRunning {
                kill(process.processIdentifier, SIGKILL)
                process.waitUntilExit()
            }
            try? FileManager.default.removeItem(at: profile)
        }

        deinit { close() }
    }
}
