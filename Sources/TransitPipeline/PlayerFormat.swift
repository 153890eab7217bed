import Foundation
#if canImport(Glibc)
import Glibc
#endif
import TransitCore
import TransitRender

/// `.html`: the self-contained player: every frame, the presentation trees for its curves and
/// the timed trace. Its frames are PNG images, or one video stream (`--player-frames webm|mp4`):
/// then each frame is encoded as it is drawn and only the stream is kept, embedded in the page,
/// or written beside it and named by it (`videoFile`, the gallery's way).
public final class PlayerFormat: FrameCollector {
    static let entry = OutputFormats.Entry(extensions: ["html"], summary: "HTML player (frames, trace and curves)") {
        PlayerFormat(video: $0.playerVideo, quality: $0.quality)
    }

    /// "webm" or "mp4"; nil: PNG frames.
    let videoExtension: String?
    let quality: Int?
    /// The video encoder's fast preset (EncoderOptions.fast): the gallery's many videos.
    let fastEncoder: Bool
    /// Where the video is written instead of embedded (a path beside the page); the page names
    /// it by its file name.
    let videoFile: String?
    private var encoder: FrameEncoder?
    private var encodedPath: String?
    private var interval = 1 / 30.0
    private var pixels = (width: 0, height: 0)
    public private(set) var video: PlayerVideo?

    public static let videoExtensions = ["webm", "mp4"]

    public init(video: String? = nil, quality: Int? = nil, videoFile: String? = nil, fastEncoder: Bool = false) {
        videoExtension = video
        self.fastEncoder = fastEncoder
        self.quality = quality
        self.videoFile = videoFile
        super.init(rasterizes: true)
    }

    public override func begin(pass: Int, session: SceneSession, destination: URL?) throws {
        guard let videoExtension else { return }
        interval = 1 / session.configuration.fps
        pixels = session.pixelSize
        let path = videoFile ?? FileManager.default.temporaryDirectory
            .appendingPathComponent("transit-player-\(getpid())-\(UInt64.random(in: 0...UInt64.max)).\(videoExtension)").path
        var options = EncoderOptions(fast: fastEncoder)
        if let quality { options.quality = Double(quality) }
        encoder = try VideoLibrary.encoder(forPath: path, width: pixels.width, height: pixels.height, frameRate: session.configuration.fps, options: options)
        encodedPath = path
    }

    /// A video's frames stay in cairo's words (OpaqueFrame) when every pixel is opaque, as a
    /// rendered frame's are: the encoder converts them without a RasterImage.
    public override func keeper(forPass pass: Int) -> (@Sendable (RasterFrame) -> any Sendable)? {
        guard videoExtension != nil else { return super.keeper(forPass: pass) }
        return { frame in frame.opaqueCopy() ?? frame.makeImage() }
    }

    public override func frame(_ frame: SampledFrame, pass: Int) throws {
        guard let encoder else { return try super.frame(frame, pass: pass) }
        if let opaque = frame.kept as? OpaqueFrame { try encoder.append(opaque: opaque, duration: interval) }
        if let image = frame.kept as? RasterImage { try encoder.append(image, duration: interval) }
        times.append(frame.time)
        windows.append(frame.window)
    }

    public override func end(pass: Int, session: SceneSession, destination: URL?) throws {
        if let encoder, let encodedPath, let videoExtension {
            guard !times.isEmpty else { throw PipelineError.noFrames }
            try encoder.finish()
            self.encoder = nil
            let mime = "video/" + videoExtension
            if videoFile != nil {
                video = PlayerVideo(mimeType: mime, source: .file(URL(fileURLWithPath: encodedPath).lastPathComponent), width: pixels.width, height: pixels.height)
            } else {
                let bytes = try Data(contentsOf: URL(fileURLWithPath: encodedPath))
                try? FileManager.default.removeItem(atPath: encodedPath)
                video = PlayerVideo(mimeType: mime, source: .embedded([UInt8](bytes)), width: pixels.width, height: pixels.height)
            }
        } else {
            guard !images.isEmpty else { throw PipelineError.noFrames }
        }
        guard let destination else { return }
        try writeData(Data(try HTMLPlayer.page(playerDocument(session)).utf8), to: destination)
    }

    public override func playerDocument(_ session: SceneSession) -> PlayerDocument {
        var document = super.playerDocument(session)
        document.video = video
        return document
    }
}
