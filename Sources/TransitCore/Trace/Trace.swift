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
    let thousandths = Int((value * 1000).rounded())
    let whole = thousandths / 1000, fraction = abs(thousandths % 1000)
    let padded = String(fraction).count == 1 ? "00\(fraction)" : String(fraction).count == 2 ? "0\(fraction)" : String(fraction)
    return "\(whole).\(padded)"
}

public final class Trace {
    public private(set) var entries: [TraceEntry] = []
    private var depth = 0

    public init() {}

    /// Opens a call entry; `end` fills in its result.
    func begin(time: Double, turn: Int, object: String, hook: String, arguments: [String]) -> Int {
        entries.append(TraceEntry(kind: .call, time: time, turn: turn, object: object, hook: hook,
                                  arguments: arguments, result: nil, depth: depth))
        depth += 1
        return entries.count - 1
    }

    func end(_ index: Int, result: String) {
        depth = max(0, depth - 1)
        if index < entries.count { entries[index].result = result }
    }

    /// A state change made by the host itself (a transition began, a view was removed, ...).
    public func event(time: Double, turn: Int, subject: String, _ what: String, _ details: [String] = []) {
        entries.append(TraceEntry(kind: .event, time: time, turn: turn, object: subject, hook: what,
                                  arguments: details, result: nil, depth: depth))
    }

    public func note(time: Double, turn: Int, _ text: String) {
        entries.append(TraceEntry(kind: .note, time: time, turn: turn, object: "", hook: text,
                                  arguments: [], result: nil, depth: depth))
    }

    /// Hook names of the calls, in order: what call-order tests compare.
    public var hooks: [String] { entries.filter { $0.kind == .call }.map(\.hook) }

    public var lines: [String] { entries.map(\.line) }
}

extension World {
    /// Records a host-side state change in the trace.
    public func traceEvent(_ subject: String, _ what: String, _ details: [String] = []) {
        trace.event(time: now, turn: turn, subject: subject, what, details)
    }
}
