import Foundation
import Testing
import TransitCore
@testable import TransitRender

/// Headless Chromium, when installed (scripts/setup --test installs it).
private let browser: String? = ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"]
    .first { FileManager.default.isExecutableFile(atPath: $0) }

private func document(frames count: Int, fps: Double) -> PlayerDocument {
    let frames = (0..<count).map { EncoderTests.testCard(shift: $0) }
    return PlayerDocument(title: "live", fps: fps, frames: frames, times: frames.indices.map { Double($0) / fps },
                          snapshots: [], trace: [])
}

/// Polls until `condition` holds; false after `seconds` (a bound on a hang, not a timing check).
private func wait(upTo seconds: Double, _ condition: () -> Bool) -> Bool {
    let deadline = Date(timeIntervalSinceNow: seconds)
    while !condition() {
        if Date() > deadline { return false }
        Thread.sleep(forTimeInterval: 0.01)
    }
    return true
}

@Suite struct LivePageTests {
    /// The live page in a browser: a reload swaps frames in place at the nearest time, keeps
    /// playing, an error shows the overlay and the next version clears it.
    @Test(.enabled(if: browser != nil, "chromium is not installed")) func reloadKeepsTimeAndErrorsShowAnOverlay() throws {
        let server = try LiveServer(port: 0, title: "live")
        defer { server.stop() }
        server.publish(document(frames: 20, fps: 30))

        let process = Process()
        process.executableURL = URL(fileURLWithPath: browser!)
        process.arguments = ["--headless", "--no-sandbox", "--disable-gpu", "--window-size=1200,900",
                             "--virtual-time-budget=5000", "--dump-dom", server.url + "#selftest&frame=12&until=3"]
        let dumpFile = FileManager.default.temporaryDirectory.appendingPathComponent("transit-live-\(UUID().uuidString).html")
        FileManager.default.createFile(atPath: dumpFile.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: dumpFile) }
        process.standardOutput = try FileHandle(forWritingTo: dumpFile)
        process.standardError = FileHandle.nullDevice
        try process.run()
        defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }

        // Each step waits until the page took the previous version in (it then fetches it a
        // second time), so none is overtaken by the next.
        #expect(wait(upTo: 30) { server.servedVersions.filter { $0 == 1 }.count == 2 })
        server.publish(document(frames: 10, fps: 20))
        #expect(wait(upTo: 30) { server.servedVersions.filter { $0 == 2 }.count == 2 })
        let message = "scene.lua:3: attempt to index a nil value\nstack traceback:\n\tscene.lua:3: in main chunk"
        server.publishError(message)
        server.publish(document(frames: 4, fps: 20))
        #expect(wait(upTo: 60) { !process.isRunning })

        let text = try String(contentsOf: dumpFile, encoding: .utf8)
        let json = try #require(text.components(separatedBy: "<pre id=\"selftest-result\" hidden=\"\">").last?
            .components(separatedBy: "</pre>").first)
        let log = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])
        let reloads = log.filter { $0["event"] as? String == "reload" }
        let errors = log.filter { $0["event"] as? String == "error" }
        try #require(reloads.count == 3 && errors.count == 1)

        #expect(reloads[0]["frames"] as? Int == 20)
        #expect(reloads[1]["frames"] as? Int == 10 && reloads[2]["frames"] as? Int == 4)
        // The second version is shown at the frame nearest the time being looked at.
        let before = try #require(reloads[1]["timeBefore"] as? Double)
        let after = try #require(reloads[1]["time"] as? Double)
        let nearest = (0..<10).map { Double($0) / 20 }.min { abs($0 - before) < abs($1 - before) }!
        #expect(abs(after - nearest) < 1e-9)
        #expect(before > 0.1)  // frame 12 at 30 fps, not the start
        #expect(reloads[1]["playing"] as? Bool == true)

        #expect(errors[0]["overlay"] as? Bool == true)
        #expect(errors[0]["text"] as? String == message)
        #expect(reloads[2]["overlay"] as? Bool == false)
    }
}
