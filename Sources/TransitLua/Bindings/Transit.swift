import CLua
import Foundation
import TransitCore

// The `transit` namespace: what UIKit does not have (the window, virtual time, logging, loading).

extension TransitAPI {
    static func namespace() -> APIClass {
        var cls = APIClass(name: "transit", superclass: nil, doc: "The host: window, virtual time, tools.", isValue: false)
        cls.functions = [
            function("wait", .finite("seconds"), doc: "scenes: lets virtual time pass (runs animations, completions, transitions)") { call, seconds in
                guard seconds >= 0 else { throw call.fail("seconds must be ≥ 0 (got \(formatNumber(seconds)))") }
                guard lua_isyieldable(call.L) != 0, call.runtime.sceneIsRunning, call.L == call.runtime.sceneThread else {
                    // Outside the scene's coroutine (a module, the REPL, a coroutine of the
                    // script's own): advance directly.
                    try call.runtime.world.advance(to: call.runtime.world.now + seconds)
                    return 0
                }
                // A wait past the scene's limit is the script's error (pcall can catch it), not
                // a scene that loops.
                if let deadline = call.runtime.sceneDeadline, call.runtime.world.now + seconds > deadline + 1e-9 {
                    throw call.fail("the scene is still running after \(formatNumber(call.runtime.world.now)) s of virtual time, and waiting \(formatNumber(seconds)) s more would pass its limit of \(formatNumber(deadline)) s; does it loop forever?")
                }
                call.runtime.pendingWait = seconds
                return TRANSIT_YIELD
            },
            function("touch.tap", .checked("options", .options(TouchOptions.tap)), doc: "a tap at a window point (down, then up 0.05 s later)") { call, _ in
                try call.checkOptions(1, TouchOptions.tap)
                let at = try call.pointOption(1, "at") ?? call.runtime.world.window.bounds.center
                try call.runtime.world.performTouch(from: at, to: at, duration: 0.05, release: true)
                return 0
            },
            function("touch.pan", .checked("options", .options(TouchOptions.pan)), doc: "a drag between window points") { call, _ in
                try call.checkOptions(1, TouchOptions.pan)
                guard let from = try call.pointOption(1, "from"), let to = try call.pointOption(1, "to") else { throw call.fail("from and to (CGPoints) are required") }
                try call.runtime.world.performTouch(from: from, to: to, duration: try call.numberOption(1, "duration") ?? 0.3,
                                                    release: try call.booleanOption(1, "release") ?? true)
                return 0
            },
            function("touch.edgePan", .checked("options", .options(TouchOptions.edgePan)), doc: "a screen-edge pan covering a fraction of the screen") { call, _ in
                try call.checkOptions(1, TouchOptions.edgePan)
                var edge = RectEdge.left
                if call.field(1, "edge") {
                    let text = call.runtime.string(at: -1) ?? call.runtime.typeDescription(at: -1)
                    transit_pop(call.L, 1)
                    guard let value = RectEdge(rawValue: text) else { throw call.fail(call.runtime.unknownEnumMessage("UIRectEdge", text)) }
                    edge = value
                } else { transit_pop(call.L, 1) }
                let fraction = try call.numberOption(1, "to") ?? 0.5
                guard fraction.isFinite, fraction >= 0, fraction <= 1 else { throw call.fail("to must be a fraction of the screen in 0...1 (got \(formatNumber(fraction)))") }
                let (from, to) = call.runtime.world.edgePanPoints(edge: edge, fraction: fraction)
                try call.runtime.world.performTouch(from: from, to: to, duration: try call.numberOption(1, "duration") ?? 0.3,
                                                    release: try call.booleanOption(1, "release") ?? true)
                return 0
            },
            function("userDismissal", .object("presentationController", PresentationController.self),
                     .enumeration("step", PresentationController.UserDismissalStep.self, "UserDismissalStep"), returns: .boolean,
                     doc: "system sheets (iOS 13+): a step of a dismissal by the user, UIAdaptivePresentationControllerDelegate's: \"should\" (false when the presented controller's isModalInPresentation is true, else presentationControllerShouldDismiss, default true), \"will\", \"did\", \"attempted\" (presentationControllerDidAttemptToDismiss)") { call, controller, step in
                call.push(try controller.userDismissal(step))
                return 1
            },
            function("rotate", .enumeration("orientation", Orientation.self, "UIDeviceOrientation"), doc: "rotates the device (viewWillTransitionToSize, then layout)") { call, orientation in
                try call.runtime.world.rotate(to: orientation)
                return 0
            },
            function("repl", [], "a breakpoint: `transit repl FILE` stops the scene here and opens its prompt on this world; run and render go on") { call in
                // Only a scene's own code can stop; elsewhere (a module, the prompt) it does nothing.
                guard lua_isyieldable(call.L) != 0, call.runtime.sceneIsRunning, call.L == call.runtime.sceneThread else { return 0 }
                call.runtime.pendingBreakpoint = true
                return TRANSIT_YIELD
            },
            function("now", [], returns: .number, "virtual seconds since the run began") { call in
                call.push(call.runtime.world.now); return 1
            },
            function("step", .finite("dt"), doc: "advances virtual time by dt (REPL, renderer)") { call, dt in
                guard dt >= 0 else { throw call.fail("dt must be ≥ 0 (virtual time only moves forward; run the scene again to see earlier frames)") }
                try call.runtime.world.advance(to: call.runtime.world.now + dt)
                return 0
            },
            function("seek", .finite("t"), doc: "advances virtual time to t (≥ now)") { call, t in
                guard t >= call.runtime.world.now else {
                    throw call.fail("t must be ≥ transit.now() (\(formatNumber(call.runtime.world.now))); virtual time only moves forward")
                }
                try call.runtime.world.advance(to: t)
                return 0
            },
            function("log", [parameter("...", .any)], "prints its arguments with the virtual time", variadic: true) { call in
                let count = lua_gettop(call.L)
                var parts: [String] = []
                for i in 1...max(1, count) where i <= count { parts.append(call.runtime.describe(at: i)) }
                call.runtime.output("[\(formatNumber(call.runtime.world.now))s] " + parts.joined(separator: " "))
                return 0
            },
            function("expect", [parameter("name", .string, "what is checked, as the PASS/FAIL line names it"),
                                parameter("condition", .any, "passes when truthy"),
                                parameter("got", .any, "the value found (printed when it fails)"),
                                parameter("want", .any, "the value wanted (printed when it fails)")], returns: .boolean,
                     "scenes as tests: prints PASS name, or FAIL file:line: name: got X, want Y; the scene goes on, and transit run exits 1 saying how many failed (returns condition)") { call in
                guard lua_type(call.L, 1) == LUA_TSTRING, let name = call.runtime.string(at: 1) else {
                    throw call.fail(argument: 1, "must be a string naming the expectation (got \(call.runtime.typeDescription(at: 1)))")
                }
                let passed = lua_toboolean(call.L, 2) != 0
                var detail = ""
                if !passed && lua_gettop(call.L) >= 3 {
                    detail = "got \(call.runtime.describe(at: 3)), want \(lua_gettop(call.L) >= 4 ? call.runtime.describe(at: 4) : "nil")"
                }
                let expectation = Expectation(name: name, passed: passed, location: call.runtime.sourceLocation(level: 1), detail: detail)
                call.runtime.expectations.append(expectation)
                call.runtime.output(expectation.line)
                lua_pushboolean(call.L, passed ? 1 : 0)
                return 1
            },
            function("trace", [], returns: .string, "the trace so far, one call or event a line") { call in
                let text = call.runtime.world.trace.lines.joined(separator: "\n")
                // Its work grows with the trace: charged to the budget (docs/sandbox.md).
                transit_charge(call.L, Int64(text.utf8.count / 16))
                call.push(text); return 1
            },
            function("image", .string("name", "a PNG path, or a name under scripts/images"), returns: .value("UIImage"), doc: "loads a PNG image") { call, name in
                guard let loader = call.runtime.imageLoader else { throw call.fail("images are not available in this host") }
                let url: URL
                switch call.runtime.resolveImage(name) {
                case .success(let found): url = found
                case .failure(.outside(let directories)):
                    throw call.fail("cannot load image \"\(name)\": a script reads images only under " + directories.map(\.path).joined(separator: ", ")
                        + " (--allow-read DIR adds a directory; docs/sandbox.md)")
                }
                do {
                    let image = try loader(url)
                    call.runtime.push(image)
                } catch {
                    throw call.fail("cannot load image \"\(name)\" (\(url.path)): \(error)")
                }
                return 1
            },
        ]
        return cls
    }
}

extension LuaRuntime {
    /// Installs `transit.window`, `screen`, `device` and `require` (limited to the allowed
    /// directories), once the classes exist.
    func runPrelude() throws {
        lua_getglobal(L, "transit")
        push(world.window); lua_setfield(L, -2, "window")
        push(screenObject); lua_setfield(L, -2, "screen")
        push(deviceObject); lua_setfield(L, -2, "device")
        transit_pushhostfunction(L, { L in searchModule(L) }, 0)
        lua_setfield(L, -2, "_searchModule")
        transit_pop(L, 1)
        installImageRelease()
        guard let url = Self.preludeURL(in: options.scriptsDirectory) else {
            throw RuntimeError.preludeMissing(scriptsDirectory: options.scriptsDirectory?.path)
        }
        try loadFile(url)
        guard transit_pcall(L, 0, 0) == LUA_OK else { throw takeError() }
        lua_getglobal(L, "require")
        lua_setfield(L, transit_registryindex(), Self.hostRequireKey)
    }

    /// Transit's own Lua (scripts/system, scripts/scenes) runs with the host's own `require` (over
    /// the globals): a script that sets `require = nil` or replaces it must not break UIKit's
    /// styles or the default scene. The chunk is on top of the stack.
    func giveSystemEnvironment(to url: URL) {
        guard let scripts = options.scriptsDirectory,
              Self.isInside(url, scripts.appendingPathComponent("system")) || Self.isInside(url, scripts.appendingPathComponent("scenes")) else { return }
        if lua_getfield(L, transit_registryindex(), Self.systemEnvironmentKey) != LUA_TTABLE {
            transit_pop(L, 1)
            guard lua_getfield(L, transit_registryindex(), Self.hostRequireKey) == LUA_TFUNCTION else { transit_pop(L, 1); return }
            lua_createtable(L, 0, 1)
            lua_rotate(L, -2, 1)
            lua_setfield(L, -2, "require")
            lua_createtable(L, 0, 2)
            _ = transit_pushglobaltable(L)
            lua_setfield(L, -2, "__index")
            _ = transit_pushglobaltable(L)
            lua_setfield(L, -2, "__newindex")
            lua_setmetatable(L, -2)
            lua_pushvalue(L, -1)
            lua_setfield(L, transit_registryindex(), Self.systemEnvironmentKey)
        }
        if lua_setupvalue(L, -2, 1) == nil { transit_pop(L, 1) }
    }

    static let systemEnvironmentKey = "transit.systemEnvironment"

    /// scripts/system/prelude.lua: the part of the sandbox written in Lua.
    static func preludeURL(in scripts: URL?) -> URL? {
        guard let url = scripts?.appendingPathComponent("system/prelude.lua"),
              FileManager.default.isReadableFile(atPath: url.path) else { return nil }
        return url
    }


    /// Why `name` is not a module name `require` takes, or nil. A module name is names joined
    /// by dots (or "/"), each of letters, digits, "_" and "-", optionally ending in ".lua":
    /// nothing in it can climb out of the directories searched (no "..", no absolute path).
    static func moduleNameProblem(_ name: String) -> String? {
        var stem = Substring(name)
        if stem.hasSuffix(".lua") { stem = stem.dropLast(4) }
        let parts = stem.split(separator: ".", omittingEmptySubsequences: false)
            .flatMap { $0.split(separator: "/", omittingEmptySubsequences: false) }
        let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-")
        guard !parts.isEmpty, parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(allowed.contains) }) else {
            return "require: \"\(name)\" is not a module name: write names joined by dots, as require(\"lib.hero\"); modules load only from the effect's directory and Transit's scripts/ (no \"..\", no absolute paths: docs/sandbox.md)"
        }
        return nil
    }

    /// The file of module `name` in the directories `require` searches, in order; a file that is
    /// a link to somewhere outside its directory is not found.
    func resolveModule(_ name: String) -> URL? { Self.resolveModule(name, in: moduleDirectories) }

    /// The same search in the given directories (`transit export` finds an effect's modules so).
    static func resolveModule(_ name: String, in directories: [URL]) -> URL? {
        for (candidate, directory) in zip(moduleCandidates(name, in: directories), directories) {
            if FileManager.default.fileExists(atPath: candidate.path), isInside(candidate, directory) { return candidate }
        }
        return nil
    }

    /// Where module `name` would be, one place per directory `require` searches (none for a
    /// name that is not a module name).
    func moduleCandidates(_ name: String) -> [URL] { Self.moduleCandidates(name, in: moduleDirectories) }

    static func moduleCandidates(_ name: String, in directories: [URL]) -> [URL] {
        guard moduleNameProblem(name) == nil else { return [] }
        var stem = Substring(name)
        if stem.hasSuffix(".lua") { stem = stem.dropLast(4) }
        let relative = stem.replacingOccurrences(of: ".", with: "/") + ".lua"
        return directories.map { $0.appendingPathComponent(relative).standardizedFileURL }
    }

    /// Whether `file`, with links resolved, is inside `directory` (links resolved too).
    static func isInside(_ file: URL, _ directory: URL) -> Bool {
        let root = directory.standardizedFileURL.resolvingSymlinksInPath().path
        let path = file.standardizedFileURL.resolvingSymlinksInPath().path
        return path.hasPrefix(root.hasSuffix("/") ? root : root + "/")
    }

    /// Directories `transit.image` reads from: those `require` searches and the ones given with
    /// `--allow-read`.
    var imageDirectories: [URL] { moduleDirectories + readableDirectories }

    /// The PNG file `transit.image(name)` means: `name` (relative, or absolute inside an allowed
    /// directory), `images/name` or `images/name.png` under an allowed directory; nil with the
    /// reason when it is outside them.
    func resolveImage(_ name: String) -> Result<URL, ImagePathError> {
        let directories = imageDirectories
        if name.hasPrefix("/") {
            let url = URL(fileURLWithPath: name)
            guard directories.contains(where: { Self.isInside(url, $0) }) else { return .failure(.outside(directories)) }
            return .success(url)
        }
        for directory in directories {
            for candidate in [directory.appendingPathComponent(name), directory.appendingPathComponent("images/\(name)"),
                              directory.appendingPathComponent("images/\(name).png")]
            where FileManager.default.fileExists(atPath: candidate.path) {
                guard Self.isInside(candidate, directory) else { return .failure(.outside(directories)) }
                return .success(candidate)
            }
        }
        // Not found: the loader says so for the first place looked at.
        guard let first = directories.first else { return .failure(.outside([])) }
        let candidate = first.appendingPathComponent(name)
        guard Self.isInside(candidate, first) else { return .failure(.outside(directories)) }
        return .success(candidate)
    }

    /// A UIImage value: a table naming its pixels by id. The pixels stay while the table
    /// lives: the UIImage metatable's __gc (installImageRelease) lets them go, and their bytes
    /// count against the memory limit meanwhile.
    func push(_ image: ImageContent) {
        nextImageID += 1
        let id = nextImageID
        images[id] = image
        world.hostMemory.charge(image.rgba.count)
        pushValue("UIImage", [("width", Double(image.width)), ("height", Double(image.height)), ("id", Double(id))])
    }

    /// Gives the UIImage metatable a __gc that releases the image's pixels (set before any
    /// image exists: Lua marks a table for finalization when its metatable is set).
    func installImageRelease() {
        pushValueMetatable("UIImage")
        defer { transit_pop(L, 1) }
        guard lua_type(L, -1) == LUA_TTABLE else { return }
        transit_pushhostfunction(L, { L in releaseImage(L) }, 0)
        lua_setfield(L, -2, "__gc")
    }

    func readImage(at index: Int32) -> ImageContent? {
        guard valueClassName(at: index) == "UIImage" else { return nil }
        lua_pushstring(L, "id")
        defer { transit_pop(L, 1) }
        guard lua_rawget(L, index < 0 ? index - 1 : index) == LUA_TNUMBER else { return nil }
        guard let id = Int(exactly: lua_tonumberx(L, -1, nil)) else { return nil }
        return images[id]
    }
}

/// The UIImage metatable's __gc: the table is gone, so are its pixels. It runs inside Lua's
/// collector and only removes an entry (no Lua call, no allocation).
private func releaseImage(_ L: OpaquePointer?) -> Int32 {
    LuaRuntime.serving(L) { runtime in
        lua_pushstring(L, "id")
        let type = lua_rawget(L, 1)
        defer { transit_pop(L, 1) }
        guard type == LUA_TNUMBER, let id = Int(exactly: lua_tonumberx(L, -1, nil)),
              let image = runtime.images.removeValue(forKey: id) else { return 0 }
        runtime.world.hostMemory.credit(image.rgba.count)
        return 0
    }
}

/// Why `transit.image` refused a path.
enum ImagePathError: Error {
    /// Outside every directory a script may read (listed).
    case outside([URL])
}

/// `transit._searchModule(name)`: the loaded chunk and its path, or nil and a message.
private func searchModule(_ L: OpaquePointer?) -> Int32 {
    LuaRuntime.serving(L) { runtime in searchModuleBody(L, runtime) }
}

private func searchModuleBody(_ L: OpaquePointer?, _ runtime: LuaRuntime) -> Int32 {
    guard let name = runtime.string(at: 1) else { lua_pushnil(L); lua_pushstring(L, "require: bad name"); return 2 }
    if let problem = LuaRuntime.moduleNameProblem(name) {
        lua_pushnil(L)
        lua_pushstring(L, problem)
        return 2
    }
    guard let url = runtime.resolveModule(name) else {
        let places = runtime.moduleDirectories.map { $0.path }.joined(separator: ", ")
        for candidate in runtime.moduleCandidates(name) where !runtime.missingModuleFiles.contains(candidate) {
            runtime.missingModuleFiles.append(candidate)
        }
        lua_pushnil(L)
        lua_pushstring(L, "module '\(name)' not found in \(places)")
        return 2
    }
    do {
        try runtime.loadFile(url)
    } catch {
        lua_pushnil(L)
        lua_pushstring(L, "\(error)")
        return 2
    }
    runtime.giveSystemEnvironment(to: url)
    lua_pushstring(L, url.path)
    return 2
}

extension HostCall {
    func pointOption(_ argument: Int, _ key: String) throws -> Point? {
        defer { transit_pop(L, 1) }
        guard field(argument, key) else { return nil }
        guard let point = runtime.read(Point.self, at: -1), point.isFinite else { throw fail("\(key) must be a finite CGPoint (got \(runtime.typeDescription(at: -1)))") }
        return point
    }

    func booleanOption(_ argument: Int, _ key: String) throws -> Bool? {
        defer { transit_pop(L, 1) }
        guard field(argument, key) else { return nil }
        guard lua_type(L, -1) == LUA_TBOOLEAN else { throw fail("\(key) must be a boolean (got \(runtime.typeDescription(at: -1)))") }
        return lua_toboolean(L, -1) != 0
    }
}

/// The options tables of the synthetic touches (`transit.touch.tap{at = ...}` and the rest).
enum TouchOptions {
    static let tap = OptionTable("transit.touch.TapOptions", "transit.touch.tap's options", [
        .optional("at", .value("CGPoint"), "a window point (default: the window's centre)"),
    ])
    static let pan = OptionTable("transit.touch.PanOptions", "transit.touch.pan's options", [
        .required("from", .value("CGPoint")), .required("to", .value("CGPoint")),
        .optional("duration", .number, "seconds (default 0.3)"), .optional("release", .boolean, "lift the finger at the end (default true)"),
    ])
    static let edgePan = OptionTable("transit.touch.EdgePanOptions", "transit.touch.edgePan's options", [
        .optional("edge", .enumeration("UIRectEdge"), "default \"left\""), .optional("to", .number, "the fraction of the screen covered, 0...1 (default 0.5)"),
        .optional("duration", .number, "seconds (default 0.3)"), .optional("release", .boolean, "lift the finger at the end (default true)"),
    ])
    static let press = OptionTable("transit.touch.PressOptions", "transit.touch.press's options", [
        .optional("at", .value("CGPoint"), "a window point (default: the window's centre)"),
        .optional("duration", .number, "seconds (default 1)"), .optional("touches", .integer, "fingers (default 1)"),
    ])
    static let swipe = OptionTable("transit.touch.SwipeOptions", "transit.touch.swipe's options", [
        .required("from", .value("CGPoint")), .required("to", .value("CGPoint")),
        .optional("duration", .number, "seconds (default 0.15)"), .optional("touches", .integer, "fingers (default 1)"),
    ])
    static let pinch = OptionTable("transit.touch.PinchOptions", "transit.touch.pinch's options: scales or finger distances", [
        .optional("center", .value("CGPoint"), "default: the window's centre"),
        .optional("fromScale", .number, "default 1"), .optional("toScale", .number),
        .optional("from", .number, "finger distance at the start"), .optional("to", .number, "finger distance at the end"),
        .optional("duration", .number, "seconds (default 0.3)"), .optional("release", .boolean, "lift the fingers at the end (default true)"),
    ])
}
