import Foundation
import Testing
@testable import TransitRender

// The progress line's text is a pure function; the reporter itself must stay silent off a
// terminal and survive concurrent use.
@Suite struct ProgressTests {
    @Test func formatsCountsAndEstimate() {
        // 12 of 52 took 0.12 s, so the remaining 40 need 0.4 s.
        #expect(ProgressReporter.format(label: "rendering", done: 12, total: 52, elapsed: 0.12) == "rendering 12/52 frames, ETA 0.4s")
        #expect(ProgressReporter.format(label: "rendering", done: 52, total: 52, elapsed: 3) == "rendering 52/52 frames, ETA 0.0s")
    }

    @Test func noEstimateBeforeTheFirstFrame() {
        #expect(ProgressReporter.format(label: "rendering", done: 0, total: 52, elapsed: 2) == "rendering 0/52 frames, ETA ?")
        #expect(ProgressReporter.format(label: "x", done: 3, total: 5, elapsed: .nan) == "x 3/5 frames, ETA ?")
    }

    @Test func clampsOutOfRangeCounts() {
        #expect(ProgressReporter.format(label: "x", done: 9, total: 5, elapsed: 1) == "x 5/5 frames, ETA 0.0s")
        #expect(ProgressReporter.format(label: "x", done: -3, total: 5, elapsed: 1) == "x 0/5 frames, ETA ?")
        #expect(ProgressReporter.format(label: "", done: 1, total: 2, elapsed: 1) == "1/2 frames, ETA 1.0s")
    }

    @Test func longEstimatesUseSecondsThenMinutes() {
        #expect(ProgressReporter.formatDuration(9.94) == "9.9s")
        #expect(ProgressReporter.formatDuration(9.96) == "10s")
        #expect(ProgressReporter.formatDuration(42.4) == "42s")
        #expect(ProgressReporter.formatDuration(187) == "3m07s")
        #expect(ProgressReporter.formatDuration(.infinity) == "?")
        #expect(ProgressReporter.formatDuration(1e300) == "?")
        #expect(ProgressReporter.format(label: "x", done: 1, total: 100, elapsed: 2) == "x 1/100 frames, ETA 3m18s")
    }

    @Test func silentWhenNotATerminalEvenUnderConcurrentUse() throws {
        var ends: [Int32] = [-1, -1]
        try #require(pipe(&ends) == 0)
        defer { close(ends[0]) }
        _ = fcntl(ends[0], F_SETFL, fcntl(ends[0], F_GETFL) | O_NONBLOCK)
        let reporter = ProgressReporter(total: 1000, label: "rendering", output: ends[1], minimumDuration: 0)
        DispatchQueue.concurrentPerform(iterations: 2) { _ in
            for _ in 0..<500 { reporter.advance() }
        }
        reporter.finish()
        reporter.advance(by: Int.max)  // after finish: ignored, never traps
        close(ends[1])
        var byte: UInt8 = 0
        #expect(read(ends[0], &byte, 1) == 0)  // end of file: nothing was written
    }
}
