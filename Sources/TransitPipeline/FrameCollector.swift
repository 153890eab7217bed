import Foundation
#if canImport(Glibc)
import Glibc
#endif
import TransitCore
import TransitRender

/// Every frame in memory: the images, their times and the window's trees, for what shows them
/// all at once (the terminal player, the live server, the HTML player). Writes nothing itself.
public class FrameCollector: OutputFormat {
    public internal(set) var images: [RasterImage] = []
    public internal(set) var times: [Double] = []
    public internal(set) var windows: [LayerSnapshot] = []
    /// Whether frames are drawn (a timeline needs only the trees).
    let rasterizes: Bool

    public init(rasterizes: Bool = true) { self.rasterizes = rasterizes }

    public func keeper(forPass pass: Int) -> (@Sendable (RasterFrame) -> any Sendable)? {
        guard rasterizes else { return nil }
        return { frame in frame.makeImage() }
    }

    public func begin(pass: Int, session: SceneSession, destination: URL?) throws {}

    public func frame(_ frame: SampledFrame, pass: Int) throws {
        if let image = frame.kept as? RasterImage { images.append(image) }
        times.append(frame.time)
        windows.append(frame.window)
    }

    public func end(pass: Int, session: SceneSession, destination: URL?) throws {}

    /// What the HTML player shows of this run.
    public func playerDocument(_ session: SceneSession) -> PlayerDocument {
        PlayerDocument(title: session.title, fps: session.configuration.fps, frames: images, times: times,
                       snapshots: windows, trace: session.world.trace.entries)
    }
}

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
    /// Where the video is written instead of embedded (a path beside the page); the page names
    /// it by its file name.
    let videoFile: String?
    private var encoder: FrameEncoder?
    private var encodedPath: String?
    private var interval = 1 / 30.0
    private var pixels = (width: 0, height: 0)
    public private(set) var video: PlayerVideo?

    public static let videoExtensions = ["webm", "mp4"]

    public init(video: String? = nil, quality: Int? = nil, videoFile: String? = nil) {
        videoExtension = video
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
        var options = EncoderOptions()
        if let quality { options.quality = Double(quality) }
        encoder = try makeFrameEncoder(forPath: path, width: pixels.width, height: pixels.height, frameRate: session.configuration.fps, options: options)
        encodedPath = path
    }

    public override func frame(_ frame: SampledFrame, pass: Int) throws {
        guard let encoder else { return try super.frame(frame, pass: pass) }
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

/// `.json`: the sampled timeline: at each frame time every layer's presentation frame, opacity
/// and transform; the transitions, the trace and the problems. Draws no pixels.
public final class TimelineFormat: FrameCollector {
    static let entry = OutputFormats.Entry(extensions: ["json"], summary: "sampled timeline and trace (JSON)") { _ in TimelineFormat() }

    public init() { super.init(rasterizes: false) }

    public override func end(pass: Int, session: SceneSession, destination: URL?) throws {
        guard !times.isEmpty else { throw PipelineError.noFrames }
        guard let destination else { return }
        try writeData(try Self.encode(samples: Array(zip(times, windows)), fps: session.configuration.fps, world: session.world), to: destination)
    }

    /// The timeline's JSON, keys sorted (the same input gives the same bytes).
    public static func encode(samples: [(time: Double, tree: LayerSnapshot)], fps: Double, world: World) throws -> Data {
        struct Layer: Encodable {
            let name: String; let frame: [Double]; let opacity: Double; let transform: [Double]?; let depth: Int
        }
        struct Sample: Encodable { let time: Double; let layers: [Layer] }
        struct Phase: Encodable { let phase: String; let start: Double; let end: Double?; let completed: Bool? }
        struct Timeline: Encodable {
            let fps: Double; let device: String; let samples: [Sample]; let transitions: [Phase]; let trace: [String]; let problems: [String]
        }
        func flatten(_ tree: LayerSnapshot, depth: Int, into layers: inout [Layer]) {
            let f = tree.frame
            layers.append(Layer(name: tree.name, frame: [f.x, f.y, f.width, f.height], opacity: tree.opacity,
                                transform: tree.transform.isIdentity ? nil : tree.transform.elements, depth: depth))
            for child in tree.sublayers { flatten(child, depth: depth + 1, into: &layers) }
        }
        let timeline = Timeline(
            fps: fps, device: world.device.name,
            samples: samples.map { sample in
                var layers: [Layer] = []
                flatten(sample.tree, depth: 0, into: &layers)
                return Sample(time: sample.time, layers: layers)
            },
            transitions: world.transitionHistory.map { Phase(phase: $0.phase, start: $0.start, end: $0.end, completed: $0.completed) },
            trace: world.trace.lines, problems: world.problems)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return try encoder.encode(timeline)
    }
}

/// `.png`: the filmstrip: a first pass finds the transitions, a second (the run is
/// deterministic) samples each at 0, 25, 50, 75 and 100 % of its span; one row per phase.
public final class FilmstripFormat: OutputFormat {
    static let entry = OutputFormats.Entry(extensions: ["png"], summary: "filmstrip: a row per transition phase at 0/25/50/75/100 %") { _ in FilmstripFormat() }

    static let fractions = [0.0, 0.25, 0.5, 0.75, 1.0]
    public private(set) var rows: [(title: String, times: [Double])] = []
    private var imageAt: [Double: RasterImage] = [:]

    public init() {}

    public var passes: Int { 2 }

    public func sampling(forPass pass: Int) -> SceneSession.Sampling {
        pass == 0 ? .none : .times(Array(Set(rows.flatMap(\.times))).sorted())
    }

    public func keeper(forPass pass: Int) -> (@Sendable (RasterFrame) -> any Sendable)? {
        guard pass > 0 else { return nil }
        return { frame in frame.makeImage() }
    }

    public func frame(_ frame: SampledFrame, pass: Int) throws {
        if let image = frame.kept as? RasterImage { imageAt[frame.time] = image }
    }

    public func end(pass: Int, session: SceneSession, destination: URL?) throws {
        if pass == 0 {
            rows = session.world.transitionHistory.compactMap { record in
                guard let end = record.end else { return nil }
                return (record.phase, Self.fractions.map { record.start + (end - record.start) * $0 })
            }
            if rows.isEmpty { rows = [("scene", Self.fractions.map { session.world.now * $0 })] }
            return
        }
        // A time the run did not reach (it ended first) shows the screen as it ended.
        let rasterizer = session.makeRasterizer()
        let size = session.world.screen.bounds.size
        func image(at time: Double) -> RasterImage {
            if let image = imageAt[time] { return image }
            let window = session.world.window.layer.snapshot(at: time)
            return rasterizer.render(session.screen(window, at: time), size: size)
        }
        let sheetRows = rows.map { row in
            (title: row.title, cells: zip(row.times, Self.fractions).map { time, fraction in
                (label: "t=\(String(format: "%.3f", time))s \(Int(fraction * 100))%", image: image(at: time))
            })
        }
        guard let destination else { return }
        try writeData(Data(try PNGEncoder.encode(Filmstrip.compose(rows: sheetRows, scale: 1))), to: destination)
    }
}
