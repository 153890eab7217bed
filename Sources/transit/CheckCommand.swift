import Foundation
import TransitCore
import TransitLua
import TransitPipeline

// `transit check FILE... [--matrix quick|full] [--device D] [--ios LIST] [--format text|json|junit]
// [--jobs N]`: runs every effect through a matrix of cells (docs/check.md), once per iOS version,
// each in a fresh world and Lua state on scripts/scenes/check.lua, and reports the problems of
// each cell. Exit 0 when every cell passed, 1 when one failed, 2 for bad usage.
//
// Cells run on --jobs threads (default: every core). A cell shares nothing with another: its
// world, Lua state and scene session are its own, and what the renderer keeps process-wide
// (text layout, fonts) is behind locks, as the test suites, which run worlds concurrently,
// rely on. Each result is stored at its cell's place, so the report is the serial run's, byte
// for byte, whatever order the cells finish in.

/// One cell of the matrix: a device, an iOS version, a presentation style and a path through
/// the effect.
struct CheckCell {
    /// `load`: the file failed before its matrix could be built (its one, failing cell).
    enum Path: String {
        case presentDismiss = "present-dismiss", interactiveDismiss = "interactive-dismiss"
        case interactivePresent = "interactive-present", pushPop = "push-pop"
        /// A tab bar delegate: tabs switched by selectedIndex, or by a pan `fraction` of the way.
        case tabSwitch = "tab-switch"
        case scene, load
    }
    var device: String
    /// The iOS version the cell's world runs (`--ios`).
    var ios: Double
    var style: String?
    var path: Path
    var animated = true
    var fraction: Double?
    var rotate = false
    /// Issue 22 item 5: the wider matrix's variants of a path (docs/check.md, "`transit check`": the table of the matrix).
    enum Variant: String {
        /// A fast flick: a short gesture (15 % of the way) in 0.06 s, so high velocity.
        case flick
        /// A dismissal requested while the presentation is still running (UIKit ignores it).
        case interruption = "immediate interruption"
        /// The dismissal gesture starts inside a scroll view of the presented screen.
        case scrollView = "from a scroll view"
    }
    var variant: Variant?
    /// How many times the cell's path runs in its world (a golden reference records one).
    var rounds = 2
    /// A scene's cell: the file runs in full, as the probe runs it (`{ probe = true }`).
    var probe = false

    /// "iPhone 15 / iOS 17 / fullScreen / interactive-dismiss 10 %": unique within an effect.
    var name: String {
        var parts = [device, "iOS \(formatNumber(ios))"]
        if let style { parts.append(style) }
        switch path {
        case .interactiveDismiss, .interactivePresent: parts.append("\(path.rawValue) \(formatNumber((fraction ?? 0) * 100)) %")
        case .tabSwitch where fraction != nil: parts.append("\(path.rawValue) interactive \(formatNumber((fraction ?? 0) * 100)) %")
        case .scene, .load: parts.append(path.rawValue)
        default: parts.append("\(path.rawValue) \(animated ? "animated" : "not animated")")
        }
        if rotate { parts.append("rotated while presented") }
        if let variant { parts.append(variant.rawValue) }
        return parts.joined(separator: " / ")
    }

    /// The Lua table the check scene reads as transit.checkCell.
    var luaTable: String {
        if probe { return "{ probe = true }" }
        var fields = ["path = \"\(path.rawValue)\"", "animated = \(animated)", "rounds = \(rounds)"]
        if let style { fields.append("style = \"\(style)\"") }
        if let fraction { fields.append("fraction = \(fraction)") }
        if rotate { fields.append("rotate = true") }
        switch variant {
        case .flick: fields.append("flick = true")
        case .interruption: fields.append("interrupt = true")
        case .scrollView: fields.append("scrollView = true")
        case nil: break
        }
        return "{ " + fields.joined(separator: ", ") + " }"
    }
}

struct CellResult {
    var cell: CheckCell
    var problems: [Problem]
    /// A script error that ended the cell (file:line and message, first line of the traceback).
    var error: String?
    var passed: Bool { problems.isEmpty && error == nil }
}

struct EffectResult {
    var file: String
    var kind: String
    var cells: [CellResult]
    var failed: Int { cells.filter { !$0.passed }.count }
}

/// What the probe found the file to be.
struct EffectDeclaration {
    var kind = "scene"
    var navigation = false
    var tabs = false
    var styles: [String] = []
    var dismissalGesture = ""
    /// The gesture of an interactive presentation (the effect installs it on the presenter).
    var presentationGesture = ""
}

enum CheckMatrix: String { case quick, full }
enum CheckFormat: String { case text, json, junit }

func commandCheck(_ arguments: ArraySlice<String>) throws -> Int32 {
    let parsed: ParsedArguments
    do {
        parsed = try Commands.check.parse(arguments)
    } catch let error as UsageError where error.isMissingOperands {
        throw UsageError(message: "check needs at least one FILE (see transit check --help)")
    }
    let files = parsed.operands
    let matrix = parsed.text("--matrix").flatMap(CheckMatrix.init) ?? .quick
    let format = parsed.text("--format").flatMap(CheckFormat.init) ?? .text
    let devices = parsed.device("--device").map { [$0.name] }
    let versions = try parsed.text("--ios").map(parseSystemVersionList)
    guard !files.isEmpty else { throw UsageError(message: "check needs at least one FILE (see transit --help)") }
    for file in files {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: file, isDirectory: &isDirectory) else { throw UsageError(message: "\(file): no such file") }
        guard !isDirectory.boolValue else { throw UsageError(message: "\(file): is a directory, not a Lua file") }
        guard FileManager.default.isReadableFile(atPath: file) else { throw UsageError(message: "\(file): not readable") }
    }
    guard let checkScene = LuaRuntime.defaultScriptsDirectory?.appendingPathComponent("scenes/check.lua"),
          FileManager.default.fileExists(atPath: checkScene.path) else {
        throw UsageError(message: "scripts/scenes/check.lua not found (see transit --version for the scripts directory)")
    }
    var deviceNames = devices ?? quickCheckDevices
    if matrix == .full && devices == nil { deviceNames.append("iPad landscape") }

    let jobs = parsed.integer("--jobs") ?? max(1, ProcessInfo.processInfo.activeProcessorCount)
    let results = checkEffects(files, devices: deviceNames, versions: versions ?? defaultCheckVersions, matrix: matrix,
                               scene: checkScene, jobs: jobs)
    switch format {
    case .text: print(checkReportText(results), terminator: "")
    case .json: print(try checkReportJSON(results, matrix: matrix, versions: versions ?? defaultCheckVersions))
    case .junit: print(checkReportJUnit(results), terminator: "")
    }
    return results.allSatisfy { $0.failed == 0 } ? 0 : 1
}

/// The versions of the default matrix: the oldest with iOS 8's transition API (`ctx:view`,
/// presentation controllers), which every effect Transit checks is written against, and the
/// newest Transit models, so one run shows an effect at both ends of what changed between them.
/// iOS 7 (`--ios 7`, Transit's oldest) is asked for by name: an effect that calls `ctx:view`
/// fails every cell there, as it would crash on iOS 7 (docs/check.md).
let defaultCheckVersions = [World.transitionAPIVersion, World.newestSystemVersion]

/// The devices of `transit check`'s quick matrix (full adds iPad landscape); `transit test`'s
/// checks and golden references use them too.
let quickCheckDevices = ["iPhone SE", "iPhone 15", "iPad"]

/// `--ios 12,15,17,18`: comma-separated versions, each a number Transit models; duplicates are
/// dropped, the order is kept.
func parseSystemVersionList(_ text: String) throws -> [Double] {
    let items = text.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
    guard !items.contains(where: \.isEmpty) else {
        throw UsageError(message: "--ios needs a comma-separated list of iOS versions, such as 12,15,17,18 (got \"\(text)\")")
    }
    var versions: [Double] = []
    for item in items {
        let version = try parseSystemVersion(item, flag: "--ios")
        if !versions.contains(version) { versions.append(version) }
    }
    return versions
}

/// Probes every file, builds their cells and runs each, `jobs` at a time; the results are in
/// file order and, within a file, in cell order.
func checkEffects(_ files: [String], devices: [String], versions: [Double], matrix: CheckMatrix, scene: URL, jobs: Int) -> [EffectResult] {
    // The probe runs on the first device and version; a scene (a file returning nothing) runs
    // in full there. All files' probes first, then all their cells, so a file of few cells does
    // not leave cores idle.
    let probes = parallelMap(files, jobs: jobs) { file in
        runCheckCell(file, device: devices[0], ios: versions[0], cellTable: "{ probe = true }", scene: scene)
    }
    let plans = zip(files, probes).map { checkPlan($0, probe: $1, devices: devices, versions: versions, matrix: matrix) }
    let work = plans.enumerated().flatMap { index, plan in plan.cells.map { (plan: index, cell: $0) } }
    let runs = parallelMap(work, jobs: jobs) { item in
        runCheckCell(files[item.plan], device: item.cell.device, ios: item.cell.ios, cellTable: item.cell.luaTable, scene: scene)
    }
    var results: [EffectResult] = []
    var next = 0
    for plan in plans {
        let count = plan.cells.count
        results.append(plan.result(Array(runs[next..<(next + count)])))
        next += count
    }
    return results
}

/// Runs the cells of a file already probed (`transit test` probes first to tell effects from
/// scenes and modules), `jobs` at a time.
func checkEffect(_ file: String, probe: CheckRun, devices: [String], versions: [Double], matrix: CheckMatrix, scene: URL,
                 jobs: Int = 1) -> EffectResult {
    let plan = checkPlan(file, probe: probe, devices: devices, versions: versions, matrix: matrix)
    return plan.result(parallelMap(plan.cells, jobs: jobs) { cell in
        runCheckCell(file, device: cell.device, ios: cell.ios, cellTable: cell.luaTable, scene: scene)
    })
}

/// What is left to run of a probed file: its cells, and how their runs make its result.
struct CheckPlan {
    var cells: [CheckCell]
    var result: ([CheckRun]) -> EffectResult
}

func checkPlan(_ file: String, probe: CheckRun, devices: [String], versions: [Double], matrix: CheckMatrix) -> CheckPlan {
    let name = LuaRuntime.displayPath(URL(fileURLWithPath: file))
    func results(_ cells: [CheckCell], _ runs: [CheckRun]) -> [CellResult] {
        zip(cells, runs).map { CellResult(cell: $0, problems: $1.problems, error: $1.error) }
    }
    guard let declaration = probe.declaration else {
        if probe.error != nil {
            let load = CheckCell(device: devices[0], ios: versions[0], style: nil, path: .load)
            let result = EffectResult(file: name, kind: "unknown", cells: [CellResult(cell: load, problems: probe.problems, error: probe.error)])
            return CheckPlan(cells: []) { _ in result }
        }
        // A scene: one cell per version and device, the first already run (by the probe).
        let first = CellResult(cell: CheckCell(device: devices[0], ios: versions[0], style: nil, path: .scene), problems: probe.problems, error: nil)
        var cells: [CheckCell] = []
        for ios in versions {
            for device in devices where !(ios == versions[0] && device == devices[0]) {
                var cell = CheckCell(device: device, ios: ios, style: nil, path: .scene)
                cell.probe = true
                cells.append(cell)
            }
        }
        return CheckPlan(cells: cells) { runs in EffectResult(file: name, kind: "scene", cells: [first] + results(cells, runs)) }
    }
    let cells = versions.flatMap { checkCells(declaration, devices: devices, ios: $0, matrix: matrix) }
    return CheckPlan(cells: cells) { runs in EffectResult(file: name, kind: declaration.kind, cells: results(cells, runs)) }
}

/// `transform` of each item on `jobs` threads, the results in the items' order.
func parallelMap<Item, Result>(_ items: [Item], jobs: Int, _ transform: (Item) -> Result) -> [Result] {
    guard jobs > 1 && items.count > 1 else { return items.map(transform) }
    let slots = ParallelSlots<Result>(count: items.count)
    withoutActuallyEscaping(transform) { transform in
        nonisolated(unsafe) let transform = transform
        nonisolated(unsafe) let items = items
        DispatchQueue.concurrentPerform(iterations: min(jobs, items.count)) { _ in
            while let index = slots.takeNext() { slots.set(index, transform(items[index])) }
        }
    }
    return slots.all
}

/// The results of a parallelMap: each worker takes the next index and stores its result there.
private final class ParallelSlots<Result>: @unchecked Sendable {
    private let lock = NSLock()
    private var next = 0
    private var results: [Result?]

    init(count: Int) { results = Array(repeating: nil, count: count) }

    func takeNext() -> Int? {
        lock.lock(); defer { lock.unlock() }
        guard next < results.count else { return nil }
        next += 1
        return next - 1
    }

    func set(_ index: Int, _ result: Result) {
        lock.lock(); defer { lock.unlock() }
        results[index] = result
    }

    var all: [Result] { lock.lock(); defer { lock.unlock() }; return results.map { $0! } }
}

/// The matrix for an effect: per device and style, present and dismiss animated and not, an
/// interactive dismissal (and an interactive presentation) at several distances when the effect
/// declares one, and in `full` a rotation while presented. Navigation delegates push and pop
/// instead; tab bar delegates switch tabs (and switch by a pan when they declare one).
func checkCells(_ declaration: EffectDeclaration, devices: [String], ios: Double, matrix: CheckMatrix) -> [CheckCell] {
    var cells: [CheckCell] = []
    let fractions = matrix == .quick ? [0.1, 0.9] : [0.1, 0.3, 0.6, 0.9]
    for device in devices {
        if declaration.tabs {
            cells.append(CheckCell(device: device, ios: ios, style: nil, path: .tabSwitch))
            if !declaration.dismissalGesture.isEmpty {
                for fraction in fractions { cells.append(CheckCell(device: device, ios: ios, style: nil, path: .tabSwitch, fraction: fraction)) }
            }
            continue
        }
        if declaration.navigation {
            for animated in [true, false] { cells.append(CheckCell(device: device, ios: ios, style: nil, path: .pushPop, animated: animated)) }
            continue
        }
        for style in declaration.styles {
            for animated in [true, false] { cells.append(CheckCell(device: device, ios: ios, style: style, path: .presentDismiss, animated: animated)) }
            if !declaration.dismissalGesture.isEmpty {
                for fraction in fractions {
                    cells.append(CheckCell(device: device, ios: ios, style: style, path: .interactiveDismiss, fraction: fraction))
                }
            }
            // Issue 22 item 5: the wider matrix (quick: the flick; full: all three).
            if !declaration.dismissalGesture.isEmpty {
                cells.append(CheckCell(device: device, ios: ios, style: style, path: .interactiveDismiss, fraction: 0.15, variant: .flick))
                if matrix == .full && !declaration.dismissalGesture.hasPrefix("pinch") {
                    cells.append(CheckCell(device: device, ios: ios, style: style, path: .interactiveDismiss, fraction: 0.9, variant: .scrollView))
                }
            }
            if matrix == .full {
                cells.append(CheckCell(device: device, ios: ios, style: style, path: .presentDismiss, animated: true, variant: .interruption))
            }
            if !declaration.presentationGesture.isEmpty {
                for fraction in fractions {
                    cells.append(CheckCell(device: device, ios: ios, style: style, path: .interactivePresent, fraction: fraction))
                }
            }
            if matrix == .full {
                cells.append(CheckCell(device: device, ios: ios, style: style, path: .presentDismiss, animated: true, rotate: true))
            }
        }
    }
    return cells
}

struct CheckRun {
    var problems: [Problem] = []
    var error: String?
    var declaration: EffectDeclaration?
    /// What a scene's `transit.expect` calls found (`transit test` reports each).
    var expectations: [Expectation] = []
}

/// Runs the file in a fresh world and Lua state on `device` with transit.checkCell = cellTable.
func runCheckCell(_ file: String, device: String, ios: Double, cellTable: String, scene: URL) -> CheckRun {
    var configuration = RunConfiguration(file: URL(fileURLWithPath: file))
    configuration.device = Device.named(device) ?? Device.defaultProfile
    configuration.systemVersion = ios
    configuration.scene = scene
    var result = CheckRun()
    do {
        let session = try SceneSession(configuration)
        session.runtime.output = { _ in }   // the scene's log is not the report
        defer {
            result.problems = session.world.problemRecords
            result.expectations = session.runtime.expectations
        }
        do {
            try session.runtime.evaluate("transit.checkCell = \(cellTable)")
            try session.run()
            if let probe = try session.runtime.evaluate("return transit.checkProbe") {
                result.declaration = EffectDeclaration(probe: probe)
            }
        } catch {
            result.error = "\(error)"
        }
    } catch {
        result.error = "\(error)"
    }
    return result
}

extension EffectDeclaration {
    /// Parses the check scene's probe line ("kind=animator;navigation=false;styles=custom;dismissal=edge left").
    init(probe: String) {
        for pair in probe.split(separator: ";") {
            let parts = pair.split(separator: "=", maxSplits: 1).map(String.init)
            let value = parts.count > 1 ? parts[1] : ""
            switch parts[0] {
            case "kind": kind = value
            case "navigation": navigation = value == "true"
            case "tabs": tabs = value == "true"
            // Style names are identifiers; anything else could not be a style and must not
            // reach the Lua source of the cell table.
            case "styles": styles = value.split(separator: ",").map(String.init).filter { $0.allSatisfy { $0.isLetter || $0.isNumber } }
            case "dismissal": dismissalGesture = value
            case "presentation": presentationGesture = value
            default: break
            }
        }
        if styles.isEmpty { styles = ["custom"] }
    }
}
