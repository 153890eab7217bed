import CEdit
import Foundation

// Line editing for `transit repl` at a terminal: libedit through its readline-compatible API,
// a bounded history file, and Tab completion asking the REPL for candidates.

/// The history file: `$TRANSIT_HISTORY`, else `~/.transit_history` (`$HOME` honoured).
func replHistoryPath() -> String? {
    let environment = ProcessInfo.processInfo.environment
    if let path = environment["TRANSIT_HISTORY"], !path.isEmpty { return path }
    let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
    guard !home.isEmpty else { return nil }
    return (home as NSString).appendingPathComponent(".transit_history")
}

/// Lines kept in the history file.
let replHistoryLimit: Int32 = 1000

/// libedit's completion callbacks are C function pointers that capture nothing: the provider
/// and the candidates of the completion under way live here. Only the main thread edits lines.
nonisolated(unsafe) private var completionProvider: ((String) -> [String])?
nonisolated(unsafe) private var pendingCandidates: [String] = []

final class ReplLineEditor {
    private let historyPath: String?
    private var lastEntry: String?

    init(historyPath: String?, complete: @escaping (String) -> [String]) {
        self.historyPath = historyPath
        completionProvider = complete
        // Word breaks without "." and ":", so Tab sees the whole `transit.wa` or `v:addSub`.
        transit_edit_configure(strdup("transit"), strdup(" \t\n\"\\'`@$><=;|&{(,+-*/%^#~[]")) { text, _, _ in
            transit_edit_completion_flags()
            let prefix = text.map { String(cString: $0) } ?? ""
            pendingCandidates = completionProvider?(prefix) ?? []
            guard !pendingCandidates.isEmpty else { return nil }
            return rl_completion_matches(text) { _, state in
                if state == 0 { pendingCandidates = pendingCandidates.reversed() }
                guard let next = pendingCandidates.popLast() else { return nil }
                return strdup(next)
            }
        }
        using_history()
        stifle_history(replHistoryLimit)
        if let historyPath, FileManager.default.fileExists(atPath: historyPath) {
            _ = read_history(historyPath)
        }
    }

    /// The next line, or nil at end of input (Ctrl-D) or when Ctrl-C interrupted the prompt.
    func readLine(prompt: String) -> String? {
        guard let pointer = readline(prompt) else { return nil }
        defer { free(pointer) }
        return String(cString: pointer)
    }

    /// Adds a chunk to the history and saves the file (so a killed session keeps it).
    func remember(_ entry: String) {
        let trimmed = entry.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty, entry != lastEntry else { return }
        lastEntry = entry
        add_history(entry)
        save()
    }

    func save() {
        guard let historyPath else { return }
        if write_history(historyPath) == 0 {
            _ = history_truncate_file(historyPath, replHistoryLimit)
        }
    }
}
