import Foundation
import Testing
import TransitCore
@testable import TransitRender

private func document(frames count: Int, fps: Double) -> PlayerDocument {
    let frames = (0..<count).map { EncoderTests.testCard(shift: $0) }
    return PlayerDocument(title: "live", fps: fps, frames: frames, times: frames.indices.map { Double($0) / fps },
                          snapshots: [], trace: [])
}

/// The events the live page's self-test logged, from its latest report to the server.
private func pageLog(_ server: LiveServer) -> [[String: Any]] {
    guard let last = server.pageReports.last,
          let object = try? JSONSerialization.jsonObject(with: Data(last.utf8)) as? [String: Any] else { return [] }
    return object["log"] as? [[String: Any]] ?? []
}

private func events(_ log: [[String: Any]], _ name: String) -> [[String: Any]] { log.filter { $0["event"] as? String == name } }

@Suite struct LivePageTests {
    /// The live page in a browser, over its WebSocket: a new version is shown at the frame
    /// nearest the time being looked at and keeps playing, the page reports that it showed it,
    /// an error shows the overlay with its code frame and the next version clears it. Chromium
    /// runs in real time (no virtual time budget: the socket is not a fetch it would wait for)
    /// and the page's self-test sends its log to the server.
    @Test(.timeLimit(.minutes(2)))
    func newVersionsKeepTimeAndErrorsShowAnOverlay() throws {
        let executable = try HeadlessChromium.requireExecutable()
        let server = try LiveServer(port: 0, title: "live")
        defer { server.stop() }
        server.publish(document(frames: 20, fps: 30))

        let browser = try HeadlessChromium.LivePage(executable: executable, url: server.url + "#selftest&frame=12")
        defer { browser.close() }

        // Each step waits until the page took the previous version in.
        #expect(wait(upTo: 60) { events(pageLog(server), "complete").count == 1 && events(pageLog(server), "shown").count >= 1 })
        server.publish(document(frames: 10, fps: 20))
        #expect(wait(upTo: 30) { events(pageLog(server), "complete").count == 2 })
        #expect(server.shownTime(of: 2, waitingUpTo: 10) != nil)
        let message = "scene.lua:3: attempt to index a nil value"
        server.fail(LiveError(message: message, file: "scene.lua", line: 3, codeFrame: [(2, "local a"), (3, "a.b.c = 1"), (4, "end")]))
        #expect(wait(upTo: 30) { events(pageLog(server), "error").count == 1 })
        server.publish(document(frames: 4, fps: 20))
        #expect(wait(upTo: 30) { events(pageLog(server), "complete").count == 3 && events(pageLog(server), "shown").count == 3 })
        // A version with a problem: the red banner shows it as `transit run` prints it.
        let problem = Problem(id: .completeNeverCalled, message: "completeTransition was never called", phase: "present", time: 0.35)
        let version = server.reserve()
        server.begin(version, .init(fps: 20, width: 4, height: 4))
        let withProblem = document(frames: 3, fps: 20)
        for (index, image) in withProblem.frames.enumerated() {
            server.frame(version: version, index: index, time: withProblem.times[index], png: try PNGEncoder.encode(image))
        }
        server.timeline(version: version, json: try PlayerPayload.timeline(withProblem, problems: [problem]))
        server.complete(version: version)
        #expect(wait(upTo: 30) { events(pageLog(server), "complete").count == 4 && events(pageLog(server), "shown").count == 4 })

        let log = pageLog(server)
        let reloads = events(log, "reload")
        let errors = events(log, "error")
        try #require(reloads.count == 4 && errors.count == 1, "\(log)")
        #expect(reloads[2]["problems"] as? String == "")
        #expect(reloads[3]["problems"] as? String == "problem: \(problem)")
        #expect(reloads[0]["frames"] as? Int == 20)
        #expect(reloads[1]["frames"] as? Int == 10 && reloads[2]["frames"] as? Int == 4)
        // The second version is shown at the frame nearest the time being looked at.
        let before = try #require(reloads[1]["timeBefore"] as? Double)
        let after = try #require(reloads[1]["time"] as? Double)
        let nearest = (0..<10).map { Double($0) / 20 }.min { abs($0 - before) < abs($1 - before) }!
        #expect(abs(after - nearest) < 1e-9)
        #expect(reloads[1]["playing"] as? Bool == true)
        #expect(errors[0]["overlay"] as? Bool == true)
        #expect(errors[0]["text"] as? String == message)
        #expect((errors[0]["code"] as? String)?.contains("a.b.c = 1") == true)
        #expect(errors[0]["overlayAfterEscape"] as? Bool == false)
        #expect(reloads[2]["overlay"] as? Bool == false)
        // Each version was reported shown once, in order.
        #expect(events(log, "shown").compactMap { $0["version"] as? Int } == [1, 2, 3, 4])
    }
}
