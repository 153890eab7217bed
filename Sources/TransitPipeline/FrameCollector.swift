import Foundation
import TransitCore
import TransitRender

/// Every frame in memory: the images, their times and the window's trees, for what shows them
/// all at once (the terminal player, the live server, the HTML player). Writes nothing itself.
public class FrameCollector: OutputFormat {
    public private(set) var images: [RasterImage] = []
    public private(set) var times: [Double] = []
    public private(set) var windows: [LayerSnapshot] = []
    /// Whether frames are drawn (a timeline needs only the trees).
    let rasterizes: Bool

    public init(rasterizes: Bool = true) { self.rasterizes = rasterizes }

    public func keeper(forPass pass: Int) -> (@Sendable (RasterFrame) -> any Sendable)? {
        guard rasterizes else { return nil }
        return { frame in frame.makeImage() }
    }

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
/// the timed trace.
public final class PlayerFormat: FrameCollector {
    static let entry = OutputFormats.Entry(extensions: ["html"], summary: "HTML player (frames, trace and curves)") { _ in PlayerFormat() }

    public init() { super.init(rasterizes: true) }

    public override func end(pass: Int, session: SceneSession, destination: URL?) throws {
        guard !images.isEmpty else { throw PipelineError.noFrames }
        guard let destination else { return }
        try writeData(Data(try HTMLPlayer.page(playerDocument(session)).utf8), to: destination)
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
