import Foundation
import TransitCore
import TransitRender

/// Several outputs of one run that keep the same thing of every frame (its image): the gallery
/// writes an entry's GIF and HTML player from one run this way, each written atomically.
public final class TeeFormat: OutputFormat {
    private let outputs: [(format: FrameCollector, destination: AtomicDestination)]

    /// Each output with the path it is written to. All must draw frames.
    public init(_ outputs: [(format: FrameCollector, path: String)]) {
        self.outputs = outputs.map { ($0.format, AtomicDestination(target: $0.path, isDirectory: false)) }
    }

    public func keeper(forPass pass: Int) -> (@Sendable (RasterFrame) -> any Sendable)? {
        { frame in frame.makeImage() }
    }

    public func frame(_ frame: SampledFrame, pass: Int) throws {
        for output in outputs { try output.format.frame(frame, pass: pass) }
    }

    public func end(pass: Int, session: SceneSession, destination: URL?) throws {
        do {
            for output in outputs { try output.format.end(pass: pass, session: session, destination: output.destination.temporary) }
            for output in outputs { try output.destination.commit() }
        } catch {
            for output in outputs { output.destination.discard() }
            throw error
        }
    }
}
