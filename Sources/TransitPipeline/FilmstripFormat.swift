import Foundation
import TransitCore
import TransitRender

/// `.png`: the filmstrip: a first pass finds the transitions, a second (the run is
/// deterministic) samples each at 0, 25, 50, 75 and 100 % of its span; one row per phase. Given
/// the world of a run of the same configuration (the gallery's player), the first pass is
/// skipped: the transitions are that world's.
public final class FilmstripFormat: OutputFormat {
    static let entry = OutputFormats.Entry(extensions: ["png"], summary: "filmstrip: a row per transition phase at 0/25/50/75/100 %") { _ in FilmstripFormat() }

    static let fractions = [0.0, 0.25, 0.5, 0.75, 1.0]
    public private(set) var rows: [(title: String, times: [Double])] = []
    private var imageAt: [Double: RasterImage] = [:]

    /// The pass that draws: 1 after a pass that finds the transitions, 0 when they are known.
    private let drawingPass: Int

    public init() { drawingPass = 1 }

    /// The rows of `world`, which ran the configuration this filmstrip will run (scale aside:
    /// the world never sees it), so the run is not repeated to find them.
    public init(transitionsOf world: World) {
        drawingPass = 0
        rows = Self.rows(of: world)
    }

    public var passes: Int { drawingPass + 1 }

    public func sampling(forPass pass: Int) -> SceneSession.Sampling {
        pass < drawingPass ? .none : .times(Array(Set(rows.flatMap(\.times))).sorted())
    }

    public func keeper(forPass pass: Int) -> (@Sendable (RasterFrame) -> any Sendable)? {
        guard pass == drawingPass else { return nil }
        return { frame in frame.makeImage() }
    }

    /// One row per finished transition, sampled at the fractions of its span; a run without one
    /// is one row over the whole scene.
    private static func rows(of world: World) -> [(title: String, times: [Double])] {
        let rows: [(title: String, times: [Double])] = world.transitionHistory.compactMap { record in
            guard let end = record.end else { return nil }
            return (record.phase, Self.fractions.map { record.start + (end - record.start) * $0 })
        }
        return rows.isEmpty ? [("scene", Self.fractions.map { world.now * $0 })] : rows
    }

    public func frame(_ frame: SampledFrame, pass: Int) throws {
        if let image = frame.kept as? RasterImage { imageAt[frame.time] = image }
    }

    public func end(pass: Int, session: SceneSession, destination: URL?) throws {
        if pass < drawingPass {
            rows = Self.rows(of: session.world)
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
        try writeData(Data(try PNGEncoder.encode(Filmstrip.compose(rows: sheetRows, scale: 1), settings: .compact)), to: destination)
    }
}
