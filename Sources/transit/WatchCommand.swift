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

    var watched = reloader.reload(into: sink, since: MonotonicClock.seconds(), first: true)
    watcher.watch(watched)
    say("watching \(watcher.watchedDirectories.map { LuaRuntime.displayPath(URL(fileURLWithPath: $0)) + "/" }.joined(separator: ", ")) (Ctrl-C to stop)")
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

    init(options: Options) { self.options = options }

    /// When the last reload's first frame was out and its output written (monotonic seconds).
    struct Timing { var firstFrame: Double; var written: Double; var frames: Int }
    private(set) var lastTiming: Timing?

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
        // An editor that saves by truncating and then writing can be caught in between, and
        // an empty file would run as an empty scene: one blank frame over the last good output.
        if let contents = FileManager.default.contents(atPath: url.path),
           contents.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) {
            lastFiles = Array(Set(lastFiles + [url])).sorted { $0.path < $1.path }
            return .failure(ReloadFailure(message: "transit: \(options.file ?? url.path): the file is empty"))
        }
        do {
            let outcome = try RenderJob.run(try options.runConfiguration(), format: format, to: path, progress: false,
                                            prepare: { session, pass in if pass == 0 { session.runtime.output = { output.append($0) } } },
                                            finished: {
                                                // A module a failed require looked for is watched where its
                                                // directory exists, so creating it reloads.
                                                loaded += $0.runtime.loadedFiles + $0.runtime.missingModuleFiles.filter {
                                                    FileManager.default.fileExists(atPath: $0.deletingLastPathComponent().path)
                                                }
                                            })
            lastFiles = Array(Set(loaded + [url])).sorted { $0.path < $1.path }
            return .success(outcome)
        } catch {
            // A broken version may not reach every module the last good one read: keep those too.
            lastFiles = Array(Set(lastFiles + loaded + [url])).sorted { $0.path < $1.path }
            switch error {
            case PipelineError.scriptFailed(let underlying): return .failure(ReloadFailure(message: userFacing("\(underlying)")))
            case let error as PipelineError where !error.isUsage || error.description.contains("cannot write"):
                return .failure(ReloadFailure(message: "transit: \(error)", isWrite: true))
            default: return .failure(ReloadFailure(message: "transit: \(error)"))
            }
        }
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
        switch sink {
        case .server(let server):
            // --player-frames webm|mp4: each version published as one video stream.
            let frames: FrameCollector = options.playerFrames.map { PlayerFormat(video: $0, quality: options.quality) } ?? FrameCollector()
            switch run(frames) {
            case .failure(let failure):
                if !quiet { report(failure) }
                server.publishError(failure.message)
            case .success(let outcome):
                for problem in outcome.session.world.problems { say("problem: \(problem)") }
                server.publish(frames.playerDocument(outcome.session))
                say("\(verb) in \(milliseconds(outcome.firstFrameTime)) ms (first frame; \(frames.times.count) frames published in \(milliseconds(MonotonicClock.seconds())) ms)")
            }
        case .file(let path):
            let format: OutputFormat
            do { format = try self.format(for: path) } catch {
                say("transit: \(error)")
                return lastFiles
            }
            switch run(format, to: path) {
            case .failure(let failure) where failure.isWrite:
                say("\(failure.message); keeping the last good output")
            case .failure(let failure):
                if !quiet { report(failure) }
            case .success(let outcome):
                for problem in outcome.session.world.problems { say("problem: \(problem)") }
                let written = MonotonicClock.seconds()
                lastTiming = Timing(firstFrame: outcome.firstFrameTime ?? written, written: written, frames: outcome.frames)
                if outcome.firstFrameTime == nil || format is FilmstripFormat {
                    say("\(verb) in \(milliseconds(written)) ms (\(path) written)")
                } else {
                    say("\(verb) in \(milliseconds(outcome.firstFrameTime)) ms (first frame; \(path) written in \(milliseconds(written)) ms)")
                }
            }
        }
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
        Traceback.trimmed(message, hiding: LuaRuntime.defaultScriptsDirectory.map { LuaRuntime.displayPath($0) + "/" })
    }
}

struct ReloadFailure: Error, CustomStringConvertible {
    var message: String
    /// The run was good but its output could not be written.
    var isWrite = false
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
            let collected = FrameCollector()
            switch reloader.run(collected) {
            case .success:
                lastError = nil
                return .frames(collected.images, times: collected.times)
            case .failure(let failure):
                lastError = failure.message
                return .message(failure.message.split(separator: "\n").first.map(String.init) ?? "error")
            }
        }
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
    try player.play(feed: feed)
    for line in reloader.lastPrinted { FileHandle.standardOutput.write(Data((line + "\n").utf8)) }
    if let error = feed.lastError { say(error) }
    return 0
}
