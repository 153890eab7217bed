// The call log: every call the host makes into a script and every state change of a
// transition, in order. It is an output (`--trace`), the basis of call-order tests, and what
// `transit.trace()` prints.

public struct TraceEntry: Sendable, Equatable {
    public enum Kind: String, Sendable { case call, event, note }
    public var kind: Kind
    public var time: Double
    public var turn: Int
    public var object: String
    public var hook: String
    public var arguments: [String]
    public var result: String?
    /// Nesting depth: a hook called from inside another hook is indented under it.
    public var depth: Int

    /// What the entry costs the host: its strings and the entry itself.
    var estimatedBytes: Int {
        96 + object.utf8.count + hook.utf8.count + (result?.utf8.count ?? 0) + arguments.reduce(0) { $0 + $1.utf8.count + 16 }
    }

    /// One line, e.g. `0.000 #3   UIPresentationController.presentationTransitionWillBegin()`.
    public var line: String {
        let indent = String(repeating: "  ", count: depth)
        let clock = String(format3(time))
        switch kind {
        case .call:
            let arguments = self.arguments.joined(separator: ", ")
            let result = self.result.map { $0 == "nil" ? "" : " -> \($0)" } ?? ""
            return "\(clock) #\(turn) \(indent)\(object).\(hook)(\(arguments))\(result)"
        case .event:
            return "\(clock) #\(turn) \(indent)[\(object)] \(hook)\(arguments.isEmpty ? "" : " " + arguments.joined(separator: " "))"
        case .note:
            return "\(clock) #\(turn) \(indent)-- \(hook)"
        }
    }
}

func format3(_ value: Double) -> String {
    guard abs(value) < 1e12 else { return formatNumber(value) }
    let thousandths = Int((value * 1000).rounded())
    let whole = thousandths / 1000, fraction = abs(thousandths % 1000)
    let padded = String(fraction).count == 1 ? "00\(fraction)" : String(fraction).count == 2 ? "0\(fraction)" : String(fraction)
    return "\(whole).\(padded)"
}

public final class Trace {
    /// The entries kept: all of them, or the latest `retention` when a limit is set.
    public private(set) var entries: [TraceEntry] = []
    private var depth = 0
    /// At most this many entries are kept (nil: all). A run that needs no whole trace (no
    /// `--trace`, no player) keeps the latest ones only, so a scene of ten thousand
    /// transitions, or a REPL session of hours, does not grow without bound.
    public var retention: Int?
    /// The retention of `transit run` without `--trace` and of the REPL.
    public static let defaultRetention = 10_000
    /// Entries no longer kept, the oldest first.
    public private(set) var droppedCount = 0
    /// Calls into scripts ever traced, kept or not.
    public private(set) var callCount = 0

    /// Where the entries' bytes are counted (the world's host memory).
    var memory: HostMemory?

    public init() {}

    private func append(_ entry: TraceEntry) {
        entries.append(entry)
        memory?.charge(entry.estimatedBytes)
        // Dropped in batches of a half, so keeping the latest costs O(1) per entry.
        if let retention, entries.count >= 2 * max(retention, 1) {
            let excess = entries.count - retention
            if let memory { for dropped in entries[..<excess] { memory.credit(dropped.estimatedBytes) } }
            entries.removeFirst(excess)
            droppedCount += excess
        }
    }

    deinit {
        if let memory { for entry in entries { memory.credit(entry.estimatedBytes) } }
    }

    /// Opens a call entry; `end` fills in its result.
    func begin(time: Double, turn: Int, object: String, hook: String, arguments: [String]) -> Int {
        append(TraceEntry(kind: .call, time: time, turn: turn, object: object, hook: hook,
                          arguments: arguments, result: nil, depth: depth))
        callCount += 1
        depth += 1
        return droppedCount + entries.count - 1
    }

    func end(_ index: Int, result: String) {
        depth = max(0, depth - 1)
        let kept = index - droppedCount
        if kept >= 0 && kept < entries.count {
            let before = entries[kept].estimatedBytes
            entries[kept].result = result
            memory?.charge(entries[kept].estimatedBytes - before)
        }
    }

    /// A state change made by the host itself (a transition began, a view was removed, ...).
    public func event(time: Double, turn: Int, subject: String, _ what: String, _ details: [String] = []) {
        append(TraceEntry(kind: .event, time: time, turn: turn, object: subject, hook: what,
                          arguments: details, result: nil, depth: depth))
    }

    public func note(time: Double, turn: Int, _ text: String) {
        append(TraceEntry(kind: .note, time: time, turn: turn, object: "", hook: text,
                          arguments: [], result: nil, depth: depth))
    }

    /// Hook names of the calls, in order: what call-order tests compare.
    public var hooks: [String] { entries.filter { $0.kind == .call }.map(\.hook) }

    /// The kept entries as lines, after a line saying how many earlier ones were not kept.
    public var lines: [String] {
        let kept = entries.map(\.line)
        guard droppedCount > 0 else { return kept }
        return ["-- \(droppedCount) earlier trace entries not kept (the latest \(retention ?? entries.count) are; transit run --trace keeps all)"] + kept
    }
}

extension World {
    /// Records a host-side state change in the trace.
    public func traceEvent(_ subject: String, _ what: String, _ details: [String] = []) {
        trace.event(time: now, turn: turn, subject: subject, what, details)
    }
}
