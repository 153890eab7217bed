import Foundation
import TransitCore
import TransitLua
import TransitRender

/// Runs a file for an output format: each of the format's passes in a fresh session, the
/// sampled frames rasterized on worker threads while the scene runs (`FrameStream`) and handed
/// to the format in order, then the write made atomic. Every command that draws frames — render,
/// watch, the gallery, bench — goes through `run`.
public enum RenderJob {
    public struct Outcome {
        /// The last pass's session: its world holds the trace, the problems, the transitions.
        public let session: SceneSession
        /// Frames the last pass sampled.
        public let frames: Int
        /// When the last pass's first frame was drawn (monotonic seconds), if it drew any.
        public let firstFrameTime: Double?
    }

    /// Renders `configuration`'s file into `format`, written atomically to `path` (nil: the
    /// format keeps its result in memory). The first pass prints the scene's output and
    /// UIKit's warnings; later passes repeat it silently. `progress` shows a progress line on
    /// passes whose frame count an earlier pass told. `prepare` sees each session before its
    /// scene runs (watch collects the scene's output there), `finished` after it ran or failed
    /// (watch reads the files it loaded).
    @discardableResult
    public static func run(_ configuration: RunConfiguration, format: OutputFormat, to path: String?,
                           progress: Bool = true, isCancelled: @escaping () -> Bool = { false },
                           prepare: (_ session: SceneSession, _ pass: Int) -> Void = { _, _ in },
                           finished: (SceneSession) -> Void = { _ in }) throws -> Outcome {
        let destination = path.map { AtomicDestination(target: $0, isDirectory: format.isDirectory) }
        do {
            var outcome: Outcome?
            var knownFrameCount: Int?
            for pass in 0..<format.passes {
                let session = try SceneSession(configuration, quiet: pass > 0)
                prepare(session, pass)
                defer { finished(session) }
                let reporter = progress && knownFrameCount != nil ? ProgressReporter(total: knownFrameCount!, label: "rendering") : nil
                outcome = try run(session, format: format, pass: pass, destination: destination?.temporary, progress: reporter, target: path,
                                  isCancelled: isCancelled)
                knownFrameCount = outcome?.frames
            }
            guard let outcome else { throw PipelineError.noFrames }   // a format of no passes
            try destination?.commit()
            return outcome
        } catch {
            destination?.discard()
            throw error
        }
    }

    /// One pass: the scene runs, each sampled frame is drawn (when the pass keeps pixels) and
    /// given to the format in order.
    private static func run(_ session: SceneSession, format: OutputFormat, pass: Int, destination: URL?,
                            progress: ProgressReporter?, target: String?, isCancelled: @escaping () -> Bool) throws -> Outcome {
        // What a format fails with, other than the pipeline's own errors, is a failed write.
        func writing<T>(_ body: () throws -> T) throws -> T {
            do { return try body() } catch let error as PipelineError { throw error } catch {
                throw PipelineError.cannotWrite(path: target ?? "output", reason: "\(error)")
            }
        }
        try writing { try format.begin(pass: pass, session: session, destination: destination) }
        let sampling = format.sampling(forPass: pass)
        var count = 0
        var stream: FrameStream<any Sendable>?
        // Frames wait here, in order, for their drawn pixels.
        var waiting: [(index: Int, time: Double, window: LayerSnapshot)] = []
        var waitingStart = 0
        var failure: Error?
        if let keep = format.keeper(forPass: pass) {
            stream = FrameStream(rasterizer: session.makeRasterizer(), size: session.world.screen.bounds.size, progress: progress,
                                 keep: keep, deliver: { kept in
                let next = waiting[waitingStart]
                waitingStart += 1
                if waitingStart > 64 { waiting.removeFirst(waitingStart); waitingStart = 0 }
                guard failure == nil else { return }
                do {
                    try writing { try format.frame(SampledFrame(index: next.index, time: next.time, window: next.window, kept: kept), pass: pass) }
                } catch {
                    failure = error
                }
            })
        }
        do {
            // A format's failure is kept, not thrown into the scene (it would come back as the
            // script's error); the frames after it are not drawn.
            try session.run(sampling: sampling, onFrame: { time, window in
                // A newer save (watch) stops the scene at its next frame; nothing is written.
                if isCancelled() {
                    failure = PipelineError.cancelled
                    throw PipelineError.cancelled
                }
                guard failure == nil else { return }
                let index = count
                count += 1
                if let stream {
                    waiting.append((index, time, window))
                    stream.submit(session.screen(window, at: time))
                } else {
                    do {
                        try writing { try format.frame(SampledFrame(index: index, time: time, window: window, kept: nil), pass: pass) }
                    } catch {
                        failure = error
                    }
                }
            })
        } catch {
            stream?.finish()
            throw failure ?? PipelineError.scriptFailed(error)
        }
        let firstFrameTime = stream?.finish().firstFrameTime
        if let failure { throw failure }
        try writing { try format.end(pass: pass, session: session, destination: destination) }
        return Outcome(session: session, frames: count, firstFrameTime: firstFrameTime)
    }
}
