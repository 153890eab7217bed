import CLua
import Foundation
import TransitCore

// Running what is typed at the REPL, with lua.c's input rules: a line is first tried as an
// expression (`return <line>`); otherwise as statements; a chunk whose syntax error is at
// `<eof>` is incomplete and waits for more lines.

/// What became of a chunk typed at the prompt.
public enum ReplOutcome: Equatable {
    /// The chunk is not finished: read a continuation line and try again.
    case incomplete
    /// It ran; the texts of the values it returned (none for statements).
    case values([String])
    /// A syntax or run-time error, its message ready to print.
    case failure(String)
}

extension LuaRuntime {
    /// Compiles and runs `source` on the main state. `firstLine` is the line of the input the
    /// chunk starts on, so messages name input lines (`stdin:12:`) in a multi-chunk session.
    /// `endOfInput`: no more lines will come, so an unfinished chunk is a syntax error.
    public func evaluateReplChunk(_ source: String, chunkName: String = "=stdin", firstLine: Int = 1, endOfInput: Bool = false,
                                  limits: InspectorLimits = InspectorLimits()) -> ReplOutcome {
        guard L == mainState else { return .failure("the REPL runs chunks on the main state only") }
        // Each chunk may move time 600 s (as a scene may) and fire timers afresh.
        world.startRunLimits(allowing: 600)
        return withHostAllocation { evaluate(source, chunkName: chunkName, firstLine: firstLine, endOfInput: endOfInput, limits: limits) }
    }

    /// Runs `body` as host code: the allocator does not refuse while it runs (a refused
    /// allocation outside a protected call would abort the process), and calls into Lua made
    /// through transit_pcall still run under the memory limit.
    func withHostAllocation<T>(_ body: () throws -> T) rethrows -> T {
        limits.pointee.inHost += 1
        defer { limits.pointee.inHost -= 1 }
        return try body()
    }

    /// The last input line whose number a chunk's messages keep: Lua numbers lines by reading
    /// them, so a chunk that starts at line N is read after N - 1 newlines. Past this line a
    /// chunk is numbered from 1 and its name says where it starts ("stdin (line 2345):1:"), so
    /// a long piped session costs the same per line however long it is.
    static let maximumPaddedLine = 2_000

    private func evaluate(_ source: String, chunkName: String, firstLine: Int, endOfInput: Bool, limits: InspectorLimits) -> ReplOutcome {
        var chunkName = chunkName, firstLine = firstLine
        // lua.c's shorthand, kept by lua5.4 -i: a chunk whose first character is `=` is
        // `return` followed by the rest ("=x" prints x).
        var source = source
        if source.hasPrefix("=") { source = source.contains("\n") ? "return " + source.dropFirst() : String(source.dropFirst()) }
        if firstLine > Self.maximumPaddedLine {
            chunkName += " (line \(firstLine))"
            firstLine = 1
        }
        let top = lua_gettop(L)
        defer { lua_settop(L, top) }
        let isSingleLine = !source.contains("\n")
        var loaded = false
        if isSingleLine {
            // `return <line>` would make a call on the line a tail call, and a helper's error
            // would lose the line it was called from; passing the values through a function
            // (the chunk's first argument) keeps the chunk's frame. The ")" goes on a line of
            // its own so a trailing comment cannot hide it.
            loaded = load("return (...)(" + source + "\n)", firstLine: firstLine, chunkName: chunkName)
            if !loaded { transit_pop(L, 1) }
        }
        if !loaded {
            guard load(source, firstLine: firstLine, chunkName: chunkName) else {
                let message = string(at: -1) ?? "syntax error"
                if message.hasSuffix("<eof>") && !endOfInput { return .incomplete }
                return .failure(message)
            }
        }
        let base = lua_gettop(L) - 1
        pushValuesFunction()
        transit_resetbudget(L)   // each chunk is an entry from the host with a budget of its own
        let status = transit_pcall(L, 1, LUA_MULTRET)
        // A chunk's end is the end of the REPL's turn: the finalizers of what it freed run now
        // (still interruptible: a finalizer that loops is stopped by Ctrl-C).
        var finalizerFailure: String?
        if transit_runfinalizers(L) > 0, transit_takefinalizerfailure(L) != 0 {
            finalizerFailure = string(at: -1) ?? "a __gc finalizer failed"
            transit_pop(L, 1)
        }
        finishInterruptibleRun()
        guard status == LUA_OK else {
            var message = Self.trimmedTraceback(takeError())
            for label in world.cancelTransitionsWhoseHookRaised() {
                message += "\n(\(label) was cancelled, as completeTransition(false) would: its animateTransition raised, so nothing would complete it; present() works again)"
            }
            return .failure(message)
        }
        if let finalizerFailure { return .failure(finalizerFailure) }
        var values: [String] = []
        let results = lua_gettop(L) - base
        if results > 0 {
            for index in (base + 1)...(base + results) { values.append(inspect(at: index, limits: limits)) }
        }
        return .values(values)
    }

    /// `function(...) return ... end`, made once and kept in the registry.
    private func pushValuesFunction() {
        if lua_getfield(L, transit_registryindex(), "transit.replValues") == LUA_TFUNCTION { return }
        transit_pop(L, 1)
        let source = "return function(...) return ... end"
        _ = source.withCString { transit_loadtext(L, $0, strlen($0), "=repl") }
        _ = transit_pcall(L, 0, 1)
        lua_pushvalue(L, -1)
        lua_setfield(L, transit_registryindex(), "transit.replValues")
    }

    private func load(_ text: String, firstLine: Int, chunkName: String) -> Bool {
        var text = text
        let status = text.withUTF8 { bytes in
            bytes.withMemoryRebound(to: CChar.self) { transit_loadtextat(L, max(1, firstLine), $0.baseAddress, $0.count, chunkName) }
        }
        guard status == LUA_OK else { return false }
        useReplEnvironment()
        return true
    }

    /// The traceback of an error typed at the prompt ends in frames of the REPL itself
    /// ("[C]: in ?"): noise for the reader, dropped.
    static func trimmedTraceback(_ error: Error) -> String {
        guard var scriptError = error as? ScriptError, let traceback = scriptError.traceback else { return "\(error)" }
        let trimmed = traceback.droppingTrailingFrames { $0.isC && $0.line == nil && $0.function == "?" }
        scriptError.traceback = trimmed.entries.isEmpty && trimmed.note.isEmpty ? nil : trimmed
        return scriptError.description
    }

    /// After a chunk: an interrupt that arrived too late to stop it must not stop the next one,
    /// and the memory an interrupted or failed chunk held is returned.
    func finishInterruptibleRun() {
        transit_disarmstopdeadline()
        transit_clearinterrupt(L)
        if limits.pointee.limitReached != 0 { collectGarbage() }
    }

    /// Makes the REPL's Ctrl-C stop the Lua code running: SIGINT arms the instruction hook
    /// while a chunk runs (set with `acceptInterrupts(true)`) and is only counted otherwise.
    public func installInterruptHandler() {
        transit_catchinterrupts(mainState)
    }

    /// Whether SIGINT interrupts Lua now (while a chunk runs) or is only recorded (at the prompt).
    public func acceptInterrupts(_ accept: Bool) {
        transit_acceptinterrupts(accept ? 1 : 0)
    }

    /// SIGINTs received since the last call (Ctrl-C at the prompt clears the line).
    public static func takeInterrupts() -> Int {
        Int(transit_takeinterrupts())
    }
}
