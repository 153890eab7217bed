import CEdit
import Foundation
import TransitCore
import TransitLua
import TransitPipeline
import TransitRender

// `transit repl [FILE]`: a Lua prompt on a live world (docs/repl.md). At a terminal: libedit,
// history, completion, Ctrl-C. With piped stdin: no prompt, each chunk run and its values
// printed, exit 1 if any chunk failed.

func commandRepl(_ arguments: ArraySlice<String>) throws -> Int32 {
    let options = try parseOptions(arguments, command: "repl")
    let interactive = isatty(STDIN_FILENO) != 0
    let opened: ReplSession
    do {
        opened = try ReplSession(options, interactive: interactive, budgetGiven: arguments.contains("--budget"))
    } catch let error as ReplSession.StartFailure {
        transit_flush_stdout()
        FileHandle.standardError.write(Data("\(TerminalText.safe(error.message))\n".utf8))
        return 1
    }
    let holder = ReplHolder(opened)
    if interactive {
        print("transit repl: \(opened.opening) at t=\(formatNumber(opened.world.now))s. help() lists the helpers; Ctrl-D exits.")
        transit_flush_stdout()
        return runInteractiveRepl(holder)
    }
    return runPipedRepl(holder)
}

/// One world and runtime at the prompt: FILE run (to its end, or to its transit.repl()) and the
/// helpers installed. `reset()` asks for a new one from the same options; the prompt's loop makes
/// it after the chunk that asked, so history and the line editor stay.
private final class ReplSession {
    struct StartFailure: Error { let message: String }

    let world: World
    let runtime: LuaRuntime
    let problems: ProblemReporter
    let opening: String
    let options: Options
    let interactive: Bool
    let budgetGiven: Bool
    private(set) var resetRequested = false

    init(_ options: Options, interactive: Bool, budgetGiven: Bool) throws {
        self.options = options
        self.interactive = interactive
        self.budgetGiven = budgetGiven
        let (world, runtime, session) = try makeReplRuntime(options, interactive: interactive, budgetGiven: budgetGiven)
        runtime.output = { line in print(line); transit_flush_stdout() }
        var effectFile: URL?
        var opening = "an empty window"
        if let session {
            let url = session.configuration.file
            do {
                try session.run(configure: { $0.stopsAtBreakpoint = true })
                try world.drain()   // the work of this instant, without moving time
            } catch {
                throw StartFailure(message: "\(error)")
            }
            let name = LuaRuntime.displayPath(url)
            if (try? runtime.evaluate("return rawget(transit, 'effect') ~= nil")) == "true" {
                effectFile = url
                opening = "\(name) on the default scene's screens, ready for present()"
            } else if runtime.stoppedAtBreakpoint {
                opening = "\(name), stopped at its transit.repl()"
            } else {
                opening = "\(name), run to its end"
            }
        }
        self.world = world
        self.runtime = runtime
        self.opening = opening
        problems = ProblemReporter(world: world)
        var helpers = replRenderingHelpers(world: world, scale: options.deviceScale ? world.screen.scale : (options.scale ?? 1), statusBar: options.statusBar)
        helpers.append(ReplFunction(name: "reset", usage: "reset()",
                                    summary: "starts again: a fresh world and Lua state from the same FILE and options, after this line (history kept)") { [weak self] _ in
            self?.resetRequested = true
            return .none
        })
        try runtime.installReplHelpers(effectFile: effectFile, extra: helpers)
    }
}

/// The session the prompt talks to, replaced by reset().
private final class ReplHolder {
    var current: ReplSession

    init(_ session: ReplSession) { current = session }

    /// After a chunk: a new session if the chunk called reset(); the old one stays if FILE no
    /// longer runs (the message says why).
    func resetIfRequested() {
        guard current.resetRequested else { return }
        do {
            current = try ReplSession(current.options, interactive: current.interactive, budgetGiven: current.budgetGiven)
            if current.interactive { current.runtime.installInterruptHandler() }
            print("reset: \(current.opening) at t=\(formatNumber(current.world.now))s")
        } catch let error as ReplSession.StartFailure {
            print("reset failed, the current world stays: \(TerminalText.safe(error.message))")
        } catch {
            print("reset failed, the current world stays: \(TerminalText.safe("\(error)"))")
        }
        transit_flush_stdout()
    }
}

/// Prints the problems the world found (a transition that never completed, a view left in the
/// container) once, after the chunk during which they were found. They do not change the exit
/// status: that says whether the typed chunks ran.
private final class ProblemReporter {
    let world: World
    private var reported: Int
    init(world: World) { self.world = world; reported = world.problems.count }
    func printNew() {
        guard world.problems.count > reported else { return }
        for problem in world.problems[reported...] { print("problem: \(problem)") }
        reported = world.problems.count
        transit_flush_stdout()
    }
}

/// A world and runtime for the REPL: like `run`'s, but FILE is optional (no FILE: an empty
/// window), and at a terminal the instruction budget is off unless --budget is given, because
/// Ctrl-C stops runaway code there.
private func makeReplRuntime(_ options: Options, interactive: Bool, budgetGiven: Bool) throws -> (World, LuaRuntime, SceneSession?) {
    var options = options
    if interactive && !budgetGiven { options.budget = 1 << 60 }
    if options.file != nil {
        let session = try SceneSession(try options.runConfiguration())
        // A session may run for hours: keep the latest trace entries (trace() shows those).
        session.world.trace.retention = Trace.defaultRetention
        return (session.world, session.runtime, session)
    }
    let world = World(device: options.device, systemVersion: options.systemVersion)
    world.trace.retention = Trace.defaultRetention
    var runtimeOptions = LuaRuntime.Options()
    runtimeOptions.unsafe = options.unsafe
    runtimeOptions.budget = options.budget
    runtimeOptions.memoryLimit = options.memory << 20
    let runtime = try LuaRuntime(world: world, options: runtimeOptions)
    runtime.readableDirectories = options.readableDirectories
    return (world, runtime, nil)
}

/// Piped input: chunks by lua.c's rules, messages naming input lines (`stdin:12:`).
private func runPipedRepl(_ holder: ReplHolder) -> Int32 {
    var failed = false
    var buffer: String?
    var firstLine = 1
    var lineNumber = 0
    func report(_ message: String) {
        transit_flush_stdout()
        FileHandle.standardError.write(Data((TerminalText.safe(message) + "\n").utf8))
        failed = true
    }
    while let line = readLine(strippingNewline: true) {
        lineNumber += 1
        if buffer == nil {
            if line.trimmingCharacters(in: .whitespaces).isEmpty { continue }
            buffer = line
            firstLine = lineNumber
        } else {
            buffer! += "\n" + line
        }
        switch holder.current.runtime.evaluateReplChunk(buffer!, firstLine: firstLine) {
        case .incomplete:
            continue
        case .values(let values):
            if !values.isEmpty { print(values.joined(separator: "\t")) }
            transit_flush_stdout()
        case .failure(let message):
            report(message)
        }
        holder.current.problems.printNew()
        buffer = nil
        holder.resetIfRequested()
    }
    if let buffer {
        // Input ended inside a chunk: the syntax error names where it stopped.
        if case .failure(let message) = holder.current.runtime.evaluateReplChunk(buffer, firstLine: firstLine, endOfInput: true) {
            report(message)
        }
    }
    transit_flush_stdout()
    return failed ? 1 : 0
}

/// A terminal: prompts, line editing, history, completion; Ctrl-C stops a running chunk or
/// clears the line; Ctrl-D exits.
private func runInteractiveRepl(_ holder: ReplHolder) -> Int32 {
    let editor = ReplLineEditor(historyPath: replHistoryPath()) { prefix in holder.current.runtime.completions(for: prefix) }
    holder.current.runtime.installInterruptHandler()
    var buffer: String?
    while true {
        _ = LuaRuntime.takeInterrupts()
        let line = editor.readLine(prompt: buffer == nil ? "> " : ">> ")
        if LuaRuntime.takeInterrupts() > 0 {
            // Ctrl-C at the prompt: drop what was typed (and an unfinished chunk).
            print("")
            buffer = nil
            continue
        }
        guard let line else {
            print("")
            editor.save()
            return 0
        }
        if buffer == nil && line.trimmingCharacters(in: .whitespaces).isEmpty { continue }
        buffer = buffer.map { $0 + "\n" + line } ?? line
        let runtime = holder.current.runtime
        runtime.acceptInterrupts(true)
        let outcome = runtime.evaluateReplChunk(buffer!)
        runtime.acceptInterrupts(false)
        switch outcome {
        case .incomplete:
            continue
        case .values(let values):
            if !values.isEmpty { print(values.joined(separator: "\t")) }
        case .failure(let message):
            print(TerminalText.safe(message, terminal: TerminalText.stdoutIsTerminal))
        }
        holder.current.problems.printNew()
        transit_flush_stdout()
        editor.remember(buffer!)
        buffer = nil
        holder.resetIfRequested()
    }
}
