import Foundation
import TransitCore
import TransitRender

/// `.gif`: an animated GIF with one palette for all frames, streamed: the scene runs twice. The
/// first pass counts every frame's colours into one histogram and keeps nothing else, the
/// palette is built from it, the second maps each frame to that palette on the workers and
/// writes it as soon as the frames before it are written, so memory stays flat in the number of
/// frames. Same palette, same frames, same bytes as `GIFEncoder.encode` of all frames at once
/// (`InMemoryGIFFormat`, below, which watch and the gallery use for one run instead of two).
public final class GIFFormat: OutputFormat {
    static let entry = OutputFormats.Entry(extensions: ["gif"], summary: "animated GIF (256 colours, one palette)") { options in
        options.gifInMemory ? InMemoryGIFFormat() as OutputFormat : GIFFormat()
    }

    private var histogram = ColourHistogram()
    private var palette: Palette?
    private var writer: GIFWriter?
    private var delays: [Int] = []
    private var counted = 0
    private var written = 0

    public init() {}

    public var passes: Int { 2 }

    public func keeper(forPass pass: Int) -> (@Sendable (RasterFrame) -> any Sendable)? {
        if pass == 0 {
            return { frame in
                var frameHistogram = ColourHistogram()
                frameHistogram.add(frame)
                return frameHistogram
            }
        }
        let palette = self.palette!
        return { frame in
            var indices: [UInt8] = []
            palette.indices(for: frame, into: &indices)
            return indices
        }
    }

    public func begin(pass: Int, session: SceneSession, destination: URL?) throws {
        guard pass == 1, let destination, let palette else { return }
        delays = GIFEncoder.frameDelays(count: counted, fps: session.configuration.fps)
        let pixels = session.pixelSize
        writer = try GIFWriter(width: pixels.width, height: pixels.height, palette: palette, output: GIFOutput.file(destination.path))
    }

    public func frame(_ frame: SampledFrame, pass: Int) throws {
        if pass == 0 {
            if let frameHistogram = frame.kept as? ColourHistogram { histogram.add(frameHistogram) }
            counted += 1
        } else if let indices = frame.kept as? [UInt8], let writer {
            guard written < delays.count else { throw PipelineError.nondeterministic }
            try writer.add(indices: indices, delayInCentiseconds: delays[written])
            written += 1
        }
    }

    public func end(pass: Int, session: SceneSession, destination: URL?) throws {
        if pass == 0 {
            guard counted > 0 else { throw PipelineError.noFrames }
            palette = Palette(histogram: histogram)
        } else {
            guard written == counted else { throw PipelineError.nondeterministic }
            try writer?.finish()
            writer = nil
        }
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
