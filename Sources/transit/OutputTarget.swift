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
            // GIF delays are in centiseconds; spread rounding so the total stays right.
            var delays: [Int] = []
            var elapsed = 0.0, written = 0
            for _ in frames {
                elapsed += 100 / fps
                let next = Int(elapsed.rounded())
                delays.append(max(1, next - written))
                written = next
            }
            try Data(GIFEncoder.encode(frames: frames, delaysInCentiseconds: delays)).write(to: url, options: .atomic)
        case .filmstrip:
            let cells = [0.0, 0.25, 0.5, 0.75, 1.0].map { fraction -> (label: String, image: RasterImage) in
                let index = min(frames.count - 1, Int((fraction * Double(frames.count - 1)).rounded()))
                return ("t=\(formatNumber((times[index] * 100).rounded() / 100))s \(Int(fraction * 100))%", frames[index])
            }
            let sheet = Filmstrip.compose(rows: [(title: "scene", cells: cells)], scale: 1)
            try Data(PNGEncoder.encode(sheet)).write(to: url, options: .atomic)
        case .html:
            let page = try HTMLPlayer.page(title: title, frames: frames, fps: fps, trace: trace)
            try Data(page.utf8).write(to: url, options: .atomic)
        case .json:
            var lines = ["{", "  \"fps\": \(formatNumber(fps)),", "  \"frames\": \(frames.count),",
                         "  \"times\": [" + times.map(formatNumber).joined(separator: ", ") + "],", "  \"trace\": ["]
            lines.append(trace.map { "    \"" + $0.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\"" }.joined(separator: ",\n"))
            lines.append("  ]")
            lines.append("}")
            try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: url, options: .atomic)
        case .directory:
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
            for (index, frame) in frames.enumerated() {
                let name = String(format: "frame-%04d.png", index)
                try Data(PNGEncoder.encode(frame)).write(to: url.appendingPathComponent(name), options: .atomic)
            }
        }
    }
}
