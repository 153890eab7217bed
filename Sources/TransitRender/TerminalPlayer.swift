import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// `transit --tty`: watch a rendered transition right in the terminal (over SSH, in a container)
// without writing a GIF first. Frames are pre-rendered as 24-bit half-block text (TerminalFrame)
// fitted to the window, shown on the alternate screen with a one-line status bar, and driven by
// keys read in raw mode. The terminal is restored on every exit path: normal quit, thrown
// errors, and SIGINT/SIGTERM/SIGHUP (caught through a self-pipe so the loop can unwind).
// The decision logic lives in the pure `State` and `TerminalKey` so it is testable without a tty.
public struct TerminalPlayer: Sendable {
    public let frames: [RasterImage]
    public let times: [Double]
    public let fps: Double
    public let title: String

    /// `times[i]` is the transition time of `frames[i]` (shown in the status bar); missing
    /// entries fall back to `i / fps`. Non-positive or non-finite `fps` plays at 30.
    public init(frames: [RasterImage], times: [Double], fps: Double, title: String) {
        self.frames = frames
        self.times = times
        self.fps = State.sanitizedFramesPerSecond(fps)
        self.title = title
    }

    /// Callers choose between `--tty` and file output with this; a pipe or file is not a terminal.
    public static func isTerminal(_ fileDescriptor: Int32) -> Bool {
        isatty(fileDescriptor) == 1
    }

    /// Runs the interactive viewer until the user quits (q, Ctrl-C) or a terminating signal
    /// arrives. Throws before touching the terminal when `output` (or `input`) is not one.
    public func play(input: Int32 = STDIN_FILENO, output: Int32 = STDOUT_FILENO, feed: TerminalPlayerFeed? = nil) throws {
        guard Self.isTerminal(output) else {
            throw RenderError("--tty needs a terminal: stdout is not a terminal (use -o out.gif instead)")
        }
        guard Self.isTerminal(input) else {
            throw RenderError("--tty needs a terminal: stdin is not a terminal (keys are read from it)")
        }
        guard !frames.isEmpty else { throw RenderError("--tty: there are no frames to play") }
        let session = try TerminalSession(input: input, output: output)
        defer { session.restore() }
        try run(session, feed: feed)
    }

    /// The event loop: wait (poll) for a key, a signal or the next frame's deadline, update the
    /// state, redraw only when the frame or play/pause status changed.
    private func run(_ session: TerminalSession, feed: TerminalPlayerFeed?) throws {
        var frames = self.frames
        var times = self.times
        /// A line from the feed (an error) shown in the status bar until the next new version.
        var notice: String?
        var size = Self.terminalSize(session.output)
        feed?.frameAreaChanged(columns: size.columns, rows: size.rows - 1)
        try TerminalOutput.write(session.output, "\u{1B}[H\u{1B}[2J\u{1B}[0mRendering \(frames.count) frames…")
        // Each frame as terminal text. A whole version is converted up front (on every core); a
        // streamed frame only when it is first on screen (nil until then), so a burst of drawn
        // frames does not hold up the one the player is showing.
        var rendered: [String?] = Self.renderFrames(frames, columns: size.columns, rows: size.rows - 1)
        var state = State(frameCount: frames.count, fps: fps)
        var pendingBytes: [UInt8] = []
        var lastTime = MonotonicClock.seconds()
        // Which version each streamed frame is (frames of a whole `.frames` update have none),
        // and the newest version reported shown.
        var frameVersions: [Int: Int] = [:]
        var shownVersion = 0
        /// The newest version a frame arrived from.
        var newestVersion = 0
        func screen() -> String {
            let index = state.frameIndex
            if rendered.indices.contains(index), rendered[index] == nil, frames.indices.contains(index) {
                rendered[index] = Self.renderFrames([frames[index]], columns: size.columns, rows: size.rows - 1)[0]
            }
            return self.screen(rendered.indices.contains(index) ? rendered[index] ?? "" : "", state: state, size: size,
                               time: Self.time(at: index, times: times, fps: fps), notice: notice)
        }
        try TerminalOutput.write(session.output, "\u{1B}[2J" + screen())

        while !state.isQuitRequested {
            let hadPendingBytes = !pendingBytes.isEmpty
            let timeout: Int32
            if hadPendingBytes {
                timeout = 50  // an unfinished escape sequence: give the rest a moment to arrive
            } else if let wait = state.secondsUntilNextFrame {
                timeout = Int32(min(max(wait, 0), 60) * 1000 + 1)
            } else {
                timeout = -1  // paused: sleep until a key or signal
            }
            var descriptors = [pollfd(fd: session.input, events: Int16(POLLIN), revents: 0),
                               pollfd(fd: session.signalReadEnd, events: Int16(POLLIN), revents: 0)]
            for descriptor in feed?.fileDescriptors ?? [] { descriptors.append(pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)) }
            let ready = poll(&descriptors, nfds_t(descriptors.count), timeout)
            if ready < 0 {
                if errno == EINTR { continue }
                throw RenderError("terminal: poll failed (\(String(cString: strerror(errno))))")
            }

            var resized = false
            for signal in session.drainSignals() {
                if signal == SIGWINCH { resized = true } else { state.handle(key: .controlC) }
            }
            let inputEvents = Int32(descriptors[0].revents)
            if inputEvents & Int32(POLLIN) != 0 {
                pendingBytes += Self.readAvailable(session.input)
            } else if inputEvents & (Int32(POLLHUP) | Int32(POLLERR) | Int32(POLLNVAL)) != 0 {
                state.handle(key: .controlC)  // the terminal went away; nothing left to show
            }
            var decoded = TerminalKey.decode(pendingBytes)
            if ready == 0, hadPendingBytes, decoded.remainder == pendingBytes {
                decoded.remainder = []  // a lone ESC (or a broken sequence) never completed
            }
            pendingBytes = decoded.remainder

            let now = MonotonicClock.seconds()
            let before = (state.frameIndex, state.isPlaying)
            state.tick(elapsed: now - lastTime)
            lastTime = now
            for key in decoded.keys { state.handle(key: key) }
            if state.isQuitRequested { break }

            // A new version replaces the frames and goes on from the time being looked at.
            var replaced = false
            if let feed, descriptors.dropFirst(2).contains(where: { $0.revents != 0 }) {
                // Resting at the end, the player will show a new version from its first frame
                // (State.newVersionArrived): that is the frame to draw first.
                let looking = state.restsAtEnd ? Playhead(time: Self.time(at: 0, times: times, fps: fps), at: now)
                    : Playhead(time: Self.time(at: state.frameIndex, times: times, fps: fps), at: now, rate: state.isPlaying ? 1 : 0)
                for update in feed.update(lookingAt: looking) {
                    switch update {
                    case .frames(let newFrames, let newTimes):
                        let looking = Self.time(at: state.frameIndex, times: times, fps: fps)
                        frames = newFrames
                        times = newTimes
                        frameVersions = [:]
                        notice = nil
                        rendered = Self.renderFrames(frames, columns: size.columns, rows: size.rows - 1)
                        state.replaceFrames(count: frames.count, showing: Self.nearestIndex(to: looking, in: times, fps: fps))
                        state.newVersionArrived()
                        replaced = true
                    case .frame(let version, let index, let time, let image):
                        if version > newestVersion {
                            newestVersion = version
                            if state.newVersionArrived() { replaced = true }
                        }
                        // Beyond the last version's frames: the count grows as frames arrive.
                        while frames.count <= index { frames.append(image); times.append(time); rendered.append(nil) }
                        frames[index] = image
                        if times.indices.contains(index) { times[index] = time }
                        rendered[index] = nil
                        frameVersions[index] = version
                        if index == state.frameIndex { replaced = true }
                        if frames.count != state.frameCount {
                            state.replaceFrames(count: frames.count, showing: state.frameIndex)
                            replaced = true  // the status bar's count changed
                        }
                    case .timeline(_, let newTimes, let problems):
                        let looking = Self.time(at: state.frameIndex, times: times, fps: fps)
                        if frames.count > newTimes.count {
                            frames.removeLast(frames.count - newTimes.count)
                            rendered.removeLast(rendered.count - newTimes.count)
                            frameVersions = frameVersions.filter { $0.key < newTimes.count }
                        }
                        times = newTimes
                        notice = problems.first
                        state.replaceFrames(count: frames.count, showing: Self.nearestIndex(to: looking, in: times, fps: fps))
                        replaced = true
                    case .message(let text):
                        notice = text
                        replaced = true
                    }
                }
                lastTime = MonotonicClock.seconds()  // a reload's time is not playing time
            }

            if resized {
                let newSize = Self.terminalSize(session.output)
                if newSize != size {
                    size = newSize
                    rendered = Self.renderFrames(frames, columns: size.columns, rows: size.rows - 1)
                    feed?.frameAreaChanged(columns: size.columns, rows: size.rows - 1)
                }
                try TerminalOutput.write(session.output, "\u{1B}[0m\u{1B}[2J" + screen())
            } else if replaced || before != (state.frameIndex, state.isPlaying) {
                try TerminalOutput.write(session.output, screen())
            }
            // A new version is visible once its first frame is the one on screen, whether it
            // arrived there or playback reached it (frames drawn ahead of a playing player).
            if let version = frameVersions[state.frameIndex], version > shownVersion {
                shownVersion = version
                feed?.shown(version: version)
            }
        }
    }

    /// One full redraw: frame from the top-left, status bar on the last row. Wrapped in
    /// synchronized-update marks (mode 2026) so terminals that support it never show a torn frame;
    /// others ignore the unknown mode.
    private func screen(_ frame: String, state: State, size: (columns: Int, rows: Int), time: Double, notice: String?) -> String {
        var status = Self.statusLine(title: title, state: state, time: time, columns: size.columns)
        var colour = "\u{1B}[7m"
        if let notice {
            // An error from the feed: red, in place of the key help, cut to the width.
            status = String(Self.printable(" " + notice).prefix(max(0, size.columns - 1)))
            colour = "\u{1B}[41;97m"
        }
        return "\u{1B}[?2026h\u{1B}[H" + frame + "\u{1B}[\(max(1, size.rows));1H\u{1B}[0m" + colour + status
            + "\u{1B}[0m\u{1B}[K\u{1B}[?2026l"
    }

    /// The transition time shown for a frame: the caller's timestamp, else derived from fps.
    func time(at index: Int) -> Double {
        Self.time(at: index, times: times, fps: fps)
    }

    static func time(at index: Int, times: [Double], fps: Double) -> Double {
        times.indices.contains(index) ? times[index] : Double(index) / fps
    }

    /// The frame whose time is closest to `time` (the first of equals).
    static func nearestIndex(to time: Double, in times: [Double], fps: Double) -> Int {
        guard !times.isEmpty else { return clampedInt((time * fps).rounded(), in: 0...Int.max) }
        var best = 0
        for (index, value) in times.enumerated() where abs(value - time) < abs(times[best] - time) { best = index }
        return best
    }

    /// Text without control characters (a script's error must not reach the terminal as commands).
    static func printable(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.map { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) ? " " : $0 }))
    }

    /// The status bar text (no escapes): title, 1-based frame i/n, time, playing/paused, key help.
    /// Cut to `columns − 1` characters so writing it can never wrap or scroll the screen.
    static func statusLine(title: String, state: State, time: Double, columns: Int) -> String {
        // Control characters in a script's name must not reach the terminal as commands.
        let cleanTitle = String(String.UnicodeScalarView(title.unicodeScalars.filter { $0.value >= 0x20 && !(0x7F...0x9F).contains($0.value) }))
        let timeText = time.isFinite ? String(format: "t=%.3fs", time) : "t=?"
        let frameText = "frame \(min(state.frameIndex + 1, state.frameCount))/\(state.frameCount)"
        let status = state.isPlaying ? "playing" : "paused"
        let text = " \(cleanTitle)  \(frameText)  \(timeText)  \(status)  │ space play/pause  ←/→ step  r replay  q quit"
        return String(text.prefix(max(0, columns - 1)))
    }

    /// Window size in cells; 80×24 when the descriptor cannot say (keeps the viewer usable).
    static func terminalSize(_ fileDescriptor: Int32) -> (columns: Int, rows: Int) {
        var size = winsize()
        let result = withUnsafeMutablePointer(to: &size) { ioctl(fileDescriptor, UInt(TIOCGWINSZ), $0) }
        guard result == 0, size.ws_col > 0, size.ws_row > 0 else { return (80, 24) }
        return (Int(size.ws_col), Int(size.ws_row))
    }

    /// Every frame as text once, in parallel (TerminalFrame is pure), so playback only writes.
    /// Lines are joined with "\r\n" so output does not depend on the terminal's newline mapping.
    static func renderFrames(_ frames: [RasterImage], columns: Int, rows: Int) -> [String] {
        let box = FrameTextBox(count: frames.count)
        DispatchQueue.concurrentPerform(iterations: frames.count) { index in
            let text = TerminalFrame.render(frames[index], columns: max(0, columns), rows: max(0, rows))
            box.store(text.split(separator: "\n", omittingEmptySubsequences: false).joined(separator: "\r\n"), at: index)
        }
        return box.values
    }

    /// Drains whatever the non-blocking (VMIN=0, VTIME=0) terminal has buffered right now.
    private static func readAvailable(_ fileDescriptor: Int32) -> [UInt8] {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 256)
        while bytes.count < 4096 {
            let count = buffer.withUnsafeMutableBytes { read(fileDescriptor, $0.baseAddress, $0.count) }
            if count > 0 {
                bytes += buffer[0..<count]
                if count < buffer.count { break }
            } else if count < 0, errno == EINTR {
                continue
            } else {
                break
            }
        }
        return bytes
    }
}

// Collects the pre-rendered frame texts from concurrentPerform workers; the lock makes the
// shared array safe, hence `@unchecked Sendable`.
private final class FrameTextBox: @unchecked Sendable {
    private let lock = NSLock()
    private var texts: [String]

    init(count: Int) { texts = Array(repeating: "", count: count) }

    func store(_ text: String, at index: Int) {
        lock.lock()
        defer { lock.unlock() }
        if texts.indices.contains(index) { texts[index] = text }
    }

    var values: [String] {
        lock.lock()
        defer { lock.unlock() }
        return texts
    }
}

/// A source of new versions for a playing `TerminalPlayer` (`transit watch --tty`): when its
/// descriptor is readable the player asks it for an update, passing the time on screen.
public protocol TerminalPlayerFeed: AnyObject {
    /// Readable when the feed has news (a save, a drawn frame).
    var fileDescriptors: [Int32] { get }
    /// What changed, oldest first; `playhead` is the time on screen and whether it plays (the
    /// feed draws first the frame the player will be showing). The player stops on its last frame.
    func update(lookingAt playhead: Playhead) -> [TerminalPlayerUpdate]
    /// The screen now shows a frame of `version` (watch --tty times it: "visible in").
    func shown(version: Int)
    /// The cells the frames are shown in: when playing starts and after each resize (a feed that
    /// draws frames only as large as the terminal shows them redraws when it grows).
    func frameAreaChanged(columns: Int, rows: Int)
}

public extension TerminalPlayerFeed {
    func shown(version: Int) {}
    func frameAreaChanged(columns: Int, rows: Int) {}
}

public enum TerminalPlayerUpdate {
    /// A new version, whole: replaces the frames; the player shows the frame nearest the time it showed.
    case frames([RasterImage], times: [Double])
    /// One frame of a version being drawn: it replaces the frame at `index` at once (the rest
    /// stay the last version's until theirs arrive).
    case frame(version: Int, index: Int, time: Double, image: RasterImage)
    /// The version's scene ended: its frame times (the frame count) and its problems, each as
    /// `transit run` prints it (the first one shows in the status bar).
    case timeline(version: Int, times: [Double], problems: [String])
    /// Something to say instead (an error), in the status bar until the next new version.
    case message(String)
}

// What a key press means to the viewer, decoded from raw terminal bytes. Only the keys the
// player uses are distinguished; everything else becomes `.character` or is dropped.
public enum TerminalKey: Equatable, Sendable {
    case space
    case leftArrow
    case rightArrow
    case controlC
    case character(Character)

    /// Decodes a burst of bytes; an escape sequence cut off at the end is dropped.
    public static func parse(_ bytes: [UInt8]) -> [TerminalKey] {
        decode(bytes).keys
    }

    /// Decodes as much as possible and returns the unfinished tail (e.g. a lone ESC or "ESC [")
    /// so the player can wait for the rest of an arrow key that arrived in two reads.
    /// Arrows come as CSI (ESC [ C/D, with optional parameters such as ESC [ 1 ; 2 D) or, in
    /// application cursor mode, SS3 (ESC O C/D).
    static func decode(_ bytes: [UInt8]) -> (keys: [TerminalKey], remainder: [UInt8]) {
        var keys: [TerminalKey] = []
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case 0x1B:
                guard index + 1 < bytes.count else { return (keys, Array(bytes[index...])) }
                let introducer = bytes[index + 1]
                if introducer == UInt8(ascii: "[") {
                    // CSI: parameter bytes 0x30–0x3F, intermediate bytes 0x20–0x2F, one final byte 0x40–0x7E.
                    var end = index + 2
                    while end < bytes.count, (0x20...0x3F).contains(bytes[end]) { end += 1 }
                    guard end < bytes.count else { return (keys, Array(bytes[index...])) }
                    if let key = arrow(bytes[end]) { keys.append(key) }
                    index = end + 1
                } else if introducer == UInt8(ascii: "O") {
                    guard index + 2 < bytes.count else { return (keys, Array(bytes[index...])) }
                    if let key = arrow(bytes[index + 2]) { keys.append(key) }
                    index += 3
                } else {
                    index += 1  // ESC + key is Alt+key; the player has no Alt bindings, so read the key alone
                }
            case 0x03:
                keys.append(.controlC)
                index += 1
            case 0x20:
                keys.append(.space)
                index += 1
            case 0x21...0x7E:
                keys.append(.character(Character(Unicode.Scalar(byte))))
                index += 1
            default:
                index += 1  // other control bytes and non-ASCII input have no meaning here
            }
        }
        return (keys, [])
    }

    /// The final byte of a cursor-key sequence: C is right, D is left; up/down are ignored.
    private static func arrow(_ finalByte: UInt8) -> TerminalKey? {
        switch finalByte {
        case UInt8(ascii: "C"): .rightArrow
        case UInt8(ascii: "D"): .leftArrow
        default: nil
        }
    }
}

extension TerminalPlayer {
    // Playback position and mode as a pure value: keys and elapsed time go in, the frame to show
    // comes out. Playback starts immediately and stops on the last frame (paused) rather than
    // looping, so the end state of a transition stays on screen; space or r plays it again.
    public struct State: Equatable, Sendable {
        public private(set) var frameCount: Int
        public let frameDuration: Double
        public private(set) var frameIndex = 0
        public private(set) var isPlaying: Bool
        public private(set) var isQuitRequested = false
        /// Playback ran to the last frame on its own (no key since): a new version replays from
        /// the first frame (`newVersionArrived`), where a player the user paused or stepped keeps
        /// its frame.
        public private(set) var restsAtEnd = false
        /// Time played since the current frame was shown.
        private var accumulated = 0.0

        public init(frameCount: Int, fps: Double) {
            self.frameCount = max(0, frameCount)
            frameDuration = 1 / TerminalPlayer.State.sanitizedFramesPerSecond(fps)
            isPlaying = frameCount > 1
        }

        /// Applies one key: space toggles (and restarts when at the end), ←/→ step one frame and
        /// pause, r replays from the first frame, q or Ctrl-C quits. Other keys do nothing.
        public mutating func handle(key: TerminalKey) {
            let lastIndex = max(0, frameCount - 1)
            restsAtEnd = false
            switch key {
            case .space:
                if isPlaying {
                    isPlaying = false
                } else if frameCount > 1 {
                    if frameIndex >= lastIndex { frameIndex = 0 }
                    isPlaying = true
                }
                accumulated = 0
            case .leftArrow:
                isPlaying = false
                frameIndex = max(0, frameIndex - 1)
                accumulated = 0
            case .rightArrow:
                isPlaying = false
                frameIndex = min(lastIndex, frameIndex + 1)
                accumulated = 0
            case .character("r"), .character("R"):
                frameIndex = 0
                isPlaying = frameCount > 1
                accumulated = 0
            case .character("q"), .character("Q"), .controlC:
                isQuitRequested = true
                isPlaying = false
            case .character:
                break
            }
        }

        /// Advances by wall time while playing: whole frame durations move the index, the rest is
        /// carried over so pacing does not drift. Reaching the last frame pauses. Returns whether
        /// the visible frame or the play state changed.
        @discardableResult
        public mutating func tick(elapsed: Double) -> Bool {
            guard isPlaying, elapsed.isFinite, elapsed > 0 else { return false }
            let lastIndex = max(0, frameCount - 1)
            accumulated += elapsed
            // Compare as Double before converting so a huge elapsed time can never overflow Int.
            let remainingFrames = Double(lastIndex - frameIndex)
            // The tiny epsilon keeps sums like 0.02 + 0.08 (= 0.0999…) from missing a frame.
            let steps = (accumulated / frameDuration + 1e-9).rounded(.down)
            guard steps >= 1 else { return false }
            if steps >= remainingFrames {
                frameIndex = lastIndex
                isPlaying = false
                restsAtEnd = true
                accumulated = 0
            } else {
                frameIndex += Int(steps)
                accumulated -= steps * frameDuration
            }
            return true
        }

        /// New frames (a reloaded version): shows `index` (clamped), keeps playing or paused.
        public mutating func replaceFrames(count: Int, showing index: Int) {
            frameCount = max(0, count)
            frameIndex = min(max(0, index), max(0, frameCount - 1))
            if frameCount < 2 { isPlaying = false }
            if frameIndex >= frameCount - 1 { isPlaying = false }
            accumulated = 0
        }

        /// A new version's first frame arrived. A player resting on the last frame after playing
        /// through replays from the first: a transition's last frame is its resting state, which
        /// most edits leave as it was, so the end would show nothing of the change (a page that
        /// loops comes round to the start by itself). Returns whether it moved.
        @discardableResult
        public mutating func newVersionArrived() -> Bool {
            guard restsAtEnd else { return false }
            restsAtEnd = false
            frameIndex = 0
            isPlaying = frameCount > 1
            accumulated = 0
            return true
        }

        /// How long until the next frame is due, or nil when paused (the loop can sleep on input).
        public var secondsUntilNextFrame: Double? {
            isPlaying ? max(0, frameDuration - accumulated) : nil
        }

        /// Playback needs a positive finite rate; anything else means the usual 30 fps.
        static func sanitizedFramesPerSecond(_ fps: Double) -> Double {
            fps.isFinite && fps > 0 ? min(fps, 1000) : 30
        }
    }
}

// Owns every piece of terminal state the player changes (termios, alternate screen, cursor,
// signal handlers) and puts each back exactly once in `restore()`, whichever way playback ends.
final class TerminalSession {
    let input: Int32
    let output: Int32
    private(set) var signalReadEnd: Int32 = -1
    private var signalWriteEnd: Int32 = -1
    private var originalAttributes: termios?
    private var previousActions: [(signal: Int32, action: sigaction)] = []
    private var isScreenEntered = false

    /// Signals that end playback (SIGWINCH only triggers a re-fit).
    private static let handledSignals = [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGWINCH]

    /// Sets everything up; if a step fails the steps already taken are undone before throwing.
    init(input: Int32, output: Int32) throws {
        self.input = input
        self.output = output
        do {
            try installSignalHandlers()
            try enterRawMode()
            try TerminalOutput.write(output, "\u{1B}[?1049h\u{1B}[?25l\u{1B}[H\u{1B}[2J")
            isScreenEntered = true
        } catch {
            restore()
            throw error
        }
    }

    deinit { restore() }

    /// Leaves the alternate screen, shows the cursor, restores termios and signal dispositions.
    /// Idempotent; safe after a partial setup.
    func restore() {
        if isScreenEntered {
            isScreenEntered = false
            TerminalOutput.writeIgnoringErrors(output, "\u{1B}[?2026l\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l")
        }
        if var attributes = originalAttributes {
            originalAttributes = nil
            // TCSAFLUSH also discards unread keys so they do not leak into the shell.
            _ = tcsetattr(input, TCSAFLUSH, &attributes)
        }
        for saved in previousActions.reversed() {
            var action = saved.action
            _ = sigaction(saved.signal, &action, nil)
        }
        previousActions = []
        if signalWriteEnd >= 0 {
            activeSignalPipeWriteEnd = -1
            close(signalWriteEnd)
            signalWriteEnd = -1
        }
        if signalReadEnd >= 0 {
            close(signalReadEnd)
            signalReadEnd = -1
        }
    }

    /// Signal numbers delivered since the last call (read back from the self-pipe).
    func drainSignals() -> [Int32] {
        var signals: [Int32] = []
        var buffer = [UInt8](repeating: 0, count: 32)
        while signalReadEnd >= 0 {
            let count = buffer.withUnsafeMutableBytes { read(signalReadEnd, $0.baseAddress, $0.count) }
            if count > 0 {
                signals += buffer[0..<count].map { Int32($0) }
            } else if count < 0, errno == EINTR {
                continue
            } else {
                break
            }
        }
        return signals
    }

    /// Non-canonical, no echo, no signal keys (Ctrl-C arrives as byte 3 and Ctrl-Z cannot suspend
    /// us with the terminal in raw mode), no flow control; reads return at once (VMIN=0, VTIME=0).
    private func enterRawMode() throws {
        var attributes = termios()
        guard tcgetattr(input, &attributes) == 0 else {
            throw RenderError("terminal: cannot read settings (\(String(cString: strerror(errno))))")
        }
        var raw = attributes
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO | ISIG | IEXTEN)
        raw.c_iflag &= ~tcflag_t(IXON | ICRNL | BRKINT | INPCK | ISTRIP)
        withUnsafeMutableBytes(of: &raw.c_cc) { controlCharacters in
            controlCharacters[Int(VMIN)] = 0
            controlCharacters[Int(VTIME)] = 0
        }
        guard tcsetattr(input, TCSANOW, &raw) == 0 else {
            throw RenderError("terminal: cannot enter raw mode (\(String(cString: strerror(errno))))")
        }
        originalAttributes = attributes
    }

    /// Self-pipe: the handler only write()s the signal number (async-signal-safe), and the event
    /// loop polls the read end, so it wakes at once and unwinds normally through `restore()`.
    private func installSignalHandlers() throws {
        guard activeSignalPipeWriteEnd < 0 else { throw RenderError("--tty: a player is already running") }
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else {
            throw RenderError("terminal: cannot create a pipe (\(String(cString: strerror(errno))))")
        }
        signalReadEnd = ends[0]
        signalWriteEnd = ends[1]
        for end in ends {
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
        }
        activeSignalPipeWriteEnd = signalWriteEnd
        for signal in Self.handledSignals {
            var action = sigaction()
            #if canImport(Glibc)
            action.__sigaction_handler.sa_handler = forwardSignalToPipe
            #else
            action.__sigaction_u.__sa_handler = forwardSignalToPipe
            #endif
            sigemptyset(&action.sa_mask)
            action.sa_flags = 0
            var previous = sigaction()
            guard sigaction(signal, &action, &previous) == 0 else {
                throw RenderError("terminal: cannot install a signal handler (\(String(cString: strerror(errno))))")
            }
            previousActions.append((signal, previous))
        }
    }
}

/// The write end of the active player's self-pipe, read by the C signal handler (which cannot
/// capture context). Only one player runs at a time; -1 when none is active.
nonisolated(unsafe) private var activeSignalPipeWriteEnd: Int32 = -1

/// The signal handler: async-signal-safe work only (one write, errno preserved).
private let forwardSignalToPipe: @convention(c) (Int32) -> Void = { signal in
    let savedError = errno
    var byte = UInt8(truncatingIfNeeded: signal)
    _ = write(activeSignalPipeWriteEnd, &byte, 1)
    errno = savedError
}
