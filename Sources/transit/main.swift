import Foundation
import TransitCore
import TransitLua
import TransitPipeline
import TransitRender

// transit: the command-line tool. Exit codes: 0 success, 1 a script error, 2 bad usage.

let version = "0.1.0"

/// Bad usage of a command (exit 2). `message` is what is printed; `kind` says what was wrong,
/// with its data, for code that answers one kind with words of its own (check and new answer
/// missing operands with their usage), as swift-argument-parser's ParserError does.
struct UsageError: Error {
    enum Kind: Equatable {
        case unknownOption(String, command: String)
        case givenTwice(option: String)
        case missingValue(option: String)
        /// `value` is not what `option` takes (a number out of range, not one of the choices).
        case invalidValue(option: String, value: String)
        case noSuchFile(option: String, path: String)
        case noSuchDirectory(option: String, path: String)
        case unknownDevice(String)
        case unexpectedArgument(String)
        /// Fewer operands than `command` needs (`operands`: its operands' names, "FILE...").
        case missingOperands(command: String, operands: String)
        /// Any other usage error a command words itself.
        case other
    }

    let message: String
    var kind: Kind = .other

    var isMissingOperands: Bool { if case .missingOperands = kind { return true } else { return false } }
    var isUnexpectedArgument: Bool { if case .unexpectedArgument = kind { return true } else { return false } }
}

func fail(_ message: String, code: Int32) -> Never {
    FileHandle.standardError.write(Data("transit: \(message)\n".utf8))
    exit(code)
}

struct Options {
    var file: String?
    var scene: String?
    var output: String?
    var device = Device.defaultProfile
    var systemVersion = 17.0
    var trace = false
    var fps = 30.0
    var scale: Double?
    var deviceScale = false
    var tty = false
    /// `--no-status-bar`: frames show the window alone, without the status bar over it.
    var statusBar = true
    var unsafe = false
    var budget: Int64 = 100_000_000
    var memory = 256
    /// `--serve [PORT]` (watch): the port of the live player.
    var serve: UInt16?
    /// `--allow-read DIR` (repeatable): more directories `transit.image` may read.
    var readableDirectories: [URL] = []
    /// `--quality Q`, `--lossless`: video and WebP encoding.
    var quality: Int?
    var lossless = false
    /// `--player-frames webm|mp4`: an HTML player's frames as one video stream.
    var playerFrames: String?
}

/// The options of run, render, watch and repl, read by the command's declaration (Commands.swift).
func parseOptions(_ arguments: ArraySlice<String>, command: String) throws -> Options {
    guard let spec = Commands.named(command) else { throw UsageError(message: "unknown command \"\(command)\"") }
    let parsed = try spec.parse(arguments)
    var options = Options()
    options.file = parsed.operands.first
    options.scene = parsed.text("--scene")
    options.output = parsed.text("--output")
    if let device = parsed.device("--device") { options.device = device }
    if let text = parsed.text("--ios") { options.systemVersion = try parseSystemVersion(text, flag: "--ios") }
    if let fps = parsed.number("--fps") { options.fps = fps }
    if let text = parsed.text("--scale") {
        if text == "device" { options.deviceScale = true } else { options.scale = Double(text) }
    }
    options.tty = parsed.has("--tty")
    options.statusBar = !parsed.has("--no-status-bar")
    options.serve = parsed.text("--serve").flatMap { UInt16($0) }
    if let budget = parsed.integer("--budget") { options.budget = Int64(budget) }
    if let memory = parsed.integer("--memory") { options.memory = memory }
    options.readableDirectories = parsed.all("--allow-read").map { URL(fileURLWithPath: $0, isDirectory: true).standardizedFileURL }
    options.trace = parsed.has("--trace")
    options.unsafe = parsed.has("--unsafe")
    options.quality = parsed.integer("--quality")
    options.lossless = parsed.has("--lossless")
    options.playerFrames = parsed.text("--player-frames").flatMap { $0 == "png" ? nil : $0 }
    return options
}

extension Options {
    /// The pipeline's settings for FILE (a usage error without one).
    func runConfiguration() throws -> RunConfiguration {
        guard let file else { throw UsageError(message: "missing FILE (see transit --help)") }
        var configuration = RunConfiguration(file: URL(fileURLWithPath: file))
        configuration.scene = scene.map { URL(fileURLWithPath: $0) }
        configuration.device = device
        configuration.systemVersion = systemVersion
        configuration.fps = fps
        configuration.scale = deviceScale ? .device : .points(scale ?? 1)
        configuration.statusBar = statusBar
        configuration.unsafe = unsafe
        configuration.budget = budget
        configuration.memoryMegabytes = memory
        configuration.readableDirectories = readableDirectories
        return configuration
    }

    var formatOptions: FormatOptions {
        var format = FormatOptions()
        format.quality = quality
        format.lossless = lossless
        format.playerVideo = playerFrames
        return format
    }
}

/// An iOS version for `--ios`: a number in the range Transit models.
func parseSystemVersion(_ text: String, flag: String) throws -> Double {
    let range = World.supportedSystemVersions
    let bounds = "\(formatNumber(range.lowerBound))...\(formatNumber(range.upperBound))"
    guard let version = Double(text.trimmingCharacters(in: .whitespaces)), version.isFinite else {
        throw UsageError(message: "\(flag) needs iOS version numbers in \(bounds) (got \"\(text)\")")
    }
    guard range.contains(version) else {
        throw UsageError(message: "\(flag) \(text): Transit models iOS \(bounds)")
    }
    return version
}

func printProblems(_ world: World) {
    for problem in world.problems { FileHandle.standardError.write(Data("problem: \(problem)\n".utf8)) }
}

func commandRun(_ arguments: ArraySlice<String>) throws -> Int32 {
    let options = try parseOptions(arguments, command: "run")
    let session = try SceneSession(try options.runConfiguration())
    let world = session.world
    // Only --trace prints the whole trace; otherwise the latest entries are enough for
    // transit.trace() and a long scene keeps its memory flat.
    if !options.trace { world.trace.retention = Trace.defaultRetention }
    do {
        try session.run()
    } catch let error as EffectReturned {
        FileHandle.standardError.write(Data("transit: \(error)\n".utf8))
        return 1
    } catch {
        FileHandle.standardError.write(Data("\(Traceback.forUser(error))\n".utf8))
        if options.trace { print(world.trace.lines.joined(separator: "\n")) }
        printProblems(world)
        printExpectations(session.runtime)
        return 1
    }
    if options.trace { print(world.trace.lines.joined(separator: "\n")) }
    printProblems(world)
    print("ran \(LuaRuntime.displayPath(session.configuration.file)) to t=\(formatNumber(world.now))s: \(world.trace.callCount) script calls, \(world.problems.count) problems")
    printExpectations(session.runtime)
    return world.problems.isEmpty && session.runtime.failedExpectations.isEmpty ? 0 : 1
}

/// A scene that checks itself (`transit.expect`): how many of its expectations failed.
func printExpectations(_ runtime: LuaRuntime) {
    if let summary = runtime.expectationSummary { FileHandle.standardError.write(Data("transit: \(summary)\n".utf8)) }
}

func commandAPI(_ arguments: ArraySlice<String>) throws -> Int32 {
    let parsed = try Commands.api.parse(arguments)
    let chosen = ["--luals", "--markdown", "--swift-interface"].filter { parsed.has($0) }
    if chosen.count > 1 { throw UsageError(message: "api takes one of --luals, --markdown and --swift-interface") }
    let description = LuaRuntime.apiDescription
    switch chosen.first {
    case "--markdown": print(description.markdownReference, terminator: "")
    case "--swift-interface": print(description.swiftInterface, terminator: "")
    default: print(description.luaLanguageServerDefinitions, terminator: "")
    }
    return 0
}

/// `transit export --swift FILE [-o OUT.swift]` (docs/export.md, "Lua → Swift").
func commandExport(_ arguments: ArraySlice<String>) throws -> Int32 {
    let parsed = try Commands.export.parse(arguments)
    guard parsed.has("--swift") else { throw UsageError(message: "export needs a target language: --swift") }
    let path = parsed.operands[0]
    guard let source = try? String(contentsOfFile: path, encoding: .utf8) else { fail("cannot read \(path)", code: 1) }
    let swift: String
    do { swift = try SwiftExporter.export(source, file: URL(fileURLWithPath: path)) } catch let error as SwiftExportError {
        FileHandle.standardError.write(Data("\(error.message(file: path))\n".utf8))
        return 1
    }
    if let output = parsed.text("--output") {
        do { try swift.write(toFile: output, atomically: true, encoding: .utf8) } catch { fail("cannot write \(output): \(error.localizedDescription)", code: 1) }
    } else {
        print(swift, terminator: "")
    }
    return 0
}

/// `transit COMMAND --help` and `transit help COMMAND`: the command's declaration as help.
func commandUsage(_ command: String) -> String? { Commands.named(command)?.help }

let arguments = CommandLine.arguments.dropFirst()
do {
    // `transit COMMAND --help` / `-h` anywhere after the command: that command's help.
    // (`transit lua`: only among its own options, before the script; the rest is the script's.)
    let ownArguments = arguments.first == "lua" ? Array(arguments.dropFirst().prefix { $0.hasPrefix("-") && $0 != "-" && $0 != "--" }) : Array(arguments.dropFirst())
    if let command = arguments.first, !command.hasPrefix("-"), ownArguments.contains(where: { $0 == "--help" || $0 == "-h" }) {
        guard let text = commandUsage(command) else { fail("unknown command \"\(command)\" (see transit --help)", code: 2) }
        print(text)
        exit(0)
    }
    switch arguments.first {
    case nil: fail("missing command (see transit --help)", code: 2)
    case "help" where arguments.count == 2:
        guard let text = commandUsage(arguments.last!) else { fail("unknown command \"\(arguments.last!)\" (see transit --help)", code: 2) }
        print(text)
        exit(0)
    case "--help", "-h", "help": print(Commands.usage); exit(0)
    case "--version":
        print("transit \(version)")
        print("scripts: \(LuaRuntime.defaultScriptsDirectory?.path ?? "(none)")")
        exit(0)
    case "run": exit(try commandRun(arguments.dropFirst()))
    case "render": exit(try commandRender(arguments.dropFirst()))
    case "check": exit(try commandCheck(arguments.dropFirst()))
    case "test": exit(try commandTest(arguments.dropFirst()))
    case "watch": exit(try commandWatch(arguments.dropFirst()))
    case "repl": exit(try commandRepl(arguments.dropFirst()))
    case "bench": exit(try commandBench(arguments.dropFirst()))
    case "fuzz": exit(try commandFuzz(arguments.dropFirst()))
    case "gallery": exit(try commandGallery(arguments.dropFirst()))
    case "new": exit(try commandNew(arguments.dropFirst()))
    case "lua": exit(try commandLua(arguments.dropFirst()))
    case "api": exit(try commandAPI(arguments.dropFirst()))
    case "export": exit(try commandExport(arguments.dropFirst()))
    case "completion": exit(try commandCompletion(arguments.dropFirst()))
    case let command?: fail("unknown command \"\(command)\" (see transit --help)", code: 2)
    }
} catch let error as UsageError {
    fail(error.message, code: 2)
} catch let error as PipelineError {
    // A script's error is its traceback (exit 1); anything else the pipeline refused is one
    // line, as a usage error (exit 2).
    if case .scriptFailed(let underlying) = error {
        FileHandle.standardError.write(Data("\(Traceback.forUser(underlying))\n".utf8))
        exit(1)
    }
    fail(error.description, code: 2)
} catch {
    fail("\(error)", code: 1)
}
