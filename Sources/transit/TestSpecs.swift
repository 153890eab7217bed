import Foundation
import TransitLua

// The `*_spec.lua` files of `transit test` (docs/testing.md): run under busted when it is on
// PATH (busted re-runs itself under `transit lua`, so specs see Transit's API), else under
// Transit's own minimal runner, `transit lua --spec FILE... --format json`, which prints
// {"tests":[{"name","file","line","status","message"}],"passed":N,"failed":N}. Either way all
// the specs run in one child process, and each of their tests becomes one outcome.

func runSpecs(_ files: [String]) -> [TestOutcome] {
    guard !files.isEmpty else { return [] }
    let transit = currentExecutable()
    if let busted = findExecutable("busted") {
        let run = runChild(busted, ["--lua=\(transit) lua", "--output=json"] + files)
        return specOutcomes(run, runner: "busted", files: files, parse: parseBustedJSON)
    }
    let run = runChild(transit, ["lua", "--spec"] + files + ["--format", "json"])
    return specOutcomes(run, runner: "transit lua --spec", files: files, parse: parseSpecJSON)
}

/// The outcomes a runner reported, or one failure per file when it reported none (it could not
/// start, or crashed before its report).
func specOutcomes(_ run: ChildRun, runner: String, files: [String], parse: (Data) -> [TestOutcome]?) -> [TestOutcome] {
    if let outcomes = parse(lastJSONObject(run.output)), !outcomes.isEmpty || run.status == 0 {
        return outcomes.sorted { ($0.file, $0.line ?? 0, $0.name) < ($1.file, $1.line ?? 0, $1.name) }
    }
    let reason = run.error.split(separator: "\n").prefix(3).joined(separator: " ")
    return files.map { file in
        TestOutcome(file: LuaRuntime.displayPath(URL(fileURLWithPath: file)), name: "spec", kind: "spec", status: .failed,
                    messages: ["\(runner) reported no result (exit \(run.status))" + (reason.isEmpty ? "" : ": " + reason)])
    }
}

/// `transit lua --spec --format json`.
func parseSpecJSON(_ data: Data) -> [TestOutcome]? {
    guard let root = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any], let tests = root["tests"] as? [[String: Any]] else { return nil }
    return tests.map { test in
        let status = TestOutcome.Status(rawValue: test["status"] as? String ?? "") ?? .failed
        let message = test["message"] as? String
        let file = (test["file"] as? String).map { LuaRuntime.displayPath(URL(fileURLWithPath: $0)) } ?? "?"
        return TestOutcome(file: file, name: test["name"] as? String ?? "?", kind: "spec", line: (test["line"] as? NSNumber)?.intValue,
                           status: status, messages: message.map { $0.split(separator: "\n").map(String.init) } ?? [])
    }
}

/// busted's `--output=json`: {"successes":[...],"failures":[...],"errors":[...],"pendings":[...]},
/// each test with its full name, message and trace (short_src, currentline).
func parseBustedJSON(_ data: Data) -> [TestOutcome]? {
    guard let root = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] else { return nil }
    var outcomes: [TestOutcome] = []
    for (key, status) in [("successes", TestOutcome.Status.passed), ("failures", .failed), ("errors", .failed), ("pendings", .pending)] {
        for test in root[key] as? [[String: Any]] ?? [] {
            let element = test["element"] as? [String: Any]
            let trace = test["trace"] as? [String: Any] ?? element?["trace"] as? [String: Any]
            let source = (trace?["short_src"] as? String ?? trace?["source"] as? String ?? "?").replacingOccurrences(of: "@", with: "")
            let message = test["message"] as? String
            outcomes.append(TestOutcome(file: LuaRuntime.displayPath(URL(fileURLWithPath: source)), name: test["name"] as? String ?? "?",
                                        kind: "spec", line: (trace?["currentline"] as? NSNumber)?.intValue, status: status,
                                        messages: message.map { $0.split(separator: "\n").map(String.init) } ?? []))
        }
    }
    return outcomes
}

/// A runner's report: its output's last line that opens a JSON object (a spec may print lines
/// of its own before it), or the whole output.
func lastJSONObject(_ data: Data) -> Data {
    let text = String(decoding: data, as: UTF8.self)
    if (try? JSONSerialization.jsonObject(with: data)) != nil { return data }
    let lines = text.split(separator: "\n")
    if let start = lines.lastIndex(where: { $0.hasPrefix("{") }) {
        return Data(lines[start...].joined(separator: "\n").utf8)
    }
    return data
}

struct ChildRun {
    var status: Int32
    var output: Data
    var error: String
}

/// Runs a program to its end: its standard output, its error output (through a temporary
/// file, so neither pipe can fill while the other is read) and its exit status.
func runChild(_ executable: String, _ arguments: [String]) -> ChildRun {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    let output = Pipe()
    let errorFile = FileManager.default.temporaryDirectory.appendingPathComponent("transit-test-\(getpid())-\(UInt64.random(in: 0...UInt64.max)).err")
    FileManager.default.createFile(atPath: errorFile.path, contents: nil)
    defer { try? FileManager.default.removeItem(at: errorFile) }
    guard let errorHandle = try? FileHandle(forWritingTo: errorFile) else { return ChildRun(status: -1, output: Data(), error: "cannot create a temporary file") }
    process.standardOutput = output
    process.standardError = errorHandle
    process.standardInput = FileHandle.nullDevice
    do { try process.run() } catch {
        return ChildRun(status: -1, output: Data(), error: "cannot run \(executable): \(error)")
    }
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    try? errorHandle.close()
    let error = String(decoding: FileManager.default.contents(atPath: errorFile.path) ?? Data(), as: UTF8.self)
    return ChildRun(status: process.terminationStatus, output: data, error: error)
}

/// The running transit (the spec runners re-enter it as `transit lua`).
func currentExecutable() -> String {
    (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
}

/// A program on PATH, as a shell would find it.
func findExecutable(_ name: String) -> String? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
    for directory in path.split(separator: ":") where !directory.isEmpty {
        let candidate = String(directory) + "/" + name
        if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
    }
    return nil
}
