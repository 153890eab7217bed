import Foundation
import TransitCore
import TransitRender

// A golden reference (docs/testing.md): what one effect's recorded cells looked like, as values a
// later `transit test` compares within tolerances. Written by hand, not by JSONEncoder, so the
// bytes are fixed: keys sorted, numbers with a fixed number of decimals, one sample a line. A
// re-record of an unchanged effect is then byte-identical, and a diff of two records is readable.

/// One view's presentation values at one instant (what the timeline format samples).
public struct GoldenViewState: Equatable, Sendable {
    /// The layer's name as the timeline and the trace print it (`UIView "card"`).
    public var name: String
    /// x, y, width, height in its superlayer.
    public var frame: [Double]
    public var alpha: Double
    /// Row-major, m11 first; nil for the identity.
    public var transform: [Double]?
    public var hidden: Bool

    public init(name: String, frame: [Double], alpha: Double, transform: [Double]?, hidden: Bool) {
        self.name = name; self.frame = frame; self.alpha = alpha; self.transform = transform; self.hidden = hidden
    }
}

/// Every view at one sampled time, by key: the path of names from the window, a repeated name
/// among siblings numbered (`UIWindow/containerView/UIView#2`).
public struct GoldenSample: Equatable, Sendable {
    public var time: Double
    /// The phase being sampled (`present`, `dismiss`, ...).
    public var phase: String
    public var views: [String: GoldenViewState]

    public init(time: Double, phase: String, views: [String: GoldenViewState]) {
        self.time = time; self.phase = phase; self.views = views
    }
}

/// A transition of the run: its phase name, when it began and ended, how it ended.
public struct GoldenPhase: Equatable, Sendable {
    public var phase: String
    public var start: Double
    public var end: Double?
    public var completed: Bool?

    public init(phase: String, start: Double, end: Double?, completed: Bool?) {
        self.phase = phase; self.start = start; self.end = end; self.completed = completed
    }
}

/// One recorded cell: which one (check's name for it), its phases and its samples.
public struct GoldenCell: Equatable, Sendable {
    public var name: String
    /// How messages name the cell: the device, and the path when it is not the first cell's.
    public var label: String
    public var phases: [GoldenPhase]
    public var samples: [GoldenSample]
    /// The run's trace, one call or event a line with its virtual time (`0.100 #0 ...`): which
    /// hooks ran, in what order, when, and what they returned.
    public var events: [String]

    public init(name: String, label: String, phases: [GoldenPhase], samples: [GoldenSample], events: [String] = []) {
        self.name = name; self.label = label; self.phases = phases; self.samples = samples; self.events = events
    }
}

/// A frame drawn for the reference: the PNG beside timeline.json, and when it was taken.
public struct GoldenFrame: Equatable, Sendable {
    /// `frame-1-present-50.png`: the phase's position in the first cell, its name, the percent.
    public var file: String
    public var phase: String
    public var percent: Int
    public var time: Double

    public init(file: String, phase: String, percent: Int, time: Double) {
        self.file = file; self.phase = phase; self.percent = percent; self.time = time
    }
}

public struct GoldenReference: Equatable, Sendable {
    /// Bumped when the layout changes; a reference of another version must be re-recorded.
    public static let version = 1
    public static let timelineName = "timeline.json"

    public var effect: String
    public var cells: [GoldenCell]
    public var frames: [GoldenFrame]

    public init(effect: String, cells: [GoldenCell], frames: [GoldenFrame]) {
        self.effect = effect; self.cells = cells; self.frames = frames
    }
}

// MARK: - Writing

/// A number as the reference writes it: `decimals` places, trailing zeros dropped, no -0.
public func goldenNumber(_ value: Double, decimals: Int) -> String {
    var text = String(format: "%.\(decimals)f", value)
    if text.contains(".") {
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
    }
    return text == "-0" ? "0" : text
}

/// Times on Transit's nanosecond grid (exact); geometry to 1/1000 pt, alpha and transforms to
/// 1/10000 (far below the tolerances, so rounding never decides a comparison).
private func time(_ value: Double) -> String { goldenNumber(value, decimals: 9) }
let geometryDecimals = 3, valueDecimals = 4

/// A JSON string literal (TransitRender's, which the player's payload also writes).
public func goldenString(_ text: String) -> String { jsonStringLiteral(text) }

extension GoldenViewState {
    /// Whether the transform is a 2D affine one (what `CGAffineTransform` can say).
    private var affine: [Double]? {
        guard let m = transform else { return nil }
        let flat = [m[2], m[3], m[6], m[7], m[8], m[9], m[11], m[14]].allSatisfy { $0 == 0 } && m[10] == 1 && m[15] == 1
        return flat ? [m[0], m[1], m[4], m[5], m[12], m[13]] : nil
    }

    /// `[id, x, y, width, height, alpha, hidden]`, then the transform when it is not the
    /// identity: 6 numbers (a, b, c, d, tx, ty) for a 2D one, else the 16 of the matrix.
    func row(_ id: Int) -> String {
        var numbers = [String(id)] + frame.map { goldenNumber($0, decimals: geometryDecimals) }
        numbers.append(goldenNumber(alpha, decimals: valueDecimals))
        numbers.append(hidden ? "1" : "0")
        if let affine {
            numbers += affine.enumerated().map { goldenNumber($1, decimals: $0 >= 4 ? geometryDecimals : valueDecimals) }
        } else if let transform {
            numbers += transform.enumerated().map { goldenNumber($1, decimals: (12...14).contains($0) ? geometryDecimals : valueDecimals) }
        }
        return "[" + numbers.joined(separator: ",") + "]"
    }

    init?(row: [Double], name: String) {
        guard row.count == 7 || row.count == 13 || row.count == 23 else { return nil }
        var transform: [Double]?
        if row.count == 13 {
            let t = Array(row[7...])
            transform = [t[0], t[1], 0, 0, t[2], t[3], 0, 0, 0, 0, 1, 0, t[4], t[5], 0, 1]
        } else if row.count == 23 {
            transform = Array(row[7...])
        }
        self.init(name: name, frame: Array(row[1...4]), alpha: row[5], transform: transform, hidden: row[6] != 0)
    }
}

/// A view's name from its key: the last part of the path, without a sibling's number.
func goldenName(key: String) -> String {
    var leaf = key.split(separator: "/").last.map(String.init) ?? key
    if let hash = leaf.lastIndex(of: "#"), leaf[leaf.index(after: hash)...].allSatisfy(\.isNumber), leaf.index(after: hash) < leaf.endIndex {
        leaf = String(leaf[..<hash])
    }
    return leaf.replacingOccurrences(of: "\u{2215}", with: "/")
}

extension GoldenReference {
    /// timeline.json. Each cell lists its views' keys once (`views`, sorted); each sample holds
    /// rows of numbers for the views new or changed since the sample before it and the ids of
    /// those gone, which keeps a reference small: most of a screen stands still while a few
    /// views move, and a key is written once, not in every sample.
    public var timelineJSON: Data {
        var out = "{\n"
        out += "\"cells\": [\n"
        out += cells.map { cell -> String in
            let keys = Set(cell.samples.flatMap(\.views.keys)).sorted()
            let ids = Dictionary(uniqueKeysWithValues: keys.enumerated().map { ($1, $0) })
            var text = "{\"events\": [\n" + cell.events.map(goldenString).joined(separator: ",\n") + "\n],\n"
            text += "\"label\": \(goldenString(cell.label)), \"name\": \(goldenString(cell.name)),\n"
            text += "\"phases\": [" + cell.phases.map { phase in
                var fields: [String] = []
                if let completed = phase.completed { fields.append("\"completed\":\(completed)") }
                if let end = phase.end { fields.append("\"end\":" + time(end)) }
                fields.append("\"phase\":" + goldenString(phase.phase))
                fields.append("\"start\":" + time(phase.start))
                return "{" + fields.joined(separator: ",") + "}"
            }.joined(separator: ",") + "],\n"
            var previous: [String: GoldenViewState] = [:]
            let lines = cell.samples.map { sample -> String in
                let gone = previous.keys.filter { sample.views[$0] == nil }.map { ids[$0]! }.sorted()
                let changed = sample.views.keys.filter { previous[$0] != sample.views[$0] }.map { ids[$0]! }.sorted()
                previous = sample.views
                var fields: [String] = []
                if !gone.isEmpty { fields.append("\"gone\":[" + gone.map(String.init).joined(separator: ",") + "]") }
                fields.append("\"phase\":" + goldenString(sample.phase))
                fields.append("\"time\":" + time(sample.time))
                fields.append("\"views\":[" + changed.map { sample.views[keys[$0]]!.row($0) }.joined(separator: ",") + "]")
                return "{" + fields.joined(separator: ",") + "}"
            }
            text += "\"samples\": [\n" + lines.joined(separator: ",\n") + "\n],\n"
            text += "\"views\": [\n" + keys.map(goldenString).joined(separator: ",\n") + "\n]}"
            return text
        }.joined(separator: ",\n")
        out += "\n],\n"
        out += "\"effect\": \(goldenString(effect)),\n"
        out += "\"frames\": [" + frames.map { frame in
            "{\"file\":\(goldenString(frame.file)),\"percent\":\(frame.percent),\"phase\":\(goldenString(frame.phase)),\"time\":\(time(frame.time))}"
        }.joined(separator: ",") + "],\n"
        out += "\"version\": \(Self.version)\n}\n"
        return Data(out.utf8)
    }
}

// MARK: - Reading

/// A reference that cannot be read: its file and what is wrong with it.
public struct GoldenFormatError: Error, CustomStringConvertible {
    public let file: String
    public let reason: String
    public var description: String { "\(file): \(reason)" }
}

extension GoldenReference {
    /// Reads timeline.json (as `timelineJSON` writes it), rebuilding each sample's full state.
    public init(timeline data: Data, file: String) throws {
        func bad(_ reason: String) -> GoldenFormatError { GoldenFormatError(file: file, reason: reason) }
        guard let root = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] else { throw bad("not a JSON object") }
        guard let version = root["version"] as? Int, version == Self.version else {
            throw bad("written by another version of transit test (\(root["version"] ?? "none"), this one writes \(Self.version)); run transit test --record")
        }
        func number(_ any: Any?) -> Double? { (any as? NSNumber)?.doubleValue }
        func numbers(_ any: Any?) -> [Double]? { (any as? [Any])?.compactMap(number) }
        effect = root["effect"] as? String ?? ""
        frames = try (root["frames"] as? [[String: Any]] ?? []).map { object in
            guard let name = object["file"] as? String, let phase = object["phase"] as? String,
                  let percent = object["percent"] as? Int, let time = number(object["time"]) else { throw bad("a frame without file, phase, percent and time") }
            return GoldenFrame(file: name, phase: phase, percent: percent, time: time)
        }
        cells = try (root["cells"] as? [[String: Any]] ?? []).map { object in
            guard let name = object["name"] as? String else { throw bad("a cell without a name") }
            let phases = try (object["phases"] as? [[String: Any]] ?? []).map { phase -> GoldenPhase in
                guard let title = phase["phase"] as? String, let start = number(phase["start"]) else { throw bad("a phase without phase and start") }
                return GoldenPhase(phase: title, start: start, end: number(phase["end"]), completed: phase["completed"] as? Bool)
            }
            guard let keys = object["views"] as? [String] else { throw bad("a cell without its list of views") }
            var state: [String: GoldenViewState] = [:]
            let samples = try (object["samples"] as? [[String: Any]] ?? []).map { sample -> GoldenSample in
                guard let time = number(sample["time"]) else { throw bad("a sample without a time") }
                for id in sample["gone"] as? [Int] ?? [] where keys.indices.contains(id) { state[keys[id]] = nil }
                guard let rows = sample["views"] as? [Any] else { throw bad("a sample at \(time) s without its rows of views") }
                for any in rows {
                    guard let row = numbers(any), let first = row.first, let id = Int(exactly: first), keys.indices.contains(id),
                          let view = GoldenViewState(row: row, name: goldenName(key: keys[id])) else {
                        throw bad("a view at \(time) s is not [id, x, y, width, height, alpha, hidden] (and 6 or 16 transform numbers)")
                    }
                    state[keys[id]] = view
                }
                return GoldenSample(time: time, phase: sample["phase"] as? String ?? "", views: state)
            }
            return GoldenCell(name: name, label: object["label"] as? String ?? name, phases: phases, samples: samples,
                              events: object["events"] as? [String] ?? [])
        }
    }
}

// MARK: - From a run

extension GoldenSample {
    /// The views of a window's presentation tree, keyed by their path of names.
    public init(time: Double, phase: String, tree: LayerSnapshot) {
        var views: [String: GoldenViewState] = [:]
        func visit(_ layer: LayerSnapshot, path: String) {
            let f = layer.frame
            let transform = layer.transform.isIdentity ? nil
                : layer.transform.elements.enumerated().map { rounded($1, (12...14).contains($0) ? geometryDecimals : valueDecimals) }
            views[path] = GoldenViewState(name: layer.name, frame: [f.x, f.y, f.width, f.height].map { rounded($0, geometryDecimals) },
                                          alpha: rounded(layer.opacity, valueDecimals), transform: transform, hidden: layer.isHidden)
            var seen: [String: Int] = [:]
            for child in layer.sublayers {
                let count = seen[child.name, default: 0] + 1
                seen[child.name] = count
                visit(child, path: path + "/" + Self.keyPart(child.name) + (count == 1 ? "" : "#\(count)"))
            }
        }
        visit(tree, path: Self.keyPart(tree.name))
        self.init(time: time, phase: phase, views: views)
    }

    /// A name as part of a key: a slash in it (a label's "1/2") becomes U+2215, so "/" only
    /// ever separates a view from its superview.
    static func keyPart(_ name: String) -> String { name.replacingOccurrences(of: "/", with: "\u{2215}") }
}

/// A value as the reference keeps it, so a fresh run compares with what a read reference holds,
/// not with digits the file never had.
private func rounded(_ value: Double, _ decimals: Int) -> Double { Double(goldenNumber(value, decimals: decimals)) ?? value }
