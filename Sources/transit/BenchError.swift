import Foundation

/// Why `transit bench` could not measure a figure: each case carries what its message shows.
enum BenchError: Error, CustomStringConvertible {
    /// Transit's own scripts (the effects and scenes measured) were not found.
    case noScriptsDirectory
    /// A round did not do what it must for its figure to mean anything ("the default scene
    /// produced no frames"): the expectation that failed.
    case roundInvalid(String)
    case luaStateUnavailable
    /// A plain-Lua round (the floor) raised `reason`.
    case luaFailed(round: String, reason: String)
    case cannotRename(directory: String)
    /// Something awaited did not happen in time.
    case timedOut(String, seconds: Int)
    /// A save's reload failed (the file measured is a shipped effect: it should not).
    case reloadFailed
    case noPseudoTerminal
    case cannotStart(executable: String, errno: Int32?)
    case waitFailed
    /// A child command exited with `status`; `output` is the end of what it printed.
    case childFailed(command: String, status: Int32, output: String)

    var description: String {
        let text: String
        switch self {
        case .noScriptsDirectory: text = "Transit's scripts directory was not found"
        case .roundInvalid(let expectation): text = expectation
        case .luaStateUnavailable: text = "cannot create a Lua state"
        case .luaFailed(let round, let reason): text = "\(round): \(reason)"
        case .cannotRename(let directory): text = "cannot rename into \(directory)"
        case .timedOut(let what, let seconds): text = "\(what) within \(seconds) s"
        case .reloadFailed: text = "the reload failed"
        case .noPseudoTerminal: text = "no pseudo-terminal"
        case .cannotStart(let executable, let errno): text = "cannot start \(executable)" + (errno.map { " (errno \($0))" } ?? "")
        case .waitFailed: text = "wait4 failed"
        case .childFailed(let command, let status, let output):
            text = "`\(command)` failed (status \(status))" + (output.isEmpty ? "" : ": \(output)")
        }
        return "bench: " + text
    }
}
