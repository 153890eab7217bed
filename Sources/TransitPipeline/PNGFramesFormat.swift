import Foundation
import TransitCore
import TransitRender

/// A directory (an output name without an extension): frame-0000.png, frame-0001.png, ...,
/// each encoded on the worker that drew it and written in order.
public final class PNGFramesFormat: OutputFormat {
    private var written = 0
    public init() {}

    public var isDirectory: Bool { true }

    public func keeper(forPass pass: Int) -> (@Sendable (RasterFrame) -> any Sendable)? {
        { frame in Result { try PNGEncoder.encode(frame) } }
    }

    public func begin(pass: Int, session: SceneSession, destination: URL?) throws {
        currentDestination = destination
        guard let destination else { return }
        try FileManager.default.createDirectory(at: destination, withIntermediateDirectories: true)
    }

    public func frame(_ frame: SampledFrame, pass: Int) throws {
        guard let png = frame.kept as? Result<[UInt8], Error> else { return }
        let name = String(format: "frame-%04d.png", written)
        written += 1
        guard let destination = currentDestination else { return }
        try writeData(Data(try png.get()), to: destination.appendingPathComponent(name))
    }

    private var currentDestination: URL?

    public func end(pass: Int, session: SceneSession, destination: URL?) throws {
        guard written > 0 else { throw PipelineError.noFrames }
    }
}
