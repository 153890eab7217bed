import Foundation
#if canImport(Glibc)
import Glibc
#endif
import TransitCore
import TransitLua
import TransitPipeline
import TransitRender

/// The reloads of `watch -o OUT` and `watch --serve`, each on its own thread so the watch loop
/// keeps reading saves while one runs: a newer save cancels the reload in flight (its output is
/// discarded, a file output keeps the last good version) and starts its own at once. What a
/// reload ends with comes back to the loop as a `ReloadReport`, through `wakeDescriptor`.
final class BackgroundReloads: @unchecked Sendable {
    /// Readable when a report is waiting.
    private let wake = WakeSignal()
    var wakeDescriptor: Int32 { wake.fileDescriptor }
    private let lock = NSLock()
    private var reports: [ReloadReport] = []
    private var inFlight: Cancellable?

    /// Something that runs and can be told to stop.
    final class Cancellable: @unchecked Sendable {
        private let lock = NSLock()
        private var cancelled = false
        var onCancel: () -> Void = {}
        var isCancelled: Bool { lock.lock(); defer { lock.unlock() }; return cancelled }
        func cancel() {
            lock.lock()
            cancelled = true
            lock.unlock()
            onCancel()
        }
    }


    /// Cancels the reload in flight (if any) and makes `next` the one in flight.
    func replaceInFlight(with next: Cancellable) {
        lock.lock()
        let previous = inFlight
        inFlight = next
        lock.unlock()
        previous?.cancel()
    }

    var isRunning: Bool { lock.lock(); defer { lock.unlock() }; return inFlight != nil }

    /// Called on the reload's thread as it ends.
    func post(_ report: ReloadReport, from job: Cancellable) {
        lock.lock()
        reports.append(report)
        if inFlight === job { inFlight = nil }
        lock.unlock()
        wake.signal()
    }

    func takeReports() -> [ReloadReport] {
        wake.drain()
        lock.lock()
        defer { lock.unlock() }
        let taken = reports
        reports = []
        return taken
    }

    /// Cancels what runs and waits (at most `seconds`) for its report.
    func cancelAndDrain(waitingUpTo seconds: Double) {
        lock.lock()
        let running = inFlight
        lock.unlock()
        running?.cancel()
        let deadline = MonotonicClock.seconds() + seconds
        while isRunning, MonotonicClock.seconds() < deadline { _ = FileWatcher.wait([wakeDescriptor], milliseconds: 50) }
    }
}

/// What a run printed and read, collected on the thread it runs on.
final class RunCapture: @unchecked Sendable {
    var output: [String] = []
    var loaded: [URL] = []
}

/// How one background reload ended, for the watch loop to print and to watch its files.
struct ReloadReport {
    enum Result {
        /// For the page: every frame streamed. For a file: written.
        case completed(frames: Int, problems: [String])
        case failed(ReloadFailure)
        case cancelled
    }
    var result: Result
    /// When the save was seen, and when the new version was first seen (a page showed it, the
    /// file was in place) and complete (monotonic seconds).
    var saved: Double
    var visible: Double?
    var complete: Double
    var output: [String]
    var loaded: [URL]
    var first: Bool
    /// The page: how many pages said they showed it, of how many open.
    var pages: (shown: Int, open: Int)?
}

extension Reloader {
    /// Starts a reload into `sink` on its own thread, cancelling the one in flight.
    func startReload(into sink: ReloadSink, reloads: BackgroundReloads, saved: Double, first: Bool) {
        let job = BackgroundReloads.Cancellable()
        reloads.replaceInFlight(with: job)
        if let failure = emptyFileFailure() {
            if case .server(let server) = sink { server.fail(version: server.reserve(), liveError(failure)) }
            reloads.post(ReloadReport(result: .failed(failure), saved: saved, visible: nil, complete: MonotonicClock.seconds(),
                                      output: [], loaded: [], first: first), from: job)
            return
        }
        let configuration: RunConfiguration
        do { configuration = try options.runConfiguration() } catch {
            reloads.post(ReloadReport(result: .failed(ReloadFailure(message: "transit: \(error)")), saved: saved, visible: nil,
                                      complete: MonotonicClock.seconds(), output: [], loaded: [], first: first), from: job)
            return
        }
        switch sink {
        case .server(let server): streamReload(configuration, to: server, job: job, reloads: reloads, saved: saved, first: first)
        case .file(let path): fileReload(configuration, to: path, job: job, reloads: reloads, saved: saved, first: first)
        }
    }

    /// One reload, waited for (bench): its report, already taken in by `finish`.
    func reloadAndWait(into sink: ReloadSink, reloads: BackgroundReloads, saved: Double) -> ReloadReport {
        startReload(into: sink, reloads: reloads, saved: saved, first: false)
        while true {
            _ = FileWatcher.wait([reloads.wakeDescriptor], milliseconds: -1)
            if let report = reloads.takeReports().last {
                _ = finish(report, sink: sink, quietly: true)
                return report
            }
        }
    }

    /// The page: frames streamed as they are drawn, the one the page will be showing first.
    private func streamReload(_ configuration: RunConfiguration, to server: LiveServer, job: BackgroundReloads.Cancellable,
                              reloads: BackgroundReloads, saved: Double, first: Bool) {
        if options.playerFrames != nil {
            return videoReload(configuration, to: server, job: job, reloads: reloads, saved: saved, first: first)
        }
        let version = server.reserve()
        final class Collected: @unchecked Sendable { var output: [String] = []; var session: SceneSession? }
        let collected = Collected()
        var callbacks = LiveRender.Callbacks()
        callbacks.began = { session in
            collected.session = session
            session.runtime.output = { collected.output.append($0) }
            let pixels = session.pixelSize
            server.begin(version, LiveServer.VersionInfo(fps: configuration.fps, width: pixels.width, height: pixels.height))
        }
        callbacks.frame = { index, time, kept in
            if let png = kept as? [UInt8] { server.frame(version: version, index: index, time: time, png: png) }
        }
        callbacks.sceneEnded = { session, times, windows in
            let document = PlayerDocument(title: session.title, fps: configuration.fps, frames: [], times: times,
                                          snapshots: windows, trace: session.world.trace.entries)
            if let json = try? PlayerPayload.timeline(document, problems: session.world.problemRecords) {
                server.timeline(version: version, json: json)
            }
        }
        callbacks.ended = { [self] ending in
            let loaded = collected.session.map(Self.filesRead) ?? []
            var report = ReloadReport(result: .cancelled, saved: saved, visible: nil, complete: MonotonicClock.seconds(),
                                      output: collected.output, loaded: loaded, first: first)
            switch ending {
            case .completed(let completion):
                frameCost = completion.frameCost
                server.complete(version: version)
                report.complete = completion.lastFrame
                report.result = .completed(frames: completion.times.count, problems: completion.session.world.problems)
                // The page says when it showed the version; a page may be closed, or slow.
                if server.pagesOpen > 0 {
                    report.visible = server.shownTime(of: version, waitingUpTo: 2)
                    report.pages = server.waitUntilEveryPageShowed(version, upTo: 2)
                }
            case .failed(let error):
                let failure = self.failure(for: error)
                server.fail(version: version, liveError(failure))
                report.result = .failed(failure)
            case .cancelled:
                break
            }
            reloads.post(report, from: job)
        }
        let render = LiveRender(configuration, keep: { frame in (try? PNGEncoder.encode(frame)) ?? [UInt8]() },
                                playhead: { server.playhead }, frameCost: frameCost, callbacks: callbacks)
        job.onCancel = { render.cancel() }
        render.start()
    }

    /// `--player-frames webm|mp4`: each version is one video, published when it is complete.
    private func videoReload(_ configuration: RunConfiguration, to server: LiveServer, job: BackgroundReloads.Cancellable,
                             reloads: BackgroundReloads, saved: Double, first: Bool) {
        backgroundJob(job, reloads: reloads, saved: saved, first: first) { [self] capture in
            let format = PlayerFormat(video: options.playerFrames, quality: options.quality)
            let outcome = try RenderJob.run(configuration, format: format, to: nil, progress: false,
                                            isCancelled: { job.isCancelled },
                                            prepare: { session, pass in if pass == 0 { session.runtime.output = { capture.output.append($0) } } },
                                            finished: { capture.loaded += Self.filesRead($0) })
            server.publish(format.playerDocument(outcome.session))
            return outcome
        } failed: { failure in
            server.fail(self.liveError(failure))
        }
    }

    /// A file output: rendered as `render` writes it, replaced atomically when complete, so a
    /// cancelled or failed reload leaves the last good file.
    private func fileReload(_ configuration: RunConfiguration, to path: String, job: BackgroundReloads.Cancellable,
                            reloads: BackgroundReloads, saved: Double, first: Bool) {
        // Checked here so a bad output is one line now; made again on the thread that uses it.
        do { _ = try self.format(for: path) } catch {
            reloads.post(ReloadReport(result: .failed(ReloadFailure(message: "transit: \(error)", isWrite: true)), saved: saved, visible: nil,
                                      complete: MonotonicClock.seconds(), output: [], loaded: [], first: first), from: job)
            return
        }
        backgroundJob(job, reloads: reloads, saved: saved, first: first) { [self] capture in
            try RenderJob.run(configuration, format: try self.format(for: path), to: path, progress: false, isCancelled: { job.isCancelled },
                              prepare: { session, pass in if pass == 0 { session.runtime.output = { capture.output.append($0) } } },
                              finished: { capture.loaded += Self.filesRead($0) })
        } failed: { _ in }
    }

    /// Runs `body` on a thread of its own and posts how it ended; for a file, visible and
    /// complete are the same moment (the rename).
    private func backgroundJob(_ job: BackgroundReloads.Cancellable, reloads: BackgroundReloads, saved: Double, first: Bool,
                               _ body: @escaping @Sendable (_ capture: RunCapture) throws -> RenderJob.Outcome,
                               failed: @escaping @Sendable (ReloadFailure) -> Void) {
        let thread = Thread { [self] in
            let capture = RunCapture()
            var report = ReloadReport(result: .cancelled, saved: saved, visible: nil, complete: 0, output: [], loaded: [], first: first)
            do {
                let outcome = try body(capture)
                report.complete = MonotonicClock.seconds()
                report.visible = report.complete
                report.result = .completed(frames: outcome.frames, problems: outcome.session.world.problems)
            } catch {
                report.complete = MonotonicClock.seconds()
                if !job.isCancelled {
                    let failure = self.failure(for: error)
                    failed(failure)
                    report.result = .failed(failure)
                }
            }
            report.output = capture.output
            report.loaded = capture.loaded
            reloads.post(report, from: job)
        }
        thread.stackSize = 16 << 20
        thread.start()
    }

    /// The files a run read, and the modules a failed `require` looked for where their
    /// directory exists (so creating one reloads).
    static func filesRead(_ session: SceneSession) -> [URL] {
        session.runtime.loadedFiles + session.runtime.missingModuleFiles.filter {
            FileManager.default.fileExists(atPath: $0.deletingLastPathComponent().path)
        }
    }

    /// A failure as the page shows it: the message, and the lines around its place when the
    /// place is a readable file.
    func liveError(_ failure: ReloadFailure) -> LiveError {
        var error = LiveError(message: failure.message)
        if let place = failure.location {
            error.file = place.file
            error.line = place.line
            if let source = try? String(contentsOfFile: place.file, encoding: .utf8) {
                error.codeFrame = LiveError.codeFrame(source, around: place.line)
            }
        }
        return error
    }
}
