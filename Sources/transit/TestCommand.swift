import Foundation
import TransitCore
import TransitLua
import TransitPipeline
import TransitRender

// `transit test [PATH...] [--record|--update] [--golden DIR] [--report DIR] [--format text|json|junit]`
// (docs/testing.md): every Lua file under PATH is probed as `transit check` probes it. An effect
// is checked on the quick matrix and compared with its golden reference (TestGolden.swift); a
// scene runs as a test of its own `transit.expect`s; a module (a file returning something that
// is not an effect) is left alone; every `*_spec.lua` runs under busted or `transit lua --spec`
// (TestSpecs.swift). Exit 0 when every test passed, 1 when one failed, 2 for bad usage.

/// One test's outcome, as every form of the result shows it.
struct TestOutcome {
    enum Status: String { case passed, failed, pending }
    /// The file as the user named it (relative to the current directory when under it).
    var file: String
    /// `check (quick matrix)`, `golden reference`, an expectation's or a spec's name.
    var name: String
    /// check, golden, scene, expectation or spec.
    var kind: String
    var line: Int?
    var status: Status
    /// What to show: the first line is the summary, the others its details (mismatches, problems).
    var messages: [String] = []
}

/// What `--record` and `--update` ask of the references.
enum GoldenMode { case compare, record, update }

struct TestSettings {
    var mode = GoldenMode.compare
    /// `--golden DIR`: references under DIR, mirroring the effects' paths; nil: beside them.
    var goldenRoot: String?
    var checkScene: URL
    /// `--jobs N`: check and golden cells at a time.
    var jobs = max(1, ProcessInfo.processInfo.activeProcessorCount)
}


func commandTest(_ arguments: ArraySlice<String>) throws -> Int32 {
    let parsed = try Commands.test.parse(arguments)
    if parsed.has("--record") && parsed.has("--update") {
        throw UsageError(message: "test takes one of --record and --update")
    }
    let format = parsed.text("--format").flatMap(CheckFormat.init) ?? .text
    let paths = parsed.operands.isEmpty ? ["."] : parsed.operands
    for path in paths {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw UsageError(message: "\(path): no such file or directory")
        }
        // A file named on the command line is meant to be a test: one that is not Lua is a slip.
        guard isDirectory.boolValue || path.hasSuffix(".lua") else { throw UsageError(message: "\(path): not a Lua file (.lua)") }
    }
    if let root = parsed.text("--golden") {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: root, isDirectory: &isDirectory), !isDirectory.boolValue {
            throw UsageError(message: "--golden \(root): not a directory")
        }
    }
    guard let checkScene = LuaRuntime.defaultScriptsDirectory?.appendingPathComponent("scenes/check.lua"),
          FileManager.default.fileExists(atPath: checkScene.path) else {
        throw UsageError(message: "scripts/scenes/check.lua not found (see transit --version for the scripts directory)")
    }
    var settings = TestSettings(checkScene: checkScene)
    settings.mode = parsed.has("--record") ? .record : parsed.has("--update") ? .update : .compare
    settings.goldenRoot = parsed.text("--golden")
    if let jobs = parsed.integer("--jobs") { settings.jobs = jobs }
    let reportDirectory = parsed.text("--report") ?? "transit-test-report"

    let found = discoverTestFiles(paths)
    var outcomes: [TestOutcome] = []
    var mismatched: [GoldenReportEntry] = []
    // The text form streams: a directory of effects takes a while, and each line shows as its
    // test ends.
    func emit(_ new: [TestOutcome]) {
        outcomes += new
        if format == .text { for outcome in new { print(testOutcomeText(outcome)) } }
    }
    for subject in found.subjects {
        emit(testSubject(subject.path, explicit: subject.explicit, settings: settings, report: &mismatched))
    }
    emit(runSpecs(found.specs))

    var reportPath: String?
    if !mismatched.isEmpty {
        do {
            try writeGoldenReport(mismatched, to: reportDirectory)
            reportPath = reportDirectory + "/index.html"
        } catch {
            FileHandle.standardError.write(Data("transit: cannot write the report \(reportDirectory): \(error)\n".utf8))
        }
    }
    switch format {
    case .text:
        if let reportPath { print("report: \(reportPath)") }
        if found.subjects.isEmpty && found.specs.isEmpty { print("no Lua files under \(paths.joined(separator: ", "))") }
        print(testSummary(outcomes))
    case .json: print(try testReportJSON(outcomes))
    case .junit: print(testReportJUnit(outcomes), terminator: "")
    }
    return outcomes.contains { $0.status == .failed } ? 1 : 0
}

/// `12 passed, 1 failed` (and the pending ones, when a spec has some).
func testSummary(_ outcomes: [TestOutcome]) -> String {
    let passed = outcomes.filter { $0.status == .passed }.count
    let failed = outcomes.filter { $0.status == .failed }.count
    let pending = outcomes.filter { $0.status == .pending }.count
    return "\(passed) passed, \(failed) failed" + (pending > 0 ? ", \(pending) pending" : "")
}

// MARK: - Finding the files

struct TestFiles {
    /// Lua files to probe, with whether the user named them (a named module is an error).
    var subjects: [(path: String, explicit: Bool)] = []
    var specs: [String] = []
}

/// The Lua files under each path, each directory's in sorted order (the same tree gives the
/// same run): `*_spec.lua` are specs; LuaLS stubs (`*.d.lua`), hidden directories and golden
/// references are skipped.
func discoverTestFiles(_ paths: [String]) -> TestFiles {
    var found = TestFiles()
    var seen: Set<String> = []
    func add(_ path: String, explicit: Bool) {
        let key = URL(fileURLWithPath: path).standardizedFileURL.path
        guard seen.insert(key).inserted else { return }
        if path.hasSuffix("_spec.lua") { found.specs.append(path) } else { found.subjects.append((path, explicit)) }
    }
    for path in paths {
        var isDirectory: ObjCBool = false
        FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
        guard isDirectory.boolValue else { add(path, explicit: true); continue }
        var files: [String] = []
        if let walker = FileManager.default.enumerator(atPath: path) {
            while let relative = walker.nextObject() as? String {
                let components = relative.split(separator: "/")
                if components.contains(where: { $0.hasPrefix(".") || $0.hasSuffix(".golden") }) { continue }
                if relative.hasSuffix(".lua") && !relative.hasSuffix(".d.lua") { files.append(relative) }
            }
        }
        for relative in files.sorted() {
            add(path == "." ? relative : (path as NSString).appendingPathComponent(relative), explicit: false)
        }
    }
    return found
}

// MARK: - Effects and scenes

/// Probes one file and tests it as what it turned out to be.
func testSubject(_ file: String, explicit: Bool, settings: TestSettings, report: inout [GoldenReportEntry]) -> [TestOutcome] {
    let display = LuaRuntime.displayPath(URL(fileURLWithPath: file))
    // The probe runs where `transit run` does (its default device and version): a scene runs in
    // full here and is judged from this run.
    let probe = runCheckCell(file, device: Device.defaultProfile.name, ios: 17, cellTable: "{ probe = true }", scene: settings.checkScene)
    guard let declaration = probe.declaration else {
        if let error = probe.error {
            // A module: it returns a value that is not an effect. Named on the command line it
            // is a mistake; found in a directory it is a library of the effects beside it.
            if error.contains("which is not an effect") && !explicit { return [] }
            return [TestOutcome(file: display, name: "load", kind: "check", status: .failed, messages: error.split(separator: "\n").map(String.init))]
        }
        return sceneOutcomes(display, probe: probe)
    }
    let result = checkEffect(file, probe: probe, devices: quickCheckDevices, versions: defaultCheckVersions, matrix: .quick,
                             scene: settings.checkScene, jobs: settings.jobs)
    var check = TestOutcome(file: display, name: "check (quick matrix)", kind: "check", status: result.failed == 0 ? .passed : .failed)
    if result.failed > 0 {
        check.messages.append("\(result.failed) of \(result.cells.count) cells failed")
        for cell in result.cells where !cell.passed {
            for problem in cell.problems { check.messages.append("\(cell.cell.name): problem: \(problem)") }
            if let error = cell.error { check.messages.append("\(cell.cell.name): " + (error.split(separator: "\n").first.map(String.init) ?? error)) }
        }
    } else {
        check.messages.append("\(result.cells.count) cells passed")
    }
    return [check, testGolden(file, display: display, declaration: declaration, settings: settings, report: &report)]
}

/// A scene's outcomes: one per `transit.expect`, and one for a script error or problems (or,
/// when it expects nothing, one saying it ran).
func sceneOutcomes(_ display: String, probe: CheckRun) -> [TestOutcome] {
    var outcomes = probe.expectations.map { expectation in
        let line = expectation.location?.line
        return TestOutcome(file: display, name: expectation.name, kind: "expectation", line: line,
                           status: expectation.passed ? .passed : .failed, messages: [expectation.line])
    }
    if let error = probe.error {
        outcomes.append(TestOutcome(file: display, name: "run", kind: "scene", status: .failed, messages: error.split(separator: "\n").map(String.init)))
    }
    if !probe.problems.isEmpty {
        outcomes.append(TestOutcome(file: display, name: "problems", kind: "scene", status: .failed,
                                    messages: ["\(probe.problems.count) problem\(probe.problems.count == 1 ? "" : "s")"] + probe.problems.map { "problem: \($0)" }))
    }
    if outcomes.isEmpty {
        outcomes.append(TestOutcome(file: display, name: "run", kind: "scene", status: .passed, messages: ["ran without an error or a problem"]))
    }
    return outcomes
}

/// `PASS  file  name`, the details indented under a failure.
func testOutcomeText(_ outcome: TestOutcome) -> String {
    let mark = outcome.status == .passed ? "PASS" : outcome.status == .failed ? "FAIL" : "SKIP"
    var text = "\(mark)  \(outcome.file)\(outcome.line.map { ":\($0)" } ?? "")  \(outcome.name)"
    if let first = outcome.messages.first { text += ": " + first }
    if outcome.status == .failed {
        for message in outcome.messages.dropFirst() { text += "\n        " + message }
    }
    return text
}
