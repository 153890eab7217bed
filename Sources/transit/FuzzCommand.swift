import Foundation
#if canImport(Glibc)
import Glibc
#endif
import TransitCore
import TransitLua
import TransitRender

// `transit fuzz [--seed N] [--count N] [--calls N] [--jobs N] [--timeout S] [--generators LIST]
// [--out DIR]`: random scenes that call the whole API with declared and hostile arguments, each
// run as a child `transit run` (or `transit render`) so a crash or a hang is seen from outside. Exit 0 when nothing crashed or hung; 1 otherwise,
// with each reproducer saved in DIR. Errors that do not say where they come from are counted
// and shown too (they are not failures of the run: a clear error is the expected outcome).

func commandFuzz(_ arguments: ArraySlice<String>) throws -> Int32 {
    var settings = (seed: UInt64(1), count: 100, calls: 500, jobs: max(1, ProcessInfo.processInfo.activeProcessorCount),
                    out: "fuzz-failures", timeout: 20.0, generators: Set(FuzzGenerator.Kind.allCases))
    let parsed = try Commands.fuzz.parse(arguments)
    if let seed = parsed.integer("--seed") { settings.seed = UInt64(seed) }
    if let count = parsed.integer("--count") { settings.count = count }
    if let calls = parsed.integer("--calls") { settings.calls = calls }
    if let jobs = parsed.integer("--jobs") { settings.jobs = jobs }
    if let timeout = parsed.integer("--timeout") { settings.timeout = Double(timeout) }
    if let list = parsed.text("--generators") { settings.generators = try FuzzGenerator.Kind.parse(list) }
    if let out = parsed.text("--out") { settings.out = out }
    // The iOS version every script runs as (--ios 18 reaches the zoom transition, 16 custom detents).
    let systemVersion = try parsed.text("--ios").map { try parseSystemVersion($0, flag: "--ios") } ?? 17
    // Constants from here on: the workers read them concurrently.
    let (seed, count, callsPerScript, jobs, out, timeout, generators) = settings
    let api = FuzzAPI(luaLanguageServerDefinitions: LuaRuntime.apiDescription.luaLanguageServerDefinitions)
    let work = FileManager.default.temporaryDirectory.appendingPathComponent("transit-fuzz-\(getpid())")
    try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: work) }
    let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
    let selected = FuzzGenerator.Kind.allCases.filter(generators.contains)
    say("fuzz: seed \(seed), \(count) scripts of \(callsPerScript) calls over \(api.memberCount) API members, \(jobs) at a time; generators \(selected.map(\.rawValue).joined(separator: ","))")

    let results = FuzzResults()
    let progress = ProgressReporter(total: count, label: "fuzzing")
    let next = FuzzCounter()
    DispatchQueue.concurrentPerform(iterations: jobs) { _ in
        while let index = next.take(below: count) {
            // Each script's seed derives from the run's seed and its index: any one can be
            // regenerated alone.
            var generator = FuzzGenerator(api: api, seed: seed &* 1_000_003 &+ UInt64(index), selection: generators)
            let source = generator.script(calls: callsPerScript)
            let file = work.appendingPathComponent("fuzz-\(seed)-\(index).lua")
            do { try Data(source.utf8).write(to: file) } catch { results.record(.crash("cannot write \(file.path)"), index: index, source: source, calls: [:]); continue }
            let limits = ["--budget", "20000000", "--memory", "128", "--ios", formatNumber(systemVersion)]
            // Renders at 10 fps and scale 1: the rasterizer and encoders see every frame of the
            // short scene, and a render costs about what a run does.
            var arguments = ["run", file.path] + limits
            var output: URL?
            switch generator.runner {
            case .run: break
            case .gif, .filmstrip:
                output = work.appendingPathComponent("fuzz-\(seed)-\(index)" + (generator.runner == .gif ? ".gif" : ".png"))
                arguments = ["render", file.path, "-o", output!.path, "--fps", "10"] + limits
            }
            let outcome = FuzzChild.run(executable, arguments: arguments, directory: work, timeout: timeout)
            if let output { try? FileManager.default.removeItem(at: output) }
            results.record(outcome, index: index, source: source, calls: generator.callsByKind,
                           command: generator.runner == .run ? "run" : "render -o \(output!.lastPathComponent) --fps 10")
            progress.advance()
        }
    }
    progress.finish()

    let failures = results.failures
    if !failures.isEmpty { try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true) }
    for failure in failures {
        let path = URL(fileURLWithPath: out).appendingPathComponent("fuzz-\(seed)-\(failure.index).lua").path
        try Data(failure.source.utf8).write(to: URL(fileURLWithPath: path))
        say("\(failure.kind): \(path) (transit \(failure.command)): \(failure.detail)")
    }
    for (message, times) in results.unclear.sorted(by: { $0.value > $1.value || $0.value == $1.value && $0.key < $1.key }).prefix(20) {
        var example = ""
        if let (index, source) = results.unclearExamples[message] {
            try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
            let path = URL(fileURLWithPath: out).appendingPathComponent("unclear-\(seed)-\(index).lua").path
            try Data(source.utf8).write(to: URL(fileURLWithPath: path))
            example = " (first in \(path))"
        }
        say("unclear error (\(times)×): \(message)\(example)")
    }
    let crashes = failures.filter { $0.kind == "crash" }.count, hangs = failures.filter { $0.kind == "hang" }.count
    let unparsable = failures.filter { $0.kind == "unparsable script" }.count
    let perKind = selected.map { "\($0.rawValue) \(results.callsByKind[$0, default: 0])" }.joined(separator: ", ")
    print("fuzz: \(count) scripts, \(results.calls) calls (\(perKind)): \(crashes) crashes, \(hangs) hangs, \(unparsable) unparsable, \(results.unclearTotal) unclear errors, \(results.scriptErrors) scripts ended by a clear error")
    return failures.isEmpty ? 0 : 1
}

enum FuzzOutcome {
    case finished(status: Int32, stdout: String, stderr: String)
    case crash(String)
    case hang
}

/// Runs one child with a deadline; a child still running then is killed and is a hang.
/// posix_spawn, pipes and poll directly: a long campaign starts tens of thousands of children,
/// and every descriptor must be closed as soon as its child is done (Foundation's Process kept
/// them until it hung in select() past 20,000 descriptors).
enum FuzzChild {
    static func run(_ executable: URL, arguments: [String], directory: URL, timeout: Double) -> FuzzOutcome {
        var outputPipe: [Int32] = [-1, -1], errorPipe: [Int32] = [-1, -1]
        guard pipe(&outputPipe) == 0 else { return .crash("cannot create a pipe (\(String(cString: strerror(errno))))") }
        guard pipe(&errorPipe) == 0 else {
            close(outputPipe[0]); close(outputPipe[1])
            return .crash("cannot create a pipe (\(String(cString: strerror(errno))))")
        }
        // Not inherited by children other workers start meanwhile (they would hold a write end).
        for end in outputPipe + errorPipe { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, outputPipe[1], STDOUT_FILENO)
        posix_spawn_file_actions_adddup2(&actions, errorPipe[1], STDERR_FILENO)
        let argv: [UnsafeMutablePointer<CChar>?] = ([executable.path] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, executable.path, &actions, nil, argv, environ)
        close(outputPipe[1]); close(errorPipe[1])
        defer { close(outputPipe[0]); close(errorPipe[0]) }
        guard spawned == 0 else { return .crash("cannot start: \(String(cString: strerror(spawned)))") }

        // Read both pipes until they close or the deadline passes, so a chatty child never
        // blocks on a full pipe; keep at most 1 MiB of each.
        var collected: [[UInt8]] = [[], []]
        var open = [true, true]
        let deadline = MonotonicClock.seconds() + timeout
        var buffer = [UInt8](repeating: 0, count: 65536)
        var timedOut = false
        while open[0] || open[1] {
            let remaining = deadline - MonotonicClock.seconds()
            if remaining <= 0 { timedOut = true; break }
            var descriptors = [pollfd(fd: open[0] ? outputPipe[0] : -1, events: Int16(POLLIN), revents: 0),
                               pollfd(fd: open[1] ? errorPipe[0] : -1, events: Int16(POLLIN), revents: 0)]
            let ready = poll(&descriptors, 2, Int32(min(remaining, 1) * 1000) + 1)
            if ready < 0 && errno != EINTR { break }
            for stream in 0..<2 where open[stream] && descriptors[stream].revents != 0 {
                let count = buffer.withUnsafeMutableBytes { read(descriptors[stream].fd, $0.baseAddress, $0.count) }
                if count > 0 {
                    if collected[stream].count < 1 << 20 { collected[stream] += buffer[0..<count] }
                } else if count == 0 || errno != EINTR {
                    open[stream] = false
                }
            }
        }
        var status: Int32 = 0
        if timedOut {
            kill(pid, SIGKILL)
            while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
            return .hang
        }
        // The pipes closed: the child is exiting; wait for it, but never past the deadline.
        while true {
            let result = waitpid(pid, &status, WNOHANG)
            if result == pid { break }
            if result < 0 && errno != EINTR { return .crash("cannot wait for the child (\(String(cString: strerror(errno))))") }
            if MonotonicClock.seconds() > deadline {
                kill(pid, SIGKILL)
                while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
                return .hang
            }
            usleep(1000)
        }
        let stdout = String(decoding: collected[0], as: UTF8.self), stderr = String(decoding: collected[1], as: UTF8.self)
        let signalled = status & 0x7f
        if signalled != 0 {
            return .crash("killed by signal \(signalled)\n" + stderr.suffix(2000))
        }
        let exitStatus = (status >> 8) & 0xff
        guard exitStatus == 0 || exitStatus == 1 else { return .crash("exit status \(exitStatus)\n" + stderr.suffix(2000)) }
        return .finished(status: exitStatus, stdout: stdout, stderr: stderr)
    }
}

private final class FuzzCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0
    func take(below limit: Int) -> Int? {
        lock.lock(); defer { lock.unlock() }
        guard value < limit else { return nil }
        value += 1
        return value - 1
    }
}

/// What the children did, gathered from every worker.
final class FuzzResults: @unchecked Sendable {
    struct Failure { var kind: String; var index: Int; var source: String; var detail: String; var command = "run" }
    private let lock = NSLock()
    private(set) var failures: [Failure] = []
    private(set) var unclear: [String: Int] = [:]
    /// The first script that showed each unclear message, kept to be saved beside the failures.
    private(set) var unclearExamples: [String: (index: Int, source: String)] = [:]
    private(set) var unclearTotal = 0
    private(set) var scriptErrors = 0
    private(set) var calls = 0
    private(set) var callsByKind: [FuzzGenerator.Kind: Int] = [:]

    func record(_ outcome: FuzzOutcome, index: Int, source: String, calls: [FuzzGenerator.Kind: Int], command: String = "run") {
        lock.lock(); defer { lock.unlock() }
        for (kind, made) in calls {
            self.calls += made
            callsByKind[kind, default: 0] += made
        }
        switch outcome {
        case .crash(let detail):
            failures.append(Failure(kind: "crash", index: index, source: source, detail: detail.split(separator: "\n").prefix(3).joined(separator: " | "), command: command))
        case .hang:
            failures.append(Failure(kind: "hang", index: index, source: source, detail: "still running at the deadline", command: command))
        case .finished(let status, let stdout, let stderr):
            for line in stdout.split(separator: "\n") where line.hasPrefix("UNCLEAR: ") {
                note(String(line.dropFirst(9)), index: index, source: source)
            }
            if status == 1 {
                // A generated script that does not even parse tested nothing: the generator is
                // broken (a stub it cannot read), and the run must say so, not pass.
                if stderr.range(of: #"fuzz-\d+-\d+\.lua:\d+: (.*syntax error|.*expected near|unexpected symbol)"#, options: .regularExpression) != nil {
                    failures.append(Failure(kind: "unparsable script", index: index, source: source,
                                            detail: stderr.split(separator: "\n").first.map(String.init) ?? "", command: command))
                }
                scriptErrors += 1
                // The error that ended the script must say where it came from (a render's own
                // last line, "rendered N frames", is not an error: it exits 1 for problems).
                let first = stderr.split(separator: "\n").first { !$0.hasPrefix("problem:") && !$0.hasPrefix("rendered ") && !$0.isEmpty }.map(String.init) ?? ""
                // A limit reached after the scene's last line has no line to name, and says so.
                let saysWhyNoLine = first.range(of: #"\.lua: after the scene's last line"#, options: .regularExpression) != nil
                if !first.isEmpty && first.range(of: #"\.lua:\d+: "#, options: .regularExpression) == nil && !first.hasPrefix("transit: ") && !saysWhyNoLine {
                    note("(ended the script) " + first, index: index, source: source)
                }
            }
        }
        failures.sort { $0.index < $1.index }
    }

    /// Unclear messages are grouped by their text with numbers and addresses blanked.
    private func note(_ message: String, index: Int, source: String) {
        unclearTotal += 1
        let shape = String(message.replacingOccurrences(of: #"0x[0-9a-f]+|[0-9]+(\.[0-9]+)?"#, with: "#", options: .regularExpression).prefix(200))
        unclear[shape, default: 0] += 1
        if unclearExamples[shape] == nil { unclearExamples[shape] = (index, source) }
    }
}
