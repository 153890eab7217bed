import Foundation

/// `TRANSIT_LIVE_DEBUG=1`: a live reload's steps (the save, the debounce, the scene's frames,
/// each pick and draw, what each page's socket sends and hears) on standard error, each with the
/// monotonic clock in milliseconds so lines from the watch loop, the reload and the sockets line
/// up (docs/performance.md). Read once; off, a line costs one branch (the text is not built).
public enum LiveDebugLog {
    public static let isOn = ProcessInfo.processInfo.environment["TRANSIT_LIVE_DEBUG"] != nil

    public static func write(_ source: String, _ text: @autoclosure () -> String) {
        guard isOn else { return }
        let line = String(format: "[%@ %.1f] ", source, MonotonicClock.seconds() * 1000) + text() + "\n"
        FileHandle.standardError.write(Data(line.utf8))
    }
}
