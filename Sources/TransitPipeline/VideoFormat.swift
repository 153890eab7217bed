import Foundation
import TransitCore
import TransitRender

/// `.mp4` (H.264), `.webm` (VP9), `.webp` (animated, lossy or `--lossless`): each frame is
/// encoded as soon as it is drawn and dropped, so memory stays flat in the frame count; every
/// frame lasts one frame interval, so a 60 fps render of N frames lasts N/60 s. The encoders,
/// their quality scales and licences: TransitRender's FrameEncoder.swift, docs/formats.md.
public final class VideoFormat: OutputFormat {
    static let entries: [OutputFormats.Entry] = [
        OutputFormats.Entry(extensions: ["mp4"], summary: "H.264 video") { VideoFormat(extension: "mp4", options: $0) },
        OutputFormats.Entry(extensions: ["webm"], summary: "VP9 video") { VideoFormat(extension: "webm", options: $0) },
        OutputFormats.Entry(extensions: ["webp"], summary: "animated WebP (lossy, or --lossless)") { VideoFormat(extension: "webp", options: $0) },
    ]

    let fileExtension: String
    let options: EncoderOptions
    private var encoder: FrameEncoder?
    private var interval = 1 / 30.0
    private var frames = 0

    init(extension fileExtension: String, options: FormatOptions) {
        self.fileExtension = fileExtension
        var encoderOptions = EncoderOptions(lossless: options.lossless)
        if let quality = options.quality { encoderOptions.quality = Double(quality) }
        self.options = encoderOptions
    }

    /// Frames stay in cairo's words when every pixel is opaque, as a rendered frame's are
    /// (OpaqueFrame: the encoder converts them without a RasterImage).
    public func keeper(forPass pass: Int) -> (@Sendable (RasterFrame) -> any Sendable)? {
        { frame in frame.opaqueCopy() ?? frame.makeImage() }
    }

    public func begin(pass: Int, session: SceneSession, destination: URL?) throws {
        guard let destination else { return }
        let fps = session.configuration.fps
        interval = 1 / fps
        let pixels = session.pixelSize
        // The encoder's file keeps the output's extension (it picks the container by it).
        let path = destination.deletingPathExtension().appendingPathExtension(fileExtension).path
        encoder = try VideoLibrary.encoder(forPath: path, width: pixels.width, height: pixels.height, frameRate: fps, options: options)
    }

    public func frame(_ frame: SampledFrame, pass: Int) throws {
        guard let encoder else { return }
        if let opaque = frame.kept as? OpaqueFrame {
            try encoder.append(opaque: opaque, duration: interval)
        } else if let image = frame.kept as? RasterImage {
            try encoder.append(image, duration: interval)
        } else {
            return
        }
        frames += 1
    }

    public func end(pass: Int, session: SceneSession, destination: URL?) throws {
        guard frames > 0 else { throw PipelineError.noFrames }
        try encoder?.finish()
        encoder = nil
    }
}
