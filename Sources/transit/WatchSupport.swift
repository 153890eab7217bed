import CLua
import Foundation
#if canImport(Glibc)
import Glibc
#endif
import TransitCore
import TransitPipeline
import TransitRender

/// Lua tracebacks as a script's author reads them.
enum Traceback {
    /// Drops the traceback's leading frames that are not the user's: C functions (`error`,
    /// `assert`, host functions) and Transit's own scripts (the default scene, the effect
    /// wrapper, the system styles) that merely called into the user's code. If no frame is the
    /// user's, the message stands alone: its first line names the file and line.
    /// The frames are the traceback's own (ScriptError.traceback), so this chooses frames by
    /// their source; it never cuts the printed text.
    static func trimmed(_ error: Error, hiding scriptsPrefix: String?) -> String {
        guard var scriptError = scriptError(in: error), let traceback = scriptError.traceback else { return "\(error)" }
        let kept = traceback.droppingLeadingFrames { isHidden($0, scriptsPrefix: scriptsPrefix) }
        // No frame of the user's own: the traceback would only show Transit's scripts.
        scriptError.traceback = kept.entries.isEmpty ? nil : kept
        return scriptError.description
    }

    /// What `run` and `render` print for a script error: the traceback from the first frame
    /// outside scripts/system and scripts/scenes (the run's own file is never hidden).
    static func forUser(_ error: Error) -> String { TerminalText.safe(trimmed(error, hiding: nil)) }

    /// The script error `error` is or carries (a run's `PipelineError.scriptFailed`).
    static func scriptError(in error: Error) -> ScriptError? {
        if let scriptError = error as? ScriptError { return scriptError }
        if case PipelineError.scriptFailed(let underlying) = error { return scriptError(in: underlying) }
        return nil
    }

    /// C functions (`error`, `assert`, host functions) and Transit's own scripts that merely
    /// called into the user's code.
    static func isHidden(_ frame: TransitCore.Traceback.Frame, scriptsPrefix: String?) -> Bool {
        if frame.isC { return true }
        // Lua shortens long sources to "...tail/of/the/path.lua".
        let path = frame.source.hasPrefix("...") ? String(frame.source.dropFirst(3)) : frame.source
        if let prefix = scriptsPrefix, path.hasPrefix(prefix) { return true }
        return ["scripts/system/", "scripts/scenes/"].contains { path.hasPrefix($0) || path.contains("/" + $0) }
    }
}

/// Text from a script (an error message, a name) written to a terminal: control characters other
/// than newline and tab are shown as Lua escapes (`\27`), so a message cannot move the cursor,
/// recolour or clear the screen. Not a terminal (a pipe, a file): the text as it is.
enum TerminalText {
    static let stderrIsTerminal = isatty(STDERR_FILENO) != 0
    static let stdoutIsTerminal = isatty(STDOUT_FILENO) != 0

    static func safe(_ text: String, terminal: Bool = stderrIsTerminal) -> String {
        guard terminal, text.unicodeScalars.contains(where: isControl) else { return text }
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if isControl(scalar) { result.append(contentsOf: "\\\(scalar.value)".unicodeScalars) } else { result.append(scalar) }
        }
        return String(result)
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        (scalar.value < 0x20 && scalar != "\n" && scalar != "\t") || scalar.value == 0x7F || (0x80...0x9F).contains(scalar.value)
    }
}

/// SIGINT and SIGTERM as a readable descriptor (a self-pipe), so the watch loop ends between
/// two reloads, after the output in progress is complete, and exits 0 with nothing left behind.
final class StopSignals {
    nonisolated(unsafe) private static var writeEnd: Int32 = -1
    private let readEnd: Int32
    var fileDescriptor: Int32 { readEnd }

    init() throws {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { throw UsageError(message: "watch: cannot create a pipe (\(String(cString: strerror(errno))))") }
        readEnd = ends[0]
        Self.writeEnd = ends[1]
        for end in ends {
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
        }
        for signal in [SIGINT, SIGTERM] {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { number in
                var byte = UInt8(truncatingIfNeeded: number)
                _ = Glibc.write(StopSignals.writeEnd, &byte, 1)
                // The loop stops between reloads; a reload that does not end within a second
                // (a long render, a script stuck in host work) ends the process instead.
                transit_armstopdeadline(128 + number)
            }
            sigemptyset(&action.sa_mask)
            action.sa_flags = SA_RESTART
            sigaction(signal, &action, nil)
        }
    }

    /// Whether a stop arrived (without consuming it).
    var isPending: Bool { !FileWatcher.wait([readEnd], milliseconds: 0).isEmpty }

    func restore() {
        transit_disarmstopdeadline()
        signal(SIGINT, SIG_DFL)
        signal(SIGTERM, SIG_DFL)
        close(readEnd)
        close(Self.writeEnd)
    }
}

