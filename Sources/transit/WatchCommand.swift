import Foundation
#if canImport(Glibc)
import Glibc
#endif
import TransitCore
import TransitLua
import TransitPipeline
import TransitRender

// `transit watch FILE [-o OUT | --tty | --serve [PORT]]`: runs and renders FILE again on every
// save of it, of its scene or of any module they require. Each reload is a fresh world and a
// fresh Lua state, so nothing of the previous version leaks into the next. A broken save prints
// its error and leaves the last good output as it was.

func commandWatch(_ arguments: ArraySlice<String>) throws -> Int32 {
    let options = try parseOptions(arguments, command: "watch")
    guard let file = options.file else { throw UsageError(message: "missing FILE (see transit --help)") }
    let modes = [options.output != nil, options.tty, options.serve != nil].filter { $0 }.count
    if modes > 1 { throw UsageError(message: "watch shows one way at a time: give -o OUT, --tty or --serve, not several") }
    if options.tty && !(TerminalPlayer.isTerminal(STDOUT_FILENO) && TerminalPlayer.isTerminal(STDIN_FILENO)) {
        throw UsageError(message: "--tty needs a terminal: stdin or stdout is not a terminal (use -o out.gif or --serve instead)")
    }
    let url = try checkedFile(file)
    let watcher = try FileWatcher()
    // Watch before the first run, so a save made while it runs is not missed.
    watcher.watch([url] + (options.scene.map { [URL(fileURLWithPath: $0)] } ?? []))
    let reloader = Reloader(options: options)

    if options.tty {
        return try watchInTerminal(reloader, watcher: watcher, file: file)
    }
    let stop = try StopSignals()
    defer { stop.restore() }
    let sink: ReloadSink
    if let port = options.serve {
        let server: LiveServer
        do {
            server = try LiveServer(port: port, title: URL(fileURLWithPath: file).lastPathComponent)
        } catch {
            throw UsageError(message: "--serve: \(error)")
        }
        sink = .server(server)
        say("serving the live player on \(server.url)")
    } else {
        let output = options.output ?? URL(fileURLWithPath: file).deletingPathExtension().lastPathComponent + ".gif"
        _ = try reloader.format(for: output)   // an unknown type or a missing directory is refused now
        sink = .file(output)
    }
    defer { if case .server(let server) = sink { server.stop() } }

    let reloads = BackgroundReloads()
    reloader.startReload(into: sink, reloads: reloads, saved: MonotonicClock.seconds(), first: true)
    var announced = false
    while true {
        let ready = FileWatcher.wait([watcher.fileDescriptor, stop.fileDescriptor, reloads.wakeDescriptor], milliseconds: -1)
        if ready.contains(stop.fileDescriptor) { break }
        if ready.contains(reloads.wakeDescriptor) {
            for report in reloads.takeReports() {
                watcher.watch(reloader.finish(report, sink: sink))
                if !announced {
                    announced = true
                    say("watching \(watcher.watchedDirectories.map { LuaRuntime.displayPath(URL(fileURLWithPath: $0)) + "/" }.joined(separator: ", ")) (Ctrl-C to stop)")
                }
            }
        }
        guard ready.contains(watcher.fileDescriptor) else { continue }
        let saved = MonotonicClock.seconds()
        guard watcher.debouncedChanges() else { continue }
        if stop.isPending { break }
        LiveDebugLog.write("watch", String(format: "save seen at %.1f, debounced", saved * 1000))
        // A newer save cancels the reload in flight and starts at once.
        reloader.startReload(into: sink, reloads: reloads, saved: saved, first: false)
    }
    // The output in progress is complete or cancelled before the loop ends (a cancelled file
    // output leaves the last good one in place).
    reloads.cancelAndDrain(waitingUpTo: 5)
    for report in reloads.takeReports() { _ = reloader.finish(report, sink: sink, quietly: true) }
    say("stopped watching")
    return 0
}

/// Where a reload goes.
enum ReloadSink {
    /// The output's path (its format chosen by its name).
    case file(String)
    case server(LiveServer)
}

/// One line on stderr (the channel for status; stdout carries the scene's own output).
func say(_ line: String) {
    FileHandle.standardError.write(Data((TerminalText.safe(line) + "\n").utf8))
}

/// The checks `makeRuntime` makes on FILE, for before the first run.
func checkedFile(_ file: String) throws -> URL {
    let url = URL(fileURLWithPath: file)
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else { throw UsageError(message: "\(file): no such file") }
    guard !isDirectory.boolValue else { throw UsageError(message: "\(file): is a directory, not a Lua file") }
    return url
}

extension FileWatcher {
    /// Reads the changes that woke the loop, then keeps reading until the directory has been
    /// quiet for 5 ms: an editor's save is several events (write the temporary file, rename
    /// it, touch a backup), issued back to back, and a `git checkout` is many. The window is
    /// short because a newer save cancels a reload in flight: a burst that outlasts it costs a
    /// restarted reload, never a wrong one, while every save waits the window. True when a
    /// watched file changed.
    func debouncedChanges(quiet milliseconds: Int32 = 5) -> Bool {
        var changed = readChanges()
        while !FileWatcher.wait([fileDescriptor], milliseconds: milliseconds).isEmpty {
            changed.formUnion(readChanges())
        }
        return !changed.isEmpty
    }
}

/// Runs the file once per save and hands the result to the output. Owned by the watch loop;
/// background reloads read only `options` (a constant) and the pure helpers, and post what they
/// found back to the loop, which alone changes the rest.
final class Reloader: @unchecked Sendable {
    let options: Options
    /// The files the last run read, so a broken save still watches them all.
    var lastFiles: [URL] = []
    /// The scene's printed lines last time: printed again only when they change, so a reload
    /// is one line unless the script says something new.
    private var lastOutput: [String]?
    /// The terminal player owns the screen: the scene's output waits until it quits.
    var holdsOutput = false

    init(options: Options) { self.options = options }

    /// When the last reload's first frame was out and its output written (monotonic seconds).
    struct Timing { var firstFrame: Double; var written: Double; var frames: Int }
    var lastTiming: Timing?
    private let visibleLock = NSLock()
    private var lastVisibleSeconds: Double?
    /// Seconds the last live reload took to draw a frame: the next one's guess at where a playing
    /// viewer will be when its first frame arrives (guarded by `visibleLock`).
    private var lastFrameCost = 0.02
    var frameCost: Double {
        get { visibleLock.lock(); defer { visibleLock.unlock() }; return lastFrameCost }
        set { visibleLock.lock(); lastFrameCost = newValue; visibleLock.unlock() }
    }

    /// The files to watch after the last run.
    var watchedFiles: [URL] { lastFiles }

    /// The format a file output is written in: a GIF from frames in memory (one run; a
    /// reload must show soon), everything else as `render` writes it.
    func format(for path: String) throws -> OutputFormat {
        var formatOptions = options.formatOptions
        formatOptions.gifInMemory = true
        return try OutputFormats.format(forPath: path, options: formatOptions)
    }

    /// Runs the scene into `format` (written atomically to `path`, or kept in memory). Errors
    /// are returned as a message (with the traceback cut to start in the user's files).
    func run(_ format: OutputFormat, to path: String? = nil) -> Swift.Result<RenderJob.Outcome, ReloadFailure> {
        var output: [String] = []
        defer {
            if !holdsOutput, output != lastOutput, !output.isEmpty || lastOutput != nil {
                for line in output { FileHandle.standardOutput.write(Data((line + "\n").utf8)) }
            }
            lastOutput = output
        }
        var loaded: [URL] = []
        let url = URL(fileURLWithPath: options.file ?? "").standardizedFileURL
        if let failure = emptyFileFailure() { return .failure(failure) }
        do {
            let outcome = try RenderJob.run(try options.runConfiguration(), format: format, to: path, progress: false,
                                            prepare: { session, pass in if pass == 0 { session.runtime.output = { output.append($0) } } },
                                            finished: { loaded += Self.filesRead($0) })
            lastFiles = Array(Set(loaded + [url])).sorted { $0.path < $1.path }
            return .success(outcome)
        } catch {
            // A broken version may not reach every module the last good one read: keep those too.
            lastFiles = Array(Set(lastFiles + loaded + [url])).sorted { $0.path < $1.path }
            return .failure(failure(for: error))
        }
    }

    /// Prints how a background reload ended and returns the files to watch now.
    func finish(_ report: ReloadReport, sink: ReloadSink, quietly: Bool = false) -> [URL] {
        let url = URL(fileURLWithPath: options.file ?? "").standardizedFileURL
        switch report.result {
        case .cancelled:
            // Its files still count: the next reload may read fewer.
            lastFiles = Array(Set(lastFiles + report.loaded + [url])).sorted { $0.path < $1.path }
            return lastFiles
        case .failed(let failure):
            lastFiles = Array(Set(lastFiles + report.loaded + [url])).sorted { $0.path < $1.path }
            print(report.output)
            if quietly { return lastFiles }
            if failure.isWrite { transit.say("\(failure.message); keeping the last good output") } else { self.report(failure) }
        case .completed(let frames, let problems):
            lastFiles = Array(Set(report.loaded + [url])).sorted { $0.path < $1.path }
            lastTiming = Timing(firstFrame: report.visible ?? report.complete, written: report.complete, frames: frames)
            print(report.output)
            if quietly { return lastFiles }
            for problem in problems { transit.say("problem: \(problem)") }
            transit.say(Self.timingLine(report, frames: frames, sink: sink))
        }
        return lastFiles
    }

    /// "reloaded: visible in 62 ms, complete in 1.9 s (60 frames)": from the save to the first
    /// new frame on a page's screen (as the page reported it) and to the last frame out; for a
    /// file, "reloaded in 140 ms (x.gif written, 60 frames)", to the moment it was replaced.
    static func timingLine(_ report: ReloadReport, frames: Int, sink: ReloadSink) -> String {
        func since(_ time: Double) -> String {
            let milliseconds = max(0, (time - report.saved) * 1000)
            return milliseconds < 1000 ? "\(Int(milliseconds.rounded())) ms" : String(format: "%.1f s", milliseconds / 1000)
        }
        let verb = report.first ? "ran" : "reloaded"
        switch sink {
        case .file(let path):
            let milliseconds = Int(max(0, (report.complete - report.saved) * 1000).rounded())
            return "\(verb) in \(milliseconds) ms (\(path) written, \(frames) frames)"
        case .server:
            let visible = report.visible.map { "visible in \(since($0))" } ?? "no page showed it"
            let pages = report.pages.map { $0.open > 1 || $0.shown != $0.open ? "; \($0.shown) of \($0.open) pages showed it" : "" } ?? ""
            return "\(verb): \(visible), complete in \(since(report.complete)) (\(frames) frames\(pages))"
        }
    }

    /// A report taken in without a line on stderr (the terminal player owns the screen).
    func finishQuietly(_ report: ReloadReport) -> [URL] { finish(report, sink: .file(""), quietly: true) }

    /// Save → the new version's frame on the terminal screen, in seconds, as the player last
    /// reported it (bench reads it).
    func noteVisible(_ seconds: Double) {
        visibleLock.lock()
        lastVisibleSeconds = seconds
        visibleLock.unlock()
    }

    var lastVisible: Double? {
        visibleLock.lock()
        defer { visibleLock.unlock() }
        return lastVisibleSeconds
    }

    /// The scene's printed lines, when they differ from last time.
    private func print(_ output: [String]) {
        if !holdsOutput, output != lastOutput, !output.isEmpty || lastOutput != nil {
            for line in output { FileHandle.standardOutput.write(Data((line + "\n").utf8)) }
        }
        lastOutput = output
    }

    /// An editor that saves by truncating and then writing can be caught in between, and an
    /// empty file would run as an empty scene: one blank frame over the last good output.
    func emptyFileFailure() -> ReloadFailure? {
        let url = URL(fileURLWithPath: options.file ?? "").standardizedFileURL
        guard let contents = FileManager.default.contents(atPath: url.path),
              contents.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) else { return nil }
        lastFiles = Array(Set(lastFiles + [url])).sorted { $0.path < $1.path }
        return ReloadFailure(message: "transit: \(options.file ?? url.path): the file is empty")
    }

    /// A run's error as watch reports it.
    func failure(for error: Error) -> ReloadFailure {
        switch error {
        case PipelineError.scriptFailed(let underlying):
            return ReloadFailure(message: userFacing(underlying), location: (underlying as? ScriptError)?.location)
        case let error as ScriptError:
            // A live reload's scene failed (LiveRender hands the script's error over as it is).
            return ReloadFailure(message: userFacing(error), location: error.location)
        case let error as PipelineError where !error.isUsage:
            return ReloadFailure(message: "transit: \(error)", isWrite: true)
        default:
            return ReloadFailure(message: "transit: \(error)", location: (error as? ScriptError)?.location)
        }
    }

    /// What the last run printed (for after the terminal player quits).
    var lastPrinted: [String] { lastOutput ?? [] }

    /// One write, so a reader never sees the error without what follows it.
    func report(_ failure: ReloadFailure) {
        say(failure.message + "\n(keeping the last good output; watching for the next save)")
    }

    /// A script error as the user needs it: the traceback starts at the first frame in the
    /// user's own files, not in the scene runner or Transit's scripts that called into them.
    func userFacing(_ error: Error) -> String {
        Traceback.trimmed(error, hiding: LuaRuntime.defaultScriptsDirectory.map { LuaRuntime.displayPath($0) + "/" })
    }
}

struct ReloadFailure: Error, CustomStringConvertible {
    var message: String
    /// The run was good but its output could not be written.
    var isWrite = false
    /// Where the script failed, when it names a place (the page shows the lines around it).
    var location: SourceLocation?
    var description: String { message }
}

/// `watch --tty`: the terminal player, fed a new version on every save. An error shows in the
/// status bar over the last good frames (the full message is printed after the player quits).
/// `printsAfter`: the scene's output and the last error are printed once the player quits
/// (bench measures it on a pseudo-terminal and keeps its own stdout clean).
func watchInTerminal(_ reloader: Reloader, watcher: FileWatcher, file: String,
                     input: Int32 = STDIN_FILENO, output: Int32 = STDOUT_FILENO, printsAfter: Bool = true) throws -> Int32 {
    /// Each save starts a LiveRender (cancelling the one in flight) whose frames, drawn nearest
    /// the time on screen first, come to the player as they are drawn.
    final class Feed: TerminalPlayerFeed, @unchecked Sendable {
        let reloader: Reloader
        let watcher: FileWatcher
        var lastError: String?
        private let wake = WakeSignal()
        private let lock = NSLock()
        // Guarded by `lock`:
        private var updates: [TerminalPlayerUpdate] = []
        private var playhead: Playhead?
        private var version = 0
        private var saves: [Int: Double] = [:]
        private var current: LiveRender?
        /// The cells the player shows frames in, and those the frames on screen were drawn for
        /// (nil: the first version, drawn at the configured scale).
        private var frameArea: (columns: Int, rows: Int)?
        private var drawnFor: (columns: Int, rows: Int)?

        init(reloader: Reloader, watcher: FileWatcher) { self.reloader = reloader; self.watcher = watcher }
        var fileDescriptors: [Int32] { [watcher.fileDescriptor, wake.fileDescriptor] }

        private func post(_ update: TerminalPlayerUpdate, for number: Int) {
            lock.lock()
            if number == version { updates.append(update) }
            lock.unlock()
            wake.signal()
        }

        func update(lookingAt playhead: Playhead) -> [TerminalPlayerUpdate] {
            lock.lock()
            self.playhead = playhead
            lock.unlock()
            wake.drain()
            takeFinished()
            if FileWatcher.wait([watcher.fileDescriptor], milliseconds: 0).contains(watcher.fileDescriptor) {
                let saved = MonotonicClock.seconds()
                if watcher.debouncedChanges() {
                    LiveDebugLog.write("tty", String(format: "save seen at %.1f, debounced", saved * 1000))
                    start(saved: saved)
                }
            }
            lock.lock()
            defer { lock.unlock() }
            let taken = updates
            updates = []
            return taken
        }

        /// Starts a reload: for a save (`saved`: when it was seen, for "visible in"), or to
        /// redraw the file as it is for a larger terminal (nil).
        private func start(saved: Double?) {
            lock.lock()
            version += 1
            let number = version
            if let saved { saves[number] = saved }
            let began = saved ?? MonotonicClock.seconds()
            let previous = current
            let area = frameArea
            drawnFor = area
            lock.unlock()
            previous?.cancel()
            if let failure = reloader.emptyFileFailure() {
                lastError = failure.message
                post(.message(Self.firstLine(failure.message)), for: number)
                return
            }
            let configuration: RunConfiguration
            do { configuration = try reloader.options.runConfiguration() } catch {
                post(.message("transit: \(error)"), for: number)
                return
            }
            var callbacks = LiveRender.Callbacks()
            // The scene's printed lines, for after the player quits (written on the reload's thread only).
            let capture = RunCapture()
            callbacks.began = { session in session.runtime.output = { capture.output.append($0) } }
            callbacks.frame = { [self] index, time, kept in
                if let image = kept as? RasterImage { post(.frame(version: number, index: index, time: time, image: image), for: number) }
            }
            callbacks.sceneEnded = { [self] session, times, _ in
                post(.timeline(version: number, times: times, problems: session.world.problems.map { "problem: \($0)" }), for: number)
            }
            callbacks.ended = { [self] ending in
                let report: ReloadReport
                switch ending {
                case .completed(let completion):
                    reloader.frameCost = completion.frameCost
                    report = ReloadReport(result: .completed(frames: completion.times.count, problems: []), saved: began, visible: nil,
                                          complete: completion.lastFrame, output: capture.output, loaded: Reloader.filesRead(completion.session), first: false)
                case .failed(let error):
                    let failure = reloader.failure(for: error)
                    post(.message(Self.firstLine(failure.message)), for: number)
                    report = ReloadReport(result: .failed(failure), saved: began, visible: nil, complete: MonotonicClock.seconds(),
                                          output: [], loaded: [], first: false)
                case .cancelled:
                    return
                }
                lock.lock()
                finished.append(report)
                lock.unlock()
                wake.signal()
            }
            // Frames only as large as the terminal shows them (TerminalFrame.drawingScale).
            var drawingScale: (@Sendable (Size, Double) -> Double)?
            if let (columns, rows) = area {
                drawingScale = { screen, configured in TerminalFrame.drawingScale(for: screen, columns: columns, rows: rows, limit: configured) }
            }
            let render = LiveRender(configuration, keep: { $0.makeImage() }, playhead: { [self] in lock.lock(); defer { lock.unlock() }; return playhead },
                                    frameCost: reloader.frameCost, drawingScale: drawingScale, callbacks: callbacks)
            lock.lock()
            current = render
            lock.unlock()
            render.start()
        }

        /// Reloads that ended, for the loop to take in (files to watch, the last error).
        private var finished: [ReloadReport] = []
        func takeFinished() {
            lock.lock()
            let reports = finished
            finished = []
            lock.unlock()
            for report in reports {
                if case .failed(let failure) = report.result { lastError = failure.message } else { lastError = nil }
                watcher.watch(reloader.finishQuietly(report))
            }
        }

        /// A terminal grown past what the streamed frames were drawn for draws the file again at
        /// the new size (a smaller one averages the frames it has down).
        func frameAreaChanged(columns: Int, rows: Int) {
            lock.lock()
            frameArea = (columns, rows)
            let grew = drawnFor.map { columns > $0.columns || rows > $0.rows } ?? false
            lock.unlock()
            if grew { start(saved: nil) }
        }

        func shown(version shownVersion: Int) {
            lock.lock()
            let saved = saves.removeValue(forKey: shownVersion)
            lock.unlock()
            if let saved {
                LiveDebugLog.write("tty", "version \(shownVersion) on screen")
                reloader.noteVisible(MonotonicClock.seconds() - saved)
            }
        }

        /// Waits for the reload in flight (when the player quits).
        func stop() {
            lock.lock()
            let running = current
            lock.unlock()
            running?.cancel()
            running?.waitUntilEnded()
        }

        static func firstLine(_ message: String) -> String { message.split(separator: "\n").first.map(String.init) ?? "error" }
    }
    let feed = Feed(reloader: reloader, watcher: watcher)
    reloader.holdsOutput = true
    var frames: [RasterImage], times: [Double]
    let collected = FrameCollector()
    switch reloader.run(collected) {
    case .success:
        (frames, times) = (collected.images, collected.times)
    case .failure(let failure):
        // Nothing good yet: a blank screen until the first good save, the error in the status bar.
        feed.lastError = failure.message
        let device = reloader.options.device
        let scale = reloader.options.deviceScale ? device.scale : (reloader.options.scale ?? 1)
        frames = [RasterImage(width: max(1, Int(device.size.width * scale)), height: max(1, Int(device.size.height * scale)))]
        times = [0]
    }
    watcher.watch(reloader.watchedFiles)
    let player = TerminalPlayer(frames: frames, times: times, fps: reloader.options.fps, title: "watch " + URL(fileURLWithPath: file).lastPathComponent)
    try player.play(input: input, output: output, feed: feed)
    feed.stop()
    feed.takeFinished()
    guard printsAfter else { return 0 }
    for line in reloader.lastPrinted { FileHandle.standardOutput.write(Data((line + "\n").utf8)) }
    if let error = feed.lastError { say(error) }
    return 0
}
