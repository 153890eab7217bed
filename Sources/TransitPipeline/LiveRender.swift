import Foundation
import TransitCore
import TransitLua
import TransitRender

/// One reload for a live view (the served page, the terminal player): the scene runs on its own
/// thread and every sampled frame is drawn on every core as soon as the scene reaches it,
/// **the frame the viewer will be showing first** (`Playhead`: where it is looking, carried
/// forward by the time a frame takes to draw when it plays), and handed over the moment it is
/// drawn, so the viewer shows the new version where it is looking long before the last frame is
/// out. A newer save cancels it: the scene stops at its next frame and the workers at their next
/// pick.
///
/// Order of the callbacks: `began` (the reload thread, before the scene runs), `frame` (worker
/// threads, any order, possibly while the scene still runs), `sceneEnded` (the reload thread,
/// once the scene ran to its end: the times, trees and trace), then `ended` (the reload thread,
/// last, after every frame). After `cancel()` no worker picks another frame, but one being drawn
/// may still arrive: sinks compare versions.
public final class LiveRender: @unchecked Sendable {
    public enum Ending {
        /// Every frame was drawn and handed over.
        case completed(Completion)
        /// The scene or the session failed (the script's error, a missing file).
        case failed(Error)
        /// A newer save asked it to stop.
        case cancelled
    }

    public struct Completion {
        public let session: SceneSession
        public let times: [Double]
        public let windows: [LayerSnapshot]
        /// Monotonic seconds: the first frame drawn, and the last handed over.
        public let firstFrame: Double?
        public let lastFrame: Double
        /// Seconds one frame took to draw and keep, on average (the next reload's first guess).
        public let frameCost: Double
        /// How many frames, from the first, the scene stepped past to reach the viewer's sooner,
        /// and a second run of it drew afterwards.
        public let steppedPast: Int
    }

    public struct Callbacks {
        public var began: (SceneSession) -> Void = { _ in }
        public var frame: @Sendable (_ index: Int, _ time: Double, _ kept: any Sendable) -> Void = { _, _, _ in }
        public var sceneEnded: (_ session: SceneSession, _ times: [Double], _ windows: [LayerSnapshot]) -> Void = { _, _, _ in }
        public var ended: (Ending) -> Void = { _ in }
        public init() {}
    }

    /// Thrown into the scene from its frame callback to stop it.
    struct Cancelled: Error {}

    private let configuration: RunConfiguration
    private let keep: @Sendable (RasterFrame) -> any Sendable
    private let playhead: @Sendable () -> Playhead?
    private let callbacks: Callbacks
    private let workerCount: Int
    private let frameInterval: Double
    private let drawingScale: (@Sendable (_ screen: Size, _ configured: Double) -> Double)?

    private let condition = NSCondition()
    // Guarded by `condition`:
    private var cancelled = false
    /// Frames the scene reached and no worker took yet, in time order.
    private var pending: [(index: Int, time: Double, snapshot: LayerSnapshot)] = []
    private var sceneDone = false
    private var workersRunning = 0
    private var firstFrame: Double?
    private var lastFrame = 0.0
    /// Seconds a frame takes to draw and keep (a running mean; the caller's guess before the first).
    private var frameCost: Double
    private var framesDrawn = 0
    /// Workers drawing a frame now.
    private var drawing = 0
    private var thread: Thread?
    private var finished = false
    /// Whether the reload thread stepped back to background priority (it alone reads this).
    private var sceneInBackground = false

    /// `keep` turns a drawn frame into what the sink wants (PNG bytes, an image), on the worker;
    /// `playhead` is read at each pick (nil: nothing is being looked at, draw from the start);
    /// `frameCost` is a guess at the seconds a frame takes (the last reload's `frameCost`) until
    /// this reload has drawn one. `drawingScale` picks the pixels per point from the screen's size
    /// in points and the configured scale, for a viewer that shows the frames smaller (the
    /// terminal); nil draws at the configured scale.
    public init(_ configuration: RunConfiguration, workers: Int = ProcessInfo.processInfo.activeProcessorCount,
                keep: @escaping @Sendable (RasterFrame) -> any Sendable, playhead: @escaping @Sendable () -> Playhead?,
                frameCost: Double = 0.02, drawingScale: (@Sendable (_ screen: Size, _ configured: Double) -> Double)? = nil,
                callbacks: Callbacks) {
        self.configuration = configuration
        self.drawingScale = drawingScale
        self.keep = keep
        self.playhead = playhead
        self.callbacks = callbacks
        workerCount = max(1, workers)
        frameInterval = 1 / configuration.fps
        self.frameCost = frameCost.isFinite && frameCost > 0 ? min(frameCost, 1) : 0.02
    }

    public func start() {
        let thread = Thread { [self] in
            let ending = run()
            callbacks.ended(ending)
            condition.lock()
            finished = true
            condition.broadcast()
            condition.unlock()
        }
        thread.name = "transit.live-render"
        thread.stackSize = 16 << 20  // the Lua state and the scene run here, as on the main thread
        self.thread = thread
        thread.start()
    }

    /// Asks the reload to stop; returns at once (`waitUntilEnded` waits).
    public func cancel() {
        condition.lock()
        cancelled = true
        condition.broadcast()
        condition.unlock()
    }

    public var isCancelled: Bool {
        condition.lock()
        defer { condition.unlock() }
        return cancelled
    }

    /// Waits until `ended` has been called.
    public func waitUntilEnded() {
        condition.lock()
        while !finished { condition.wait() }
        condition.unlock()
    }

    private func log(_ text: @autoclosure () -> String) { LiveDebugLog.write("reload", text()) }

    private func run() -> Ending {
        let session: SceneSession
        do { session = try SceneSession.fresh(configuration) } catch { return .failed(error) }
        let record = FileRecord()
        session.runtime.fileRecord = record
        log("session ready")
        callbacks.began(session)
        if isCancelled { return .cancelled }
        let size = session.world.screen.bounds.size
        let rasterizer = session.makeRasterizer(scale: drawingScale?(size, session.scale))
        condition.lock()
        workersRunning = workerCount
        condition.unlock()
        for number in 0..<workerCount {
            let worker = Thread { [self] in work(rasterizer: rasterizer, size: size) }
            worker.name = "transit.live-frames-\(number)"
            worker.start()
        }
        // Every sampled time; the trees of the frames from `steppedPast` on (the first pass).
        var times: [Double] = []
        var windows: [LayerSnapshot] = []
        var steppedPast = 0
        var catchingUp = true
        var failure: Error?
        do {
            try session.run(sampling: .everyFrame, onStep: { [self] time, window in
                let number = times.count
                times.append(time)
                // Until the scene reaches the frame the viewer will see, the frames behind it are
                // stepped past without their tree: the viewer's frame comes first, and the second
                // pass below draws the rest.
                if catchingUp {
                    if isBehindViewer(time) {
                        steppedPast += 1
                        if isCancelled { throw Cancelled() }
                        return
                    }
                    catchingUp = false
                    if steppedPast > 0 { log("stepped past \(steppedPast) frames") }
                }
                let tree = window()
                windows.append(tree)
                try submit(number, time, session.screen(tree, at: time))
            })
        } catch {
            failure = error
        }
        if failure == nil, steppedPast > 0, !isCancelled {
            log("second pass for \(steppedPast) frames")
            do { windows = try drawSteppedPast(steppedPast, times: times, record: record) + windows } catch { failure = error }
        }
        condition.lock()
        // A failure while cancelled is the cancellation coming back out of the scene (through
        // Lua, which may have wrapped it).
        let wasCancelled = cancelled
        sceneDone = true
        if failure != nil { cancelled = true; pending.removeAll() }
        condition.broadcast()
        condition.unlock()
        if failure == nil, !wasCancelled { callbacks.sceneEnded(session, times, windows) }
        // The workers end once nothing is pending (or on cancel); the reload ends after them,
        // so `ended` is the last callback.
        condition.lock()
        while workersRunning > 0 { condition.wait() }
        let cancelledAtEnd = cancelled
        let first = firstFrame, last = lastFrame, cost = frameCost
        condition.unlock()
        if wasCancelled { return .cancelled }
        if let failure { return .failed(failure) }
        if cancelledAtEnd { return .cancelled }
        if times.isEmpty { return .failed(PipelineError.noFrames) }
        return .completed(Completion(session: session, times: times, windows: windows, firstFrame: first, lastFrame: last, frameCost: cost, steppedPast: steppedPast))
    }

    /// Whether a frame at `time` is one the viewer will not see before it comes round again:
    /// earlier than the frame on screen when a frame started now would be drawn.
    private func isBehindViewer(_ time: Double) -> Bool {
        condition.lock()
        let cost = frameCost
        condition.unlock()
        guard let looking = playhead() else { return false }
        return time < looking.time(at: MonotonicClock.seconds() + cost) - frameInterval * 0.999
    }

    /// Hands a frame's screen tree to the workers, in time order among those pending (the
    /// second pass's frames come before the first's). Throws `Cancelled` once cancelled.
    private func submit(_ number: Int, _ time: Double, _ screen: LayerSnapshot) throws {
        condition.lock()
        defer { condition.unlock() }
        if cancelled { throw Cancelled() }
        if firstFrame != nil, !sceneInBackground { sceneInBackground = true; Self.runInBackground() }
        let position = Self.firstIndex(in: pending) { $0 > time }
        pending.insert((number, time, screen), at: position)
        log("submit \(number) t=\(time)")
        condition.broadcast()
        // While a worker draws the viewer's first frame, the scene waits: that frame is what the
        // user is waiting for, and on two cores a scene running ahead takes half of one from it.
        while firstFrame == nil, drawing > 0, !cancelled { condition.wait() }
        if cancelled { throw Cancelled() }
    }

    /// The second pass: the scene again, from a fresh world, on the bytes the first pass read
    /// (`record`), drawing the first `count` frames the first pass stepped past; it stops after
    /// them. Determinism makes its frames those the first pass would have drawn; a time that
    /// differs says it was not, and fails the reload rather than mix two different runs.
    private func drawSteppedPast(_ count: Int, times: [Double], record: FileRecord) throws -> [LayerSnapshot] {
        // Its own session, not the spare: that one is kept for the next save.
        let session = try SceneSession(configuration)
        record.replay()
        session.runtime.fileRecord = record
        // The first pass printed the scene's lines and UIKit's warnings already.
        session.runtime.output = { _ in }
        session.world.warningHandler = nil
        var windows: [LayerSnapshot] = []
        var differs = false
        do {
            try session.run(sampling: .everyFrame, onStep: { [self] time, window in
                let number = windows.count
                guard number < count else { throw Cancelled() }
                guard time == times[number] else { differs = true; throw Cancelled() }
                let tree = window()
                windows.append(tree)
                try submit(number, time, session.screen(tree, at: time))
                // Stop once the last frame stepped past is handed over.
                if windows.count == count { throw Cancelled() }
            })
        } catch {
            // Stopping on purpose comes back as an error too (through Lua, perhaps wrapped).
            if isCancelled { throw Cancelled() }
            if !differs, windows.count < count { throw error }
        }
        if differs || windows.count < count { throw PipelineError.passesDiffer(frames: count, drawn: windows.count) }
        return windows
    }

    private func work(rasterizer: Rasterizer, size: Size) {
        var background = false
        while true {
            condition.lock()
            if firstFrame != nil, !background { background = true; Self.runInBackground() }
            var pick: Int?
            var looking: Playhead?, target: Double?
            while true {
                if cancelled || (pending.isEmpty && sceneDone) { break }
                // Until the viewer's frame is out, one worker draws: it and the scene have the cores.
                if firstFrame == nil, drawing > 0 { condition.wait(); continue }
                if !pending.isEmpty {
                    looking = playhead()
                    // Where the viewer will be when this frame, started now, arrives.
                    target = looking?.time(at: MonotonicClock.seconds() + frameCost)
                    pick = Self.pick(for: looking, at: target, in: pending, interval: frameInterval, sceneDone: sceneDone)
                    if pick != nil { break }
                }
                condition.wait()
            }
            guard let pick else {
                workersRunning -= 1
                condition.broadcast()
                condition.unlock()
                return
            }
            let frame = pending.remove(at: pick)
            drawing += 1
            log("pick \(frame.index) t=\(frame.time) playhead=\(looking.map { "\($0.time)" } ?? "nil") target=\(target.map { "\($0)" } ?? "-") cost=\(frameCost) pending=\(pending.count)")
            condition.unlock()

            let started = MonotonicClock.seconds()
            let kept = rasterizer.render(frame.snapshot, size: size, reading: keep)
            let drawn = MonotonicClock.seconds()
            log("drawn \(frame.index) in \(Int((drawn - started) * 1000)) ms")

            // Counted as drawn before it is handed over, so a scene waiting for the first frame
            // (`submit`) does not wait on the sink too.
            condition.lock()
            drawing -= 1
            if firstFrame == nil {
                firstFrame = drawn
                condition.broadcast()
                prepareNextSession()
            }
            framesDrawn += 1
            // The mean of this reload's frames; the guess it started with counts as one.
            frameCost += ((drawn - started) - frameCost) / Double(framesDrawn + 1)
            condition.unlock()

            callbacks.frame(frame.index, frame.time, kept)
            condition.lock()
            lastFrame = MonotonicClock.seconds()
            condition.unlock()
        }
    }

    /// The next save's world and Lua state, made as soon as this reload's first frame is out,
    /// on a thread of its own at background priority: saves come faster than heavy effects
    /// finish, and a save that finds no session ready waits 15–25 ms (two cores, busy) for its
    /// own before its scene can start.
    private func prepareNextSession() {
        let configuration = configuration
        let thread = Thread {
            Self.runInBackground()
            SceneSession.prepareSpare(configuration)
        }
        thread.name = "transit.live-spare"
        thread.stackSize = 16 << 20
        thread.start()
    }

    /// Once the first frame is out, the rest of the reload is background work: the threads
    /// drawing it (and running its scene) step back (nice 10, per thread) so the viewer's own
    /// work on the frame it has (the browser decoding and painting it, the terminal writing it),
    /// the editor and the next save's first frame come first. Each reload's threads are new and
    /// start at the usual priority; a thread cannot be raised back unprivileged, and need not be.
    private static func runInBackground() {
        #if os(Linux)
        // Linux keeps nice per thread, and "0" is the calling thread (setpriority(2), BUGS).
        _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 10)
        #endif
    }

    /// Which pending frame to draw next, or nil to wait for the scene to reach a better one.
    ///
    /// - Nothing looked at: the first.
    /// - A viewer standing still: the one nearest `target` (then outward, as the picks repeat);
    ///   while the scene has not reached `target` yet, wait for it, for the same reason as below.
    /// - A playing viewer: the first it will reach from `target`, the frame on screen then
    ///   included (a frame behind it would not be seen until playback comes round again). When
    ///   every pending frame is behind and the scene is still running, wait: the frame it will
    ///   reach is not simulated yet, and drawing one behind would take the core the scene needs.
    ///   Once the scene is done, a looping viewer comes round to the first pending frame; one
    ///   that stops on the last frame rests on the last.
    static func pick(for playhead: Playhead?, at target: Double?, in pending: [(index: Int, time: Double, snapshot: LayerSnapshot)],
                     interval: Double, sceneDone: Bool) -> Int? {
        guard let playhead, let target, !pending.isEmpty else { return pending.isEmpty ? nil : 0 }
        guard playhead.isPlaying else {
            if !sceneDone, let last = pending.last, last.time < target - interval * 0.999 { return nil }
            return nearest(to: target, in: pending)
        }
        // The first pending frame still on screen at `target` or after it.
        let ahead = firstIndex(in: pending) { $0 > target - interval * 0.999 }
        if ahead < pending.count { return ahead }
        if !sceneDone { return nil }
        return playhead.loop != nil ? 0 : pending.count - 1
    }

    /// The first pending index whose time satisfies `isAfter` (which holds from some point on);
    /// `pending.count` if none.
    private static func firstIndex(in pending: [(index: Int, time: Double, snapshot: LayerSnapshot)], where isAfter: (Double) -> Bool) -> Int {
        var low = 0, high = pending.count
        while low < high {
            let middle = (low + high) / 2
            if isAfter(pending[middle].time) { high = middle } else { low = middle + 1 }
        }
        return low
    }

    /// The pending frame whose time is nearest `time` (the earlier of two equally near); the
    /// first when nothing is being looked at. Pending frames are in time order, so a binary search.
    static func nearest(to time: Double?, in pending: [(index: Int, time: Double, snapshot: LayerSnapshot)]) -> Int {
        guard let time, pending.count > 1 else { return 0 }
        let low = firstIndex(in: pending) { $0 >= time }
        if low == pending.count { return pending.count - 1 }
        if low == 0 { return 0 }
        return time - pending[low - 1].time <= pending[low].time - time ? low - 1 : low
    }
}
