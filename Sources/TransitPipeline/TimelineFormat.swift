import Foundation
import TransitCore
import TransitRender

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
