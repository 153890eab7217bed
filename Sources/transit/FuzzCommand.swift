import Foundation
#if canImport(Glibc)
import Glibc
#endif
import TransitLua
import TransitRender

// `transit fuzz [--seed N] [--count N] [--calls N] [--jobs N] [--out DIR]`: random scenes that
// call the whole API with declared and hostile arguments, each run as a child `transit run` so
// a crash or a hang is seen from outside. Exit 0 when nothing crashed or hung; 1 otherwise,
// with each reproducer saved in DIR. Errors that do not say where they come from are counted
// and shown too (they are not failures of the run: a clear error is the expected outcome).

func commandFuzz(_ arguments: ArraySlice<String>) throws -> Int32 {
    var settings = (seed: UInt64(1), count: 100, calls: 500, jobs: max(1, ProcessInfo.processInfo.activeProcessorCount),
                    out: "fuzz-failures", timeout: 20.0)
    var rest = arguments
    func number(_ flag: String, _ range: ClosedRange<Int>) throws -> Int {
        guard let text = rest.popFirst() else { throw UsageError(message: "\(flag) needs a value") }
        guard let value = Int(text), range.contains(value) else { throw UsageError(message: "\(flag) needs a number in \(range.lowerBound)...\(range.upperBound) (got \(text))") }
        return value
    }
    while let argument = rest.popFirst() {
        switch argument {
        case "--seed": settings.seed = UInt64(try number(argument, 0...Int.max))
        case "--count": settings.count = try number(argument, 1...10_000_000)
        case "--calls": settings.calls = try number(argument, 1...100_000)
        case "--jobs": settings.jobs = try number(argument, 1...64)
        case "--timeout": settings.timeout = Double(try number(argument, 1...3600))
        case "--out":
            guard let value = rest.popFirst() else { throw UsageError(message: "--out needs a directory") }
            settings.out = value
        default: throw UsageError(message: "unknown option \(argument) for fuzz (see transit --help)")
        }
    }
    // Constants from here on: the workers read them concurrently.
    let (seed, count, callsPerScript, jobs, out, timeout) = settings
    let api = FuzzAPI(luaLanguageServerDefinitions: LuaRuntime.apiDescription.luaLanguageServerDefinitions)
    let work = FileManager.default.temporaryDirectory.appendingPathComponent("transit-fuzz-\(getpid())")
    try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: work) }
    let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
    say("fuzz: seed \(seed), \(count) scripts of \(callsPerScript) calls over \(api.memberCount) API members, \(jobs) at a time")

    let results = FuzzResults()
    let progress = ProgressReporter(total: count, label: "fuzzing")
    let next = FuzzCounter()
    DispatchQueue.concurrentPerform(iterations: jobs) { _ in
        while let index = next.take(below: count) {
            // Each script's seed derives from the run's seed and its index: any one can be
            // regenerated alone.
            var generator = FuzzGenerator(api: api, seed: seed &* 1_000_003 &+ UInt64(index))
            let source = generator.script(calls: callsPerScript)
            let file = work.appendingPathComponent("fuzz-\(seed)-\(index).lua")
            do { try Data(source.utf8).write(to: file) } catch { results.record(.crash("cannot write \(file.path)"), index: index, source: source, calls: 0); continue }
            let outcome = FuzzChild.run(executable, arguments: ["run", file.path, "--budget", "20000000", "--memory", "128"],
                                        directory: work, timeout: timeout)
            results.record(outcome, index: index, source: source, calls: generator.calls)
            progress.advance()
        }
    }
    progress.finish()

    let failures = results.failures
    if !failures.isEmpty { try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true) }
    for failure in failures {
        let path = URL(fileURLWithPath: out).appendingPathComponent("fuzz-\(seed)-\(failure.index).lua").path
        try Data(failure.source.utf8).write(to: URL(fileURLWithPath: path))
        say("\(failure.kind): \(path): \(failure.detail)")
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
    print("fuzz: \(count) scripts, \(results.calls) calls: \(crashes) crashes, \(hangs) hangs, \(results.unclearTotal) unclear errors, \(results.scriptErrors) scripts ended by a clear error")
    return failures.isEmpty ? 0 : 1
}

enum FuzzOutcome {
    case finished(status: Int32, stdout: String, stderr: String)
    case crash(String)
    case hang
}

/// Runs one child with a deadline; a child still running then is killed and is a hang.
enum FuzzChild {
    static func run(_ executable: URL, arguments: [String], directory: URL, timeout: Double) -> FuzzOutcome {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = directory
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        let done = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in done.signal() }
        do { try process.run() } catch { return .crash("cannot start: \(error)") }
        // Read both pipes while the child runs, so a chatty child never blocks on a full pipe.
        let collected = FuzzOutput()
        let readers = DispatchGroup()
        for (pipe, isError) in [(output, false), (errors, true)] {
            DispatchQueue.global().async(group: readers) {
                let data = pipe.fileHandleForReading.readDataToEndOfFile()
                collected.set(String(decoding: data.prefix(1 << 20), as: UTF8.self), isError: isError)
            }
        }
        if done.wait(timeout: .now() + timeout) == .timedOut {
            kill(process.processIdentifier, SIGKILL)
            done.wait()
            readers.wait()
            return .hang
        }
        readers.wait()
        if process.terminationReason == .uncaughtSignal {
            return .crash("killed by signal \(process.terminationStatus)\n" + collected.stderr.suffix(2000))
        }
        let status = process.terminationStatus
        guard status == 0 || status == 1 else { return .crash("exit status \(status)\n" + collected.stderr.suffix(2000)) }
        return .finished(status: status, stdout: collected.stdout, stderr: collected.stderr)
    }
}

private final class FuzzOutput: @unchecked Sendable {
    private let lock = NSLock()
    private(set) var stdout = "", stderr = ""
    func set(_ text: String, isError: Bool) {
        lock.lock(); defer { lock.unlock() }
        if isError { stderr = text } else { stdout = text }
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
    struct Failure { var kind: String; var index: Int; var source: String; var detail: String }
    private let lock = NSLock()
    private(set) var failures: [Failure] = []
    private(set) var unclear: [String: Int] = [:]
    /// The first script that showed each unclear message, kept to be saved beside the failures.
    private(set) var unclearExamples: [String: (index: Int, source: String)] = [:]
    private(set) var unclearTotal = 0
    private(set) var scriptErrors = 0
    private(set) var calls = 0

    func record(_ outcome: FuzzOutcome, index: Int, source: String, calls: Int) {
        lock.lock(); defer { lock.unlock() }
        self.calls += calls
        switch outcome {
        case .crash(let detail):
            failures.append(Failure(kind: "crash", index: index, source: source, detail: detail.split(separator: "\n").prefix(3).joined(separator: " | ")))
        case .hang:
            failures.append(Failure(kind: "hang", index: index, source: source, detail: "still running at the deadline"))
        case .finished(let status, let stdout, let stderr):
            for line in stdout.split(separator: "\n") where line.hasPrefix("UNCLEAR: ") {
                note(String(line.dropFirst(9)), index: index, source: source)
            }
            if status == 1 {
                scriptErrors += 1
                // The error that ended the script must say where it came from.
                let first = stderr.split(separator: "\n").first { !$0.hasPrefix("problem:") && !$0.isEmpty }.map(String.init) ?? ""
                if !first.isEmpty && first.range(of: #"\.lua:\d+: "#, options: .regularExpression) == nil && !first.hasPrefix("transit: ") {
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
