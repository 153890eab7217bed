// `transit.expect` (Bindings/Transit.swift): a scene's own checks, kept so that the command that
// ran it can say how many failed and exit 1 (`transit run`), or report each as a test
// (`transit test`). A failed expectation does not stop the scene: the later ones still run, as
// in a test runner, and the count says how much is wrong.

import TransitCore

public struct Expectation: Sendable, Equatable {
    public var name: String
    public var passed: Bool
    /// Where the scene called `transit.expect` (`file.lua:12`); nil when no Lua line did.
    public var location: SourceLocation?
    /// "got X, want Y" for a failed one whose values were given; empty otherwise.
    public var detail: String

    /// The line `transit.expect` prints: `PASS name`, or `FAIL file.lua:12: name: got X, want Y`.
    public var line: String {
        if passed { return "PASS \(name)" }
        return "FAIL " + (location.map { "\($0): " } ?? "") + name + (detail.isEmpty ? "" : ": " + detail)
    }
}

extension LuaRuntime {
    public var failedExpectations: [Expectation] { expectations.filter { !$0.passed } }

    /// `2 of 5 expectations failed`, or nil when none did.
    public var expectationSummary: String? {
        let failed = failedExpectations.count
        guard failed > 0 else { return nil }
        return "\(failed) of \(expectations.count) expectation\(expectations.count == 1 ? "" : "s") failed"
    }
}
