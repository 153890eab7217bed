import Foundation
#if canImport(Glibc)
import Glibc
#endif
import TransitCore
import TransitLua
import TransitRender

// `transit watch FILE [-o OUT | --tty | --serve [PORT]]`: runs and renders FILE again on every
// save of it, of its scene or of any module they require. Each reload is a fresh world and a
// fresh Lua state, so nothing of the previous version leaks into the next. A broken save prints
// its error and leaves the last good output as it was.

func commandWatch(_ arguments: ArraySlice<String>) throws -> Int32 {
    let options = try parseOptions(arguments, allowed: ["-o", "--output", "--tty", "--serve", "--fps", "--scale", "--scene", "--device",
                                                        "--ios", "--unsafe", "--budget", "--memory", "--no-status-bar", "--allow-read"])
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
        let target = try OutputTarget(path: output)
        reloader.rasterizes = target.format != .json
        sink = .file(target)
    }
    defer { if case .server(let server) = sink { server.stop() } }

    var watched = reloader.reload(into: sink, since: MonotonicClock.seconds(), first: true)
    watcher.watch(watched)
    say("watching \(watcher.watchedDirectories.map { LuaRuntimeDisplay.path(URL(fileURLWithPath: $0)) + "/" }.joined(separator: ", ")) (Ctrl-C to stop)")
    while true {
        let ready = FileWatcher.wait([watcher.fileDescriptor, stop.fileDescriptor], milliseconds: -1)
        if ready.contains(stop.fileDescriptor) { break }
        guard ready.contains(watcher.fileDescriptor) else { continue }
        let saved = MonotonicClock.seconds()
        guard watcher.debouncedChanges() else { continue }
        if stop.isPending { break }
        watched = reloader.reload(into: sink, since: saved)
        watcher.watch(watched)
    }
    say("stopped watching")
    return 0
}

/// Where a reload goes.
enum ReloadSink {
    case file(OutputTarget)
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
    /// quiet for 20 ms: an editor's save is several events (write the temporary file, rename
    /// it, touch a backup), and a `git checkout` is many. True when a watched file changed.
    func debouncedChanges(quiet milliseconds: Int32 = 20) -> Bool {
        var changed = readChanges()
        while !FileWatcher.wait([fileDescriptor], milliseconds: milliseconds).isEmpty {
            changed.formUnion(readChanges())
        }
        return !changed.isEmpty
    }
}

/// Runs the file once per save and hands the result to the output.
final class Reloader {
    let options: Options
    /// The files the last run read, so a broken save still watches them all.
    private var lastFiles: [URL] = []
    /// The scene's printed lines last time: printed again only when they change, so a reload
    /// is one line unless the script says something new.
    private var lastOutput: [String]?
    /// The terminal player owns the screen: the scene's output waits until it quits.
    var holdsOutput = false
    /// The timeline (-o x.json) needs no pixels.
    var rasterizes = true

    init(options: Options) { self.options = options }

    /// When the last reload's first frame was out and its output written (monotonic seconds).
    struct Timing { var firstFrame: Double; var written: Double; var frames: Int }
    private(set) var lastTiming: Timing?

    /// The files to watch after the last run.
    var watchedFiles: [URL] { lastFiles }

    /// The outcome of one run: frames in memory, or the error a script raised.
    struct Result {
        var world: World
        var frames: [RasterImage]
        var times: [Double]
        var snapshots: [LayerSnapshot]
        var firstFrameTime: Double?
        var title: String
    }

    /// Runs the scene and rasterizes its frames as they are sampled. Errors are returned as a
    /// message (with the traceback cut to start in the user's files).
    func run() -> Swift.Result<Result, ReloadFailure> {
        var output: [String] = []
        defer {
            if !holdsOutput, output != lastOutput, !output.isEmpty || lastOutput != nil {
                for line in output { FileHandle.standardOutput.write(Data((line + "\n").utf8)) }
            }
            lastOutput = output
        }
        let world: World, runtime: LuaRuntime, url: URL
        do {
            (world, runtime, url) = try makeRuntime(options)
        } catch let error as UsageError {
            return .failure(ReloadFailure(message: "transit: \(error.message)"))
        } catch {
            return .failure(ReloadFailure(message: "transit: \(error)"))
        }
        runtime.output = { output.append($0) }
        let pipeline = FramePipeline(rasterizer: Rasterizer(scale: renderScale(options, world), background: Color(white: 0)),
                                     size: world.screen.bounds.size)
        var times: [Double] = []
        var snapshots: [LayerSnapshot] = []
        var run = sceneRun(options)
        run.frameInterval = 1 / options.fps
        run.onFrame = { time in
            let snapshot = world.window.layer.snapshot(at: time)
            times.append(time)
            snapshots.append(snapshot)
            if self.rasterizes { pipeline.submit(screenFrame(world, at: time, self.options, window: snapshot)) }
        }
        do {
            try runtime.runScene(url, run)
        } catch {
            _ = pipeline.finish()
            // A broken version may not reach every module the last good one read: keep those too.
            lastFiles = Array(Set(lastFiles + runtime.loadedFiles + [url.standardizedFileURL])).sorted { $0.path < $1.path }
            return .failure(ReloadFailure(message: userFacing("\(error)")))
        }
        lastFiles = runtime.loadedFiles + [url.standardizedFileURL]
        let (frames, firstFrameTime) = pipeline.finish()
        return .success(Result(world: world, frames: frames, times: times, snapshots: snapshots,
                               firstFrameTime: firstFrameTime, title: url.lastPathComponent))
    }

    /// One reload into `sink`; `saved` is when the save was seen (monotonic seconds). Returns
    /// the files to watch.
    func reload(into sink: ReloadSink, since saved: Double, quiet: Bool = false, first: Bool = false) -> [URL] {
        let verb = first ? "ran" : "reloaded"
        lastTiming = nil
        let say: (String) -> Void = quiet ? { _ in } : { transit.say($0) }
        func milliseconds(_ time: Double?) -> String {
            time.map { String(Int(((($0 - saved) * 1000)).rounded())) } ?? "?"
        }
        if case .file(let target) = sink, target.format == .filmstrip {
            return reloadFilmstrip(target, since: saved, verb: verb)
        }
        switch run() {
        case .failure(let failure):
            if !quiet { report(failure) }
            if case .server(let server) = sink { server.publishError(failure.message) }
        case .success(let result):
            for problem in result.world.problems { say("problem: \(problem)") }
            switch sink {
            case .server(let server):
                server.publish(PlayerDocument(title: result.title, fps: options.fps, frames: result.frames, times: result.times,
                                              snapshots: result.snapshots, trace: result.world.trace.entries))
                say("\(verb) in \(milliseconds(result.firstFrameTime)) ms (first frame; \(result.frames.count) frames published in \(milliseconds(MonotonicClock.seconds())) ms)")
            case .file(let target):
                do {
                    try AtomicOutput.write(target) { temporary in
                        if target.format == .json {
                            try temporary.writeTimeline(samples: Array(zip(result.times, result.snapshots)), fps: options.fps, world: result.world)
                        } else {
                            try temporary.write(frames: result.frames, times: result.times, fps: options.fps,
                                                trace: result.world.trace.lines, title: result.title)
                        }
                    }
                    let written = MonotonicClock.seconds()
                    lastTiming = Timing(firstFrame: result.firstFrameTime ?? written, written: written, frames: result.frames.count)
                    if result.firstFrameTime == nil {
                        say("\(verb) in \(milliseconds(MonotonicClock.seconds())) ms (\(target.path) written)")
                    } else {
                        say("\(verb) in \(milliseconds(result.firstFrameTime)) ms (first frame; \(target.path) written in \(milliseconds(MonotonicClock.seconds())) ms)")
                    }
                } catch {
                    say("transit: \(target.path): cannot write: \(error); keeping the last good output")
                }
            }
        }
        return lastFiles
    }

    private func reloadFilmstrip(_ target: OutputTarget, since saved: Double, verb: String) -> [URL] {
        var files: [URL] = []
        do {
            var status: Int32 = 0
            try AtomicOutput.write(target) { temporary in
                status = try renderFilmstrip(options, target: temporary, readFiles: { files = $0 })
                if status != 0 && !FileManager.default.fileExists(atPath: temporary.path) { throw ReloadFailure(message: "") }
            }
            say("\(verb) in \(Int(((MonotonicClock.seconds() - saved) * 1000).rounded())) ms (\(target.path) written)")
        } catch let failure as ReloadFailure where failure.message.isEmpty {
            say("(keeping the last good \(target.path); watching for the next save)")
        } catch {
            say("\(error)\n(keeping the last good \(target.path); watching for the next save)")
        }
        if let url = options.file.map({ URL(fileURLWithPath: $0).standardizedFileURL }) { files.append(url) }
        lastFiles = Array(Set(lastFiles + files)).sorted { $0.path < $1.path }
        return lastFiles
    }

    /// What the last run printed (for after the terminal player quits).
    var lastPrinted: [String] { lastOutput ?? [] }

    /// One write, so a reader never sees the error without what follows it.
    func report(_ failure: ReloadFailure) {
        say(failure.message + "\n(keeping the last good output; watching for the next save)")
    }

    /// A script error as the user needs it: the traceback starts at the first frame in the
    /// user's own files, not in the scene runner or Transit's scripts that called into them.
    func userFacing(_ message: String) -> String {
        Traceback.trimmed(message, hiding: LuaRuntime.defaultScriptsDirectory.map { LuaRuntimeDisplay.path($0) + "/" })
    }
}

struct ReloadFailure: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}

/// `watch --tty`: the terminal player, fed a new version on every save. An error shows in the
/// status bar over the last good frames (the full message is printed after the player quits).
func watchInTerminal(_ reloader: Reloader, watcher: FileWatcher, file: String) throws -> Int32 {
    final class Feed: TerminalPlayerFeed {
        let reloader: Reloader
        let watcher: FileWatcher
        var lastError: String?
        init(reloader: Reloader, watcher: FileWatcher) { self.reloader = reloader; self.watcher = watcher }
        var fileDescriptor: Int32 { watcher.fileDescriptor }

        func update(lookingAt time: Double) -> TerminalPlayerUpdate? {
            guard watcher.debouncedChanges() else { return nil }
            defer { watcher.watch(reloader.watchedFiles) }
            switch reloader.run() {
            case .success(let result):
                lastError = nil
                return .frames(result.frames, times: result.times)
            case .failure(let failure):
                lastError = failure.message
                return .message(failure.message.split(separator: "\n").first.map(String.init) ?? "error")
            }
        }
    }
    let feed = Feed(reloader: reloader, watcher: watcher)
    reloader.holdsOutput = true
    var frames: [RasterImage], times: [Double]
    switch reloader.run() {
    case .success(let result):
        (frames, times) = (result.frames, result.times)
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
    try player.play(feed: feed)
    for line in reloader.lastPrinted { FileHandle.standardOutput.write(Data((line + "\n").utf8)) }
    if let error = feed.lastError { say(error) }
    return 0
}
