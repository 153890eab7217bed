import Foundation
import TransitCore
import TransitRender

/// Where `transit render` writes, chosen by the output name, checked before any work is done.
struct OutputError: Error { let message: String }

struct OutputTarget {
    enum Format { case gif, filmstrip, html, json, directory }
    let path: String
    let format: Format

    init(path: String) throws {
        self.path = path
        let url = URL(fileURLWithPath: path)
        switch url.pathExtension.lowercased() {
        case "gif": format = .gif
        case "png": format = .filmstrip
        case "html": format = .html
        case "json": format = .json
        case "":
            format = .directory
        default:
            throw OutputError(message: "\(path): unknown output type \".\(url.pathExtension)\"; use .gif, .png, .html, .json or a directory")
        }
        let parent = url.deletingLastPathComponent()
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: parent.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw OutputError(message: "\(path): directory \(parent.path) does not exist")
        }
        guard FileManager.default.isWritableFile(atPath: parent.path) else {
            throw OutputError(message: "\(path): directory \(parent.path) is not writable")
        }
    }

    func write(frames: [RasterImage], times: [Double], fps: Double, trace: [String], title: String) throws {
        guard !frames.isEmpty else { throw OutputError(message: "nothing to render: the scene produced no frames") }
        let url = URL(fileURLWithPath: path)
        switch format {
        case .gif:
            let delays = GIFEncoder.frameDelays(count: frames.count, fps: fps)
            try Data(GIFEncoder.encode(frames: frames, delaysInCentiseconds: delays)).write(to: url, options: .atomic)
        case .filmstrip:
            throw OutputError(message: "internal: filmstrips are written by writeFilmstrip")
        case .html:
            throw OutputError(message: "internal: HTML players are written by writePlayer")
        case .json:
            throw OutputError(message: "internal: timelines are written by writeTimeline")
        case .directory:
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
            for (index, frame) in frames.enumerated() {
                let name = String(format: "frame-%04d.png", index)
                try Data(PNGEncoder.encode(frame)).write(to: url.appendingPathComponent(name), options: .atomic)
            }
        }
    }

    /// The HTML player: frames, plus the presentation trees (for its curves) and the timed trace.
    func writePlayer(_ document: PlayerDocument) throws {
        let page = try HTMLPlayer.page(document)
        try Data(page.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
    }

    func writeFilmstrip(_ sheet: RasterImage) throws {
        try Data(PNGEncoder.encode(sheet)).write(to: URL(fileURLWithPath: path), options: .atomic)
    }

    /// The sampled timeline: at each frame time, every view's presentation frame, opacity and
    /// transform; plus the trace and the transitions.
    func writeTimeline(samples: [(time: Double, tree: LayerSnapshot)], fps: Double, world: World) throws {
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
        try encoder.encode(timeline).write(to: URL(fileURLWithPath: path), options: .atomic)
    }
}
