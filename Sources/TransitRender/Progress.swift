import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// Long renders (many frames, 3D, big scales) otherwise look hung; a one-line counter on stderr
// says how far along the work is. It stays silent for short jobs and whenever stderr is not a
// terminal, so pipes, logs and tests never see carriage returns or escape sequences.
// Thread-safe: `advance` is called from `concurrentPerform` workers; every mutable field is
// guarded by `lock`, hence `@unchecked Sendable`.
public final class ProgressReporter: @unchecked Sendable {
    private let total: Int
    private let label: String
    private let output: Int32
    private let minimumDuration: Double
    private let isEnabled: Bool
    private let startTime: Double
    private let lock = NSLock()
    private var done = 0
    private var lastUpdateTime = -Double.infinity
    private var hasPrinted = false
    private var isFinished = false

    /// Updates are drawn at most this often so a fast loop does not flood the terminal.
    static let minimumInterval = 0.1

    /// Starts the clock now; nothing is printed until `minimumDuration` seconds have passed.
    public init(total: Int, label: String, output: Int32 = STDERR_FILENO, minimumDuration: Double = 1.0) {
        self.total = max(0, total)
        self.label = label
        self.output = output
        self.minimumDuration = minimumDuration.isFinite ? max(0, minimumDuration) : 1.0
        isEnabled = isatty(output) == 1
        startTime = MonotonicClock.seconds()
    }

    /// Clears a line left behind if the caller forgot `finish()` (e.g. on an error path).
    deinit { finish() }

    /// Records `count` more finished units and redraws the line if it is due.
    public func advance(by count: Int = 1) {
        lock.lock()
        defer { lock.unlock() }
        guard !isFinished else { return }
        let (sum, overflow) = done.addingReportingOverflow(max(0, count))
        done = overflow ? total : min(total, sum)
        guard isEnabled else { return }
        let now = MonotonicClock.seconds()
        let elapsed = now - startTime
        guard elapsed >= minimumDuration, now - lastUpdateTime >= Self.minimumInterval else { return }
        lastUpdateTime = now
        hasPrinted = true
        // "\e[K" erases what a longer previous line left to the right of the new text.
        TerminalOutput.writeIgnoringErrors(output, "\r" + Self.format(label: label, done: done, total: total, elapsed: elapsed) + "\u{1B}[K")
    }

    /// Ends reporting: erases the progress line (if one was drawn) so the next message starts clean.
    public func finish() {
        lock.lock()
        defer { lock.unlock() }
        guard !isFinished else { return }
        isFinished = true
        if hasPrinted { TerminalOutput.writeIgnoringErrors(output, "\r\u{1B}[K") }
    }

    /// The line's text as a pure function so it can be tested without a terminal or a clock:
    /// "<label> 12/52 frames, ETA 0.4s". The ETA assumes the remaining units take as long on
    /// average as the finished ones; before the first unit there is no estimate ("ETA ?").
    static func format(label: String, done: Int, total: Int, elapsed: Double) -> String {
        let clampedTotal = max(0, total), clampedDone = min(max(0, done), max(0, total))
        let prefix = label.isEmpty ? "" : label + " "
        let counts = "\(prefix)\(clampedDone)/\(clampedTotal) frames"
        guard clampedDone > 0, elapsed.isFinite, elapsed >= 0 else { return counts + ", ETA ?" }
        let remaining = elapsed / Double(clampedDone) * Double(clampedTotal - clampedDone)
        return counts + ", ETA " + formatDuration(remaining)
    }

    /// "0.4s" under ten seconds, "42s" under a minute, "3m07s" beyond; never traps on huge values.
    static func formatDuration(_ seconds: Double) -> String {
        guard seconds.isFinite, seconds >= 0 else { return "?" }
        if seconds < 9.95 { return String(format: "%.1fs", seconds) }
        guard seconds < 1e9 else { return "?" }
        let whole = Int(seconds.rounded())
        if whole < 60 { return "\(whole)s" }
        return String(format: "%dm%02ds", whole / 60, whole % 60)
    }
}

// The wall clock can jump (NTP, manual changes); progress rates and playback pacing need a clock
// that only moves forward.
public enum MonotonicClock {
    /// Seconds since an arbitrary fixed point (boot on Linux).
    public static func seconds() -> Double {
        var now = timespec()
        guard clock_gettime(CLOCK_MONOTONIC, &now) == 0 else { return 0 }
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1_000_000_000
    }
}

// Terminal output goes through raw `write(2)` so bytes reach the device immediately (no stdio
// buffering) and partial writes or EINTR/EAGAIN are handled instead of silently dropping text.
enum TerminalOutput {
    /// Writes every byte or throws; used by the player, where a lost terminal must end playback.
    static func write(_ fileDescriptor: Int32, _ text: String) throws {
        var bytes = Array(text.utf8)
        var offset = 0
        var stalledAttempts = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeMutableBytes { buffer -> Int in
                guard let base = buffer.baseAddress else { return 0 }
                return systemWrite(fileDescriptor, base + offset, buffer.count - offset)
            }
            if written > 0 {
                offset += written
                stalledAttempts = 0
                continue
            }
            let code = errno
            if written < 0, code == EINTR { continue }
            if written == 0 || code == EAGAIN || code == EWOULDBLOCK, stalledAttempts < 50 {
                // A non-blocking descriptor is full; wait briefly for the terminal to drain.
                stalledAttempts += 1
                var descriptor = pollfd(fd: fileDescriptor, events: Int16(POLLOUT), revents: 0)
                _ = poll(&descriptor, 1, 100)
                continue
            }
            let reason = written == 0 ? "no progress" : String(cString: strerror(code))
            throw RenderError("terminal: cannot write (\(reason))")
        }
    }

    /// For best-effort text (progress lines, cleanup) where an error has nowhere useful to go.
    static func writeIgnoringErrors(_ fileDescriptor: Int32, _ text: String) {
        try? write(fileDescriptor, text)
    }

    /// `write` is shadowed by the static method above; this names the system call unambiguously.
    private static func systemWrite(_ fileDescriptor: Int32, _ pointer: UnsafeMutableRawPointer, _ count: Int) -> Int {
        #if canImport(Glibc)
        return Glibc.write(fileDescriptor, pointer, count)
        #else
        return Darwin.write(fileDescriptor, pointer, count)
        #endif
    }
}
