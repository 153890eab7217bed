import Foundation
import TransitCore
import TransitRender

/// `.gif`: an animated GIF with one palette for all frames, from one run of the scene. Each
/// frame is drawn once: a worker reduces it to its runs of one colour (`ColourRuns`), which are
/// counted into the palette's histogram and kept in a temporary file in order; when the last
/// frame is counted the palette is built and the kept runs are mapped and written. Memory stays
/// flat in the number of frames. Same palette, same frames, same bytes as `GIFEncoder.encode` of
/// all frames at once (`InMemoryGIFFormat`, below, which watch and the gallery use).
public final class GIFFormat: OutputFormat {
    static let entry = OutputFormats.Entry(extensions: ["gif"], summary: "animated GIF (256 colours, one palette)") { options in
        options.gifInMemory ? InMemoryGIFFormat() as OutputFormat : GIFFormat()
    }

    private var histogram = ColourHistogram()
    private var spool: ColourRunSpool?
    private var destination: URL?

    public init() {}

    public func keeper(forPass pass: Int) -> (@Sendable (RasterFrame) -> any Sendable)? {
        { frame in ColourRuns(frame) }
    }

    public func begin(pass: Int, session: SceneSession, destination: URL?) throws {
        self.destination = destination
        spool = destination == nil ? nil : try ColourRunSpool()
    }

    public func frame(_ frame: SampledFrame, pass: Int) throws {
        guard let runs = frame.kept as? ColourRuns else { return }
        histogram.add(runs)
        try spool?.append(runs)
    }

    public func end(pass: Int, session: SceneSession, destination: URL?) throws {
        guard let spool, let destination else { return }
        guard spool.count > 0 else { throw PipelineError.noFrames }
        let palette = Palette(histogram: histogram)
        let delays = GIFEncoder.frameDelays(count: spool.count, fps: session.configuration.fps)
        let pixels = session.pixelSize
        let writer = try GIFWriter(width: pixels.width, height: pixels.height, palette: palette, output: GIFOutput.file(destination.path))
        var indices: [UInt8] = []
        var written = 0
        try spool.forEach { runs in
            palette.indices(for: runs, into: &indices)
            try writer.add(indices: indices, delayInCentiseconds: delays[written])
            written += 1
        }
        try writer.finish()
        self.spool = nil
    }
}

/// A GIF from frames held in memory: one run, then `GIFEncoder.encode` of them all.
public final class InMemoryGIFFormat: FrameCollector {
    public init() { super.init(rasterizes: true) }

    public override func end(pass: Int, session: SceneSession, destination: URL?) throws {
        guard !images.isEmpty else { throw PipelineError.noFrames }
        guard let destination else { return }
        let delays = GIFEncoder.frameDelays(count: images.count, fps: session.configuration.fps)
        try writeData(Data(GIFEncoder.encode(frames: images, delaysInCentiseconds: delays)), to: destination)
    }
}

/// Writes a whole file's bytes; a failure names the path and the reason.
func writeData(_ data: Data, to url: URL) throws {
    do {
        try data.write(to: url)
    } catch {
        throw PipelineError.cannotWrite(path: url.relativePath, reason: (error as NSError).localizedDescription)
    }
}
