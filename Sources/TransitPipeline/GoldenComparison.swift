import Foundation
import TransitCore

// Comparing a fresh run with its golden reference (docs/testing.md): phases and their times
// exactly (virtual time is deterministic: a different time is a different effect), view values
// within the file's tolerances (intended small changes, another cairo's rounding), each view and
// property reported once, at the first time it differs, with how many more times it does.

/// How far a fresh run may stray from its reference (`-- transit-test:` in the effect's header).
public struct GoldenTolerance: Equatable, Sendable {
    /// Points, on every frame edge and on a transform's translation.
    public var geometry = 0.5
    public var alpha = 0.01
    /// On a transform's other elements (scale, rotation, perspective).
    public var transform = 0.01
    /// Pixels of a frame that may differ (after antialiasing is discounted).
    public var pixels = 0
    /// pixelmatch's threshold: the YIQ colour distance, 0...1, above which a pixel differs.
    public var threshold = 0.1

    public init() {}

    public static let keys = ["alpha", "geometry", "pixels", "threshold", "transform"]

    /// Reads `-- transit-test: geometry=1 pixels=20` lines from the file's leading comments
    /// (before its first line of code). A bad setting is an error at its line.
    public init(header source: String, file: String) throws {
        self.init()
        for (index, line) in source.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty { continue }
            guard trimmed.hasPrefix("--") else { break }
            let comment = trimmed.dropFirst(2).trimmingCharacters(in: .whitespaces)
            guard comment.hasPrefix("transit-test:") else { continue }
            func bad(_ reason: String) -> GoldenFormatError { GoldenFormatError(file: "\(file):\(index + 1)", reason: reason) }
            for pair in comment.dropFirst("transit-test:".count).split(separator: " ") {
                let parts = pair.split(separator: "=", maxSplits: 1).map(String.init)
                guard parts.count == 2 else { throw bad("transit-test settings are key=value (got \"\(pair)\")") }
                let (key, text) = (parts[0], parts[1])
                guard Self.keys.contains(key) else {
                    throw bad("unknown transit-test setting \"\(key)\"; known: \(Self.keys.joined(separator: ", "))")
                }
                if key == "pixels" {
                    guard let count = Int(text), count >= 0 else { throw bad("pixels needs a whole number ≥ 0 (got \(text))") }
                    pixels = count
                    continue
                }
                guard let number = Double(text), number.isFinite, number >= 0 else { throw bad("\(key) needs a number ≥ 0 (got \(text))") }
                if key == "threshold" && number > 1 { throw bad("threshold needs a number in 0...1 (got \(text))") }
                switch key {
                case "geometry": geometry = number
                case "alpha": alpha = number
                case "transform": transform = number
                default: threshold = number
                }
            }
        }
    }
}

/// One difference between a reference and a fresh run, with what a message needs.
public struct GoldenMismatch: Equatable, Sendable, CustomStringConvertible {
    public var cell: String
    public var phase: String
    /// The view's name, or "phase" for a phase's own times.
    public var subject: String
    public var property: String
    public var time: Double?
    public var expected: String
    public var got: String
    /// Further sample times at which the same view and property differ (for the trace: further
    /// lines that differ).
    public var more = 0

    /// `present (iPhone 15): UIViewController "Message".view alpha at 0.150 s: expected 0.500, got 0.620`.
    public var description: String {
        var text = "\(phase) (\(cell)): " + (property.isEmpty ? subject : "\(subject) \(property)")
        if let time { text += " at \(String(format: "%.3f", time)) s" }
        text += ": expected \(expected), got \(got)"
        if more > 0 {
            text += phase == "trace" ? " (and \(more) more line\(more == 1 ? "" : "s") differ\(more == 1 ? "s" : ""))"
                : " (and at \(more) more sample\(more == 1 ? "" : "s"))"
        }
        return text
    }
}

func describeNumber(_ value: Double) -> String { String(format: "%.3f", value) }

private func describeFrame(_ frame: [Double]) -> String {
    "(" + frame.map { goldenNumber($0, decimals: 2) }.joined(separator: ", ") + ")"
}

private func describeTransform(_ transform: [Double]?) -> String {
    guard let transform else { return "identity" }
    return "[" + transform.map { goldenNumber($0, decimals: 3) }.joined(separator: " ") + "]"
}

extension GoldenReference {
    /// Every difference of `run` from this reference, cell by cell, in the order they happen.
    public func mismatches(_ run: GoldenReference, tolerance: GoldenTolerance) -> [GoldenMismatch] {
        var found: [GoldenMismatch] = []
        for (index, expected) in cells.enumerated() {
            guard let got = run.cells.first(where: { $0.name == expected.name }) ?? (index < run.cells.count ? run.cells[index] : nil) else {
                found.append(GoldenMismatch(cell: expected.label, phase: "cell", subject: expected.name, property: "run", time: nil,
                                            expected: "recorded", got: "not run (the effect's matrix changed; run transit test --update)"))
                continue
            }
            found += Self.compare(expected, got, tolerance: tolerance)
        }
        return found
    }

    static func compare(_ expected: GoldenCell, _ got: GoldenCell, tolerance: GoldenTolerance) -> [GoldenMismatch] {
        var found: [GoldenMismatch] = []
        func sameTime(_ a: Double?, _ b: Double?) -> Bool {
            switch (a, b) {
            case let (a?, b?): return abs(a - b) < 0.5e-9
            case (nil, nil): return true
            default: return false
            }
        }
        func describeTime(_ time: Double?) -> String { time.map { describeNumber($0) + " s" } ?? "none" }
        // The phases: their order, kinds and times exactly.
        for index in 0..<max(expected.phases.count, got.phases.count) {
            let e = index < expected.phases.count ? expected.phases[index] : nil
            let g = index < got.phases.count ? got.phases[index] : nil
            guard let e, let g else {
                found.append(GoldenMismatch(cell: expected.label, phase: (e ?? g)!.phase, subject: "transition \(index + 1)", property: "",
                                            time: nil, expected: e == nil ? "no transition" : "a transition", got: g == nil ? "none" : "one more"))
                continue
            }
            if e.phase != g.phase {
                found.append(GoldenMismatch(cell: expected.label, phase: e.phase, subject: "transition \(index + 1)", property: "phase",
                                            time: nil, expected: e.phase, got: g.phase))
                continue
            }
            if !sameTime(e.start, g.start) {
                found.append(GoldenMismatch(cell: expected.label, phase: e.phase, subject: "transition", property: "start", time: nil,
                                            expected: describeTime(e.start), got: describeTime(g.start)))
            }
            if !sameTime(e.end, g.end) {
                found.append(GoldenMismatch(cell: expected.label, phase: e.phase, subject: "transition", property: "end", time: nil,
                                            expected: describeTime(e.end), got: describeTime(g.end)))
            }
            if e.completed != g.completed {
                found.append(GoldenMismatch(cell: expected.label, phase: e.phase, subject: "transition", property: "completed", time: nil,
                                            expected: e.completed.map { "\($0)" } ?? "none", got: g.completed.map { "\($0)" } ?? "none"))
            }
        }
        // The trace: the same calls and events at the same times, line for line; the first
        // line that differs says where the runs part (the lines after it usually follow).
        if let index = (0..<max(expected.events.count, got.events.count)).first(where: {
            ($0 < expected.events.count ? expected.events[$0] : nil) != ($0 < got.events.count ? got.events[$0] : nil)
        }) {
            let e = index < expected.events.count ? "\"\(expected.events[index])\"" : "the trace's end"
            let g = index < got.events.count ? "\"\(got.events[index])\"" : "the trace's end"
            let differing = zip(expected.events, got.events).filter { $0 != $1 }.count + abs(expected.events.count - got.events.count)
            let rest = differing - 1
            found.append(GoldenMismatch(cell: expected.label, phase: "trace", subject: "line \(index + 1)", property: "", time: nil,
                                        expected: e, got: g, more: rest))
        }
        // The views, at the times both runs sampled (a moved phase samples other times: its
        // times are reported above).
        var firstAt: [String: Int] = [:]
        for sample in expected.samples {
            guard let other = got.samples.first(where: { sameTime($0.time, sample.time) }) else { continue }
            func note(_ key: String, _ subject: String, _ property: String, _ e: String, _ g: String) {
                let id = key + "\u{0}" + property
                if let index = firstAt[id] { found[index].more += 1; return }
                firstAt[id] = found.count
                found.append(GoldenMismatch(cell: expected.label, phase: sample.phase, subject: subject, property: property,
                                            time: sample.time, expected: e, got: g))
            }
            let counts = [sample.views, other.views].map { Dictionary(grouping: $0.values.map(\.name), by: { $0 }).mapValues(\.count) }
            for key in Set(sample.views.keys).union(other.views.keys).sorted() {
                let e = sample.views[key], g = other.views[key]
                let leaf = (e ?? g)!.name
                // The name alone when it is unique on screen; the path when two views share it.
                let subject = max(counts[0][leaf] ?? 0, counts[1][leaf] ?? 0) > 1 ? key : leaf
                guard let e, let g else {
                    // A subtree that came or went is one line: its root's.
                    let parent = (key as NSString).deletingLastPathComponent
                    if (sample.views[parent] == nil) != (other.views[parent] == nil) { continue }
                    note(key, subject, "", e == nil ? "absent" : "on screen", g == nil ? "absent" : "on screen")
                    continue
                }
                if zip(e.frame, g.frame).contains(where: { abs($0 - $1) > tolerance.geometry + 1e-9 }) {
                    note(key, subject, "frame", describeFrame(e.frame), describeFrame(g.frame))
                }
                if abs(e.alpha - g.alpha) > tolerance.alpha + 1e-9 {
                    note(key, subject, "alpha", describeNumber(e.alpha), describeNumber(g.alpha))
                }
                let identity = Transform3D.identity.elements
                let et = e.transform ?? identity, gt = g.transform ?? identity
                let transformDiffers = (0..<16).contains { index in
                    let allowed = (12...14).contains(index) ? tolerance.geometry : tolerance.transform
                    return abs(et[index] - gt[index]) > allowed + 1e-9
                }
                if transformDiffers { note(key, subject, "transform", describeTransform(e.transform), describeTransform(g.transform)) }
                if e.hidden != g.hidden { note(key, subject, "isHidden", "\(e.hidden)", "\(g.hidden)") }
            }
        }
        return found
    }
}
