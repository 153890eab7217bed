import Foundation
import TransitCore
import TransitLua
import TransitRender

// transit: the command-line tool. Exit codes: 0 success, 1 a script error, 2 bad usage.

let version = "0.1.0"

let usage = """
usage: transit COMMAND [ARGS]

commands:
  run FILE [--scene S] [--device D] [--ios N] [--trace] [--unsafe] [--budget N] [--memory MB]
           [--allow-read DIR]
                      run a scene (a Lua file that returns nothing) on virtual time, or an
                      effect (a file that returns an animator, delegate or presentation
                      controller) inside the default scene or --scene S; print its log,
                      the trace with --trace, and any problems (exit 1 if any)
  check FILE... [--matrix quick|full] [--device D] [--ios LIST] [--format text|json|junit]
                      run each effect through a matrix (present and dismiss, animated and
                      not, interactive finish and cancel when it declares a gesture, iPhone SE,
                      iPhone 15 and iPad; full adds iPad landscape, more gesture distances and
                      a rotation mid-presentation; each cell in a fresh world, its path run
                      twice), once per iOS version of --ios LIST (such as 12,15,17,18; each in
                      7...18; default 8, the first with ctx:view, and 18, the newest Transit
                      models), and report each cell's problems by id, the cell naming its
                      version (docs/check.md); --format json and junit are for CI; exit 1 if
                      a cell failed, 2 for bad usage
  render FILE [-o OUT | --tty] [--fps N] [--scale S|device] [--scene S] [--device D] [--ios N]
              [--no-status-bar] [--unsafe] [--budget N] [--memory MB] [--allow-read DIR]
                      run a scene (or an effect in the default scene) and render it:
                      OUT.gif (animated), OUT.png (filmstrip: a row per transition phase,
                      columns at 0/25/50/75/100 %), OUT.html (player with the trace),
                      OUT.json (sampled timeline and trace), or a directory of PNG frames;
                      --tty plays it in the terminal (space, ←/→, r, q). Default OUT: FILE's
                      name with .gif; default scale 1 (device: the profile's scale);
                      the status bar is drawn over the app as on a device (time 9:41, the
                      style the controllers ask for) unless --no-status-bar
  watch FILE [-o OUT | --tty | --serve [PORT]] [render options]
                      run and render FILE again on every save of it, its scene or a module
                      they require; print "reloaded in N ms" (save to first frame); a broken
                      save prints its error and keeps the last good output. -o OUT (any
                      render output; default FILE's name with .gif) is replaced atomically;
                      --tty plays in the terminal from the time on screen; --serve serves the
                      live HTML player on http://127.0.0.1:PORT/ (default 7878, 0: any free
                      port; \(LiveServer.connectionLimit) connections at most), which follows every save. Ctrl-C stops
                      (exit 0)
  repl [FILE] [--scene S] [--device D] [--ios N] [--budget N] [--memory MB] [--scale S]
       [--no-status-bar] [--unsafe] [--allow-read DIR]
                      a Lua prompt on a live world: an effect opens on the default scene's
                      screens, ready for present(); a scene runs to its end or its first
                      transit.repl(); time moves only with step(dt), seek(t), present(), ...
                      (help() lists the helpers). History: ~/.transit_history, or
                      $TRANSIT_HISTORY. Piped stdin: no prompt, exit 1 if a chunk failed
  bench [--json] [--quick]
                      measure every performance figure (start-up, rendering, the bridge,
                      the timeline, reload) in this process, each beside its baseline, as
                      medians and spread against its target; TRANSIT_BENCH_ONLY=GROUP runs
                      one group (docs/performance.md)
  fuzz [--seed N] [--count N] [--calls N] [--jobs N] [--timeout S] [--generators LIST]
       [--out DIR]
                      run random scenes calling the whole API with declared and hostile
                      arguments, each in a child process; exit 1 if one crashed or hung
                      (reproducers saved in DIR, default fuzz-failures/). LIST: all (the
                      default) or some of calls (protected API calls), unprotected (errors
                      end the scene), render (GIF/filmstrip at 10 fps), threads (coroutines
                      kept from callbacks), extreme (edge numbers everywhere), hostile
                      (erroring metamethods, recursion, bombs), hangs (looping __gc,
                      backtracking patterns) and time (huge transit.step/seek while timers
                      tick); a seed and a LIST name one exact set of scripts
  gallery [-o DIR] [--device D] [--jobs N]
                      render every shipped effect (scripts/animators, presentations,
                      interactions) as a GIF, a filmstrip and an HTML player, N at a time
                      (default: the number of cores), and write DIR/index.html (default DIR:
                      gallery): a grid of them playing, filterable by name; exit 1 naming
                      each effect that failed (shown as failed in the index)
  new animator|presentation|interaction|scene NAME [DIR]
                      write DIR/NAME.lua (default DIR: .), a commented starting script that
                      runs and passes check, and DIR/.luarc.json pointing LuaLS at this
                      installation's API stubs; never overwrites (exit 1)
  api [--luals|--markdown]
                      print the Lua API description (LuaLS definitions by default)
  help [COMMAND], COMMAND --help
                      this text, or one command's part of it
  --help              this text
  --version           the version and the scripts directory in use

devices: \(Device.profileNames.joined(separator: ", "))
"""

struct UsageError: Error { let message: String }

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
}

func parseOptions(_ arguments: ArraySlice<String>, allowed: Set<String>) throws -> Options {
    var options = Options()
    var rest = arguments
    func value(_ flag: String) throws -> String {
        guard let next = rest.popFirst() else { throw UsageError(message: "\(flag) needs a value") }
        return next
    }
    while let argument = rest.popFirst() {
        if argument.hasPrefix("-") && argument != "-" {
            guard allowed.contains(argument) else { throw UsageError(message: "unknown option \(argument) (see transit --help)") }
            switch argument {
            case "-o", "--output": options.output = try value(argument)
            case "--scene":
                let path = try value(argument)
                guard FileManager.default.fileExists(atPath: path) else { throw UsageError(message: "--scene \(path): no such file") }
                options.scene = path
            case "--device":
                let name = try value(argument)
                guard let device = Device.named(name) else {
                    throw UsageError(message: "unknown device \"\(name)\"; expected one of: \(Device.profileNames.joined(separator: ", "))")
                }
                options.device = device
            case "--ios":
                let text = try value(argument)
                options.systemVersion = try parseSystemVersion(text, flag: "--ios")
            case "--fps":
                let text = try value(argument)
                guard let fps = Double(text), fps >= 1, fps <= 120 else { throw UsageError(message: "--fps needs a number in 1...120 (got \(text))") }
                options.fps = fps
            case "--scale":
                let text = try value(argument)
                if text == "device" { options.deviceScale = true; break }
                guard let scale = Double(text), scale > 0, scale <= 4 else { throw UsageError(message: "--scale needs a number in (0, 4] or \"device\" (got \(text))") }
                options.scale = scale
            case "--tty": options.tty = true
            case "--no-status-bar": options.statusBar = false
            case "--serve":
                // The port is optional: a number right after --serve is the port.
                if let next = rest.first, let port = UInt16(next) {
                    rest.removeFirst()
                    options.serve = port
                } else if let next = rest.first, next.allSatisfy(\.isNumber) {
                    throw UsageError(message: "--serve needs a port in 1...65535 (got \(next))")
                } else {
                    options.serve = 7878
                }
            case "--budget":
                let text = try value(argument)
                guard let budget = Int64(text), budget > 0 else { throw UsageError(message: "--budget needs a positive instruction count (got \(text))") }
                options.budget = budget
            case "--memory":
                let text = try value(argument)
                guard let megabytes = Int(text), megabytes >= 1, megabytes <= 8192 else { throw UsageError(message: "--memory needs megabytes in 1...8192 (got \(text))") }
                options.memory = megabytes
            case "--allow-read":
                let path = try value(argument)
                var isDirectory: ObjCBool = false
                guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue else {
                    throw UsageError(message: "--allow-read \(path): no such directory")
                }
                options.readableDirectories.append(URL(fileURLWithPath: path, isDirectory: true).standardizedFileURL)
            case "--trace": options.trace = true
            case "--unsafe": options.unsafe = true
            default: throw UsageError(message: "unknown option \(argument)")
            }
        } else {
            guard options.file == nil else { throw UsageError(message: "unexpected argument \(argument)") }
            options.file = argument
        }
    }
    return options
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

/// A world and runtime for a file, or a usage error for a missing file.
func makeRuntime(_ options: Options) throws -> (World, LuaRuntime, URL) {
    guard let file = options.file else { throw UsageError(message: "missing FILE (see transit --help)") }
    let url = URL(fileURLWithPath: file)
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
        throw UsageError(message: "\(file): no such file")
    }
    guard !isDirectory.boolValue else { throw UsageError(message: "\(file): is a directory, not a Lua file") }
    guard FileManager.default.isReadableFile(atPath: url.path) else { throw UsageError(message: "\(file): not readable") }
    let world = World(device: options.device, systemVersion: options.systemVersion)
    var runtimeOptions = LuaRuntime.Options()
    runtimeOptions.unsafe = options.unsafe
    runtimeOptions.budget = options.budget
    runtimeOptions.memoryLimit = options.memory << 20
    world.warningHandler = { FileHandle.standardError.write(Data(($0 + "\n").utf8)) }
    world.textMeasurer = CairoTextMeasurer()
    let runtime = try LuaRuntime(world: world, options: runtimeOptions)
    runtime.readableDirectories = options.readableDirectories
    runtime.imageLoader = { url in
        guard let data = FileManager.default.contents(atPath: url.path) else { throw RuntimeError("no such file") }
        let image = try PNGDecoder.decode([UInt8](data))
        return ImageContent(width: image.width, height: image.height, rgba: image.pixels)
    }
    return (world, runtime, url)
}

/// How a file runs: scenes as they are; effects in --scene or the default scene.
func sceneRun(_ options: Options) -> SceneRun {
    var run = SceneRun()
    run.effectScene = options.scene.map { URL(fileURLWithPath: $0) }
        ?? LuaRuntime.defaultScriptsDirectory?.appendingPathComponent("scenes/default.lua")
    return run
}

/// The frame the screen shows at `time`: the window's tree with the status bar over it, unless
/// `--no-status-bar`. `window` is the window's tree at that time, when the caller has it.
func screenFrame(_ world: World, at time: Double, _ options: Options, window: LayerSnapshot? = nil) -> LayerSnapshot {
    world.screenSnapshot(window ?? world.window.layer.snapshot(at: time), at: time, statusBar: options.statusBar)
}

func printProblems(_ world: World) {
    for problem in world.problems { FileHandle.standardError.write(Data("problem: \(problem)\n".utf8)) }
}

func commandRun(_ arguments: ArraySlice<String>) throws -> Int32 {
    let options = try parseOptions(arguments, allowed: ["--scene", "--device", "--ios", "--trace", "--unsafe", "--budget", "--memory", "--allow-read"])
    let (world, runtime, url) = try makeRuntime(options)
    // Only --trace prints the whole trace; otherwise the latest entries are enough for
    // transit.trace() and a long scene keeps its memory flat.
    if !options.trace { world.trace.retention = Trace.defaultRetention }
    do {
        try runtime.runScene(url, sceneRun(options))
    } catch let error as EffectReturned {
        FileHandle.standardError.write(Data("transit: \(error)\n".utf8))
        return 1
    } catch {
        FileHandle.standardError.write(Data("\(Traceback.forUser(error))\n".utf8))
        if options.trace { print(world.trace.lines.joined(separator: "\n")) }
        printProblems(world)
        return 1
    }
    if options.trace { print(world.trace.lines.joined(separator: "\n")) }
    printProblems(world)
    print("ran \(LuaRuntimeDisplay.path(url)) to t=\(formatNumber(world.now))s: \(world.trace.callCount) script calls, \(world.problems.count) problems")
    return world.problems.isEmpty ? 0 : 1
}

enum LuaRuntimeDisplay {
    static func path(_ url: URL) -> String {
        let cwd = FileManager.default.currentDirectoryPath + "/"
        return url.path.hasPrefix(cwd) ? String(url.path.dropFirst(cwd.count)) : url.path
    }
}

/// Rasterizes frames on every core; results keep their order.
func renderFrames(_ trees: [LayerSnapshot], rasterizer: Rasterizer, size: Size) -> [RasterImage] {
    let count = trees.count
    let progress = ProgressReporter(total: count, label: "rendering")
    defer { progress.finish() }
    let results = UnsafeMutableBufferPointer<RasterImage?>.allocate(capacity: count)
    results.initialize(repeating: nil)
    defer { results.deallocate() }
    let buffer = SendableBuffer(pointer: results)
    DispatchQueue.concurrentPerform(iterations: count) { index in
        buffer.pointer[index] = rasterizer.render(trees[index], size: size)
        progress.advance()
    }
    return results.map { $0! }
}

struct SendableBuffer: @unchecked Sendable {
    let pointer: UnsafeMutableBufferPointer<RasterImage?>
}

func commandAPI(_ arguments: ArraySlice<String>) throws -> Int32 {
    if arguments.count > 1 { throw UsageError(message: "api takes one option (--luals or --markdown)") }
    let description = LuaRuntime.apiDescription
    switch arguments.first {
    case nil, "--luals": print(description.luaLanguageServerDefinitions, terminator: "")
    case "--markdown": print(description.markdownReference, terminator: "")
    case let other?: throw UsageError(message: "unknown option \(other) for api (expected --luals or --markdown)")
    }
    return 0
}

/// One command's part of `usage` (its synopsis and description), for `transit COMMAND --help`
/// and `transit help COMMAND`: the same text as the whole help, so the two never disagree.
func commandUsage(_ command: String) -> String? {
    let lines = usage.split(separator: "\n", omittingEmptySubsequences: false)
    guard let start = lines.firstIndex(where: { $0.hasPrefix("  \(command) ") || $0 == "  \(command)" }) else { return nil }
    var end = start + 1
    // A command's lines go on while they are indented deeper than a command name.
    while end < lines.count, lines[end].hasPrefix("   ") { end += 1 }
    // The device names, for the commands that take --device.
    let mentionsDevices = lines[start..<end].contains { $0.contains("--device") }
    let devices = mentionsDevices ? lines.filter { $0.hasPrefix("devices:") } : []
    return "usage: transit " + lines[start...].prefix(end - start).map { $0.dropFirst(2) }.joined(separator: "\n")
        + (devices.isEmpty ? "" : "\n\n" + devices.joined(separator: "\n"))
}

let arguments = CommandLine.arguments.dropFirst()
do {
    // `transit COMMAND --help` / `-h` anywhere after the command: that command's help.
    if let command = arguments.first, !command.hasPrefix("-"), arguments.dropFirst().contains(where: { $0 == "--help" || $0 == "-h" }) {
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
    case "--help", "-h", "help": print(usage); exit(0)
    case "--version":
        print("transit \(version)")
        print("scripts: \(LuaRuntime.defaultScriptsDirectory?.path ?? "(none)")")
        exit(0)
    case "run": exit(try commandRun(arguments.dropFirst()))
    case "render": exit(try commandRender(arguments.dropFirst()))
    case "check": exit(try commandCheck(arguments.dropFirst()))
    case "watch": exit(try commandWatch(arguments.dropFirst()))
    case "repl": exit(try commandRepl(arguments.dropFirst()))
    case "bench": exit(try commandBench(arguments.dropFirst()))
    case "fuzz": exit(try commandFuzz(arguments.dropFirst()))
    case "gallery": exit(try commandGallery(arguments.dropFirst()))
    case "new": exit(try commandNew(arguments.dropFirst()))
    case "api": exit(try commandAPI(arguments.dropFirst()))
    case let command?: fail("unknown command \"\(command)\" (see transit --help)", code: 2)
    }
} catch let error as UsageError {
    fail(error.message, code: 2)
} catch let error as OutputError {
    fail(error.message, code: 2)
} catch {
    fail("\(error)", code: 1)
}
