import CLua
import Foundation
import TransitCore

/// Runs a scene file: its top-level code as a coroutine on virtual time, `transit.wait`
/// yielding to the host, which advances the clock (and samples frames for renderers).
public struct SceneRun {
    /// Called at every frame time passed while the scene waits (renderers sample here).
    public var frameInterval: Double?
    public var onFrame: ((Double) throws -> Void)?
    /// Exact times to sample (sorted), besides or instead of `frameInterval`.
    public var sampleTimes: [Double] = []
    /// Virtual time allowed after the scene's code ends for animations to finish.
    public var settleLimit = 30.0
    /// Virtual seconds a scene may run before it is stopped (a scene that never ends).
    public var maximumDuration = 600.0
    /// The scene that runs a file returning an effect (docs/design.md §2.9); nil: effects are an error.
    public var effectScene: URL?
    /// Stop at the scene's first `transit.repl()` (the REPL); otherwise breakpoints are ignored.
    public var stopsAtBreakpoint = false

    public init() {}

    var withoutEffectScene: SceneRun {
        var copy = self
        copy.effectScene = nil
        return copy
    }
}

/// The file returned a value: it is an effect module, not a scene (docs/design.md §2.9).
public struct EffectReturned: Error, CustomStringConvertible {
    public var file: String
    public var description: String {
        "\(file) returns a value, so it is an effect, not a scene; give a scene to run it in (--scene)"
    }
}

extension LuaRuntime {
    /// Adds the file's directory to the places `require` searches (first).
    public func allowModules(besides file: URL) {
        let directory = file.deletingLastPathComponent().standardizedFileURL
        if !moduleDirectories.contains(directory) { moduleDirectories.insert(directory, at: 0) }
    }

    /// Runs `file` as a scene. Script errors come back as ScriptError with a traceback.
    public func runScene(_ file: URL, _ options: SceneRun = SceneRun()) throws {
        allowModules(besides: file)
        let top = lua_gettop(L)
        defer { lua_settop(L, top) }
        guard let thread = lua_newthread(L) else { throw RuntimeError.coroutineUnavailable }
        // A callback can reach this thread (coroutine.running()); closing or resuming it from a
        // script would pull the scene out from under the host.
        transit_markhostthread(L, thread)
        let enclosingSceneThread = sceneThread
        sceneThread = thread
        defer { sceneThread = enclosingSceneThread }
        try loadFile(file)
        giveSystemEnvironment(to: file)
        lua_xmove(L, thread, 1)
        var frameIndex = 0
        let start = world.now
        // transit.step and seek move the clock too: the scene's limit holds for them as well.
        world.startRunLimits(allowing: options.maximumDuration + options.settleLimit + 1)
        let enclosingDeadline = sceneDeadline
        sceneDeadline = start + options.maximumDuration
        defer { sceneDeadline = enclosingDeadline }
        var samples = options.sampleTimes.sorted()[...]
        /// The next time to sample: the next frame of the interval or the next listed time.
        func nextSample() -> Double? {
            let frame = options.frameInterval.map { start + Double(frameIndex) * $0 }
            switch (frame, samples.first) {
            case let (f?, s?): return min(f, s)
            case let (f?, nil): return f
            case let (nil, s?): return s
            default: return nil
            }
        }
        func advance(to target: Double) throws {
            if let onFrame = options.onFrame {
                while let time = nextSample(), time <= target + 1e-9 {
                    try world.advance(to: max(world.now, time))
                    try onFrame(time)
                    if let interval = options.frameInterval, abs(start + Double(frameIndex) * interval - time) < 1e-12 { frameIndex += 1 }
                    if let first = samples.first, abs(first - time) < 1e-12 { samples.removeFirst() }
                }
            }
            try world.advance(to: target)
        }
        sceneIsRunning = true
        defer { sceneIsRunning = false }
        stoppedAtBreakpoint = false
        var results: Int32 = 0
        var zeroWaits = 0
        while true {
            // Hooks belong to a thread: the budget must be armed on the scene's coroutine, or a
            // scene's own top-level loop (`while true do end`) would never be stopped.
            transit_resetbudget(thread)
            let status = transit_resume(thread, L, 0, &results)
            if status == LUA_OK || status == LUA_YIELD, transit_takefinalizerfailure(L) != 0 {
                // A finalizer failed while the scene ran, after the scene's last Lua line.
                throw takeFinalizerFailure()
            }
            if status == LUA_YIELD {
                lua_settop(thread, 0)
                if pendingBreakpoint {
                    pendingBreakpoint = false
                    // The REPL takes over this world as it is: no settling, time stays put.
                    if options.stopsAtBreakpoint { stoppedAtBreakpoint = true; return }
                    continue
                }
                let wait = pendingWait ?? 0
                pendingWait = nil
                zeroWaits = wait > 0 ? 0 : zeroWaits + 1
                guard world.now + wait <= start + options.maximumDuration, zeroWaits < 1_000_000 else {
                    // Named at the line that waits (the coroutine is suspended there), else the file.
                    let message = "the scene is still running after \(formatNumber(world.now - start)) s of virtual time (\(zeroWaits > 0 ? "it keeps waiting 0 s" : "limit \(formatNumber(options.maximumDuration)) s")); does it loop forever?"
                    guard let place = lineOfError(in: thread) else { throw ScriptError(Self.displayPath(file) + ": " + message) }
                    throw ScriptError(message, at: place)
                }
                do {
                    try advance(to: world.now + wait)
                } catch {
                    throw located(error, in: thread)
                }
                continue
            }
            if status == LUA_OK {
                if results > 0 && lua_type(thread, -1) != LUA_TNIL {
                    guard let effectScene = options.effectScene else { throw EffectReturned(file: Self.displayPath(file)) }
                    lua_xmove(thread, L, 1)
                    try installEffect(at: -1, from: file)
                    transit_pop(L, 1)
                    sceneIsRunning = false
                    try runScene(effectScene, options.withoutEffectScene)
                    return
                }
                break
            }
            var error = sceneError(of: thread)
            // A refusal the script caught itself (pcall) leaves the flag set: only a memory
            // error that ends the scene is reported as one.
            // Lua's memory error has no position; re-raised by a guarded library function
            // (string.rep) it has the caller's line already.
            let outOfMemory = status == LUA_ERRMEM || (limits.pointee.limitReached != 0 && error.reason == "not enough memory")
            limits.pointee.limitReached = 0
            if outOfMemory {
                error = ScriptError("\(error.reason): the script exceeded its memory limit of \(self.options.memoryLimit >> 20) MB (--memory raises it)",
                                    at: error.location ?? lineOfError(in: thread))
                transit_pop(thread, 1)
                collectGarbage()
            }
            // An error that already carries a traceback (a hook that failed inside present or
            // dismiss, which run their transition in the call) keeps that one: one traceback.
            if error.traceback != nil { throw error }
            transit_traceback(L, thread, nil, 0)
            error.traceback = traceback(fromFramesAt: -1)
            throw error
        }
        // Let running animations and pending work finish, as an app's run loop would.
        do {
            try world.drain()
            let deadline = world.now + options.settleLimit
            while let next = world.nextSettlingEventTime, next <= deadline {
                try advance(to: next)
            }
            if options.onFrame != nil { try advance(to: world.now) }
        } catch let error as ScriptError {
            throw error   // raised by the script's own code: it names its line
        } catch {
            // The host's own (a limit of the run loop): no line of the scene is running any more.
            throw ScriptError("\(Self.displayPath(file)): after the scene's last line, while animations and transitions finished: \(error)")
        }
        // What is still in flight now will never finish (a stuck interaction).
        world.judgeEndOfScene()
    }

    /// An error raised while the scene waited: errors from Lua carry their own location and
    /// traceback, and one that names its place (a hook's definition) keeps it; the host's own
    /// get the scene line that was waiting.
    func located(_ error: Error, in thread: OpaquePointer) -> Error {
        if let scriptError = error as? ScriptError, scriptError.location != nil || scriptError.traceback != nil { return error }
        guard let place = lineOfError(in: thread) else { return error }
        return ScriptError("\(error)\n(raised by the host while the scene waited on this line)", at: place)
    }

    /// The error that ended the scene's coroutine (on its top), without a traceback: a string
    /// with the location it was raised at, or the line it was raised on when Lua's core gave it
    /// none ("C stack overflow"); a number or an object with `__tostring` as its text, with the
    /// line; else its type.
    func sceneError(of thread: OpaquePointer) -> ScriptError {
        let place = lineOfError(in: thread)
        if lua_type(thread, -1) == LUA_TSTRING, let text = string(at: -1, of: thread) {
            return transit_lacksposition(text) != 0 ? ScriptError(text, at: place) : structuredError(text, endingThread: thread)
        }
        // __tostring runs on the main state: a dead coroutine cannot call functions.
        lua_pushvalue(thread, -1)
        lua_xmove(thread, L, 1)
        defer { transit_pop(L, 1) }
        if lua_type(L, -1) == LUA_TNUMBER { return ScriptError(describe(at: -1), at: place) }
        var hasToString = false
        if lua_getmetatable(L, -1) != 0 {
            lua_pushstring(L, "__tostring")
            hasToString = lua_rawget(L, -2) != LUA_TNIL
            transit_pop(L, 2)
        }
        if hasToString { return ScriptError(describe(at: -1), at: place) }
        return ScriptError("(error object is a \(String(cString: lua_typename(L, lua_type(L, -1)))) value)", at: place)
    }

    /// The innermost Lua line of a dead coroutine (errors raised without a position: a memory
    /// error, `error()` with a non-string value).
    func lineOfError(in thread: OpaquePointer) -> SourceLocation? {
        var record = lua_Debug()
        for level: Int32 in 0..<8 {
            guard lua_getstack(thread, level, &record) != 0, lua_getinfo(thread, "Sl", &record) != 0 else { break }
            if record.currentline > 0 { return SourceLocation(file: record.shortSource, line: Int(record.currentline)) }
        }
        return nil
    }

    func string(at index: Int32, of thread: OpaquePointer) -> String? {
        guard lua_type(thread, index) == LUA_TSTRING else { return nil }
        var length = 0
        guard let pointer = transit_tostring(thread, index, &length) else { return nil }
        return String(decoding: UnsafeRawBufferPointer(start: pointer, count: length), as: UTF8.self)
    }

}

extension LuaRuntime {
    /// Makes the value at `index` (an effect module's result) `transit.effect`: the
    /// transitioning delegate scripts/system/effect.lua builds from it.
    func installEffect(at index: Int32, from file: URL) throws {
        let value = lua_absindex(L, index)
        let top = lua_gettop(L)
        defer { lua_settop(L, top) }
        rememberModuleValue(at: value, for: file)   // what the REPL's reload() patches
        checkEffectHookNames(valueAt: value)
        pushHostRequire()
        lua_pushstring(L, "system.effect")
        guard transit_pcall(L, 1, 1) == LUA_OK else { throw takeError() }
        lua_pushvalue(L, value)
        lua_pushstring(L, Self.displayPath(file))
        guard transit_pcall(L, 2, 1) == LUA_OK else { throw takeError() }
        lua_getglobal(L, "transit")
        lua_pushvalue(L, -2)
        lua_setfield(L, -2, "effect")
    }

    /// The sandbox's `require`, as the prelude made it: kept by the host, so a script that
    /// sets `require = nil` or replaces it breaks its own code only, not the system styles.
    func pushHostRequire() {
        if lua_getfield(L, transit_registryindex(), Self.hostRequireKey) == LUA_TFUNCTION { return }
        transit_pop(L, 1)
        lua_getglobal(L, "require")
    }

    static let hostRequireKey = "transit.require"

    /// Calls `require(name)` and returns the module at the top of the stack (caller pops).
    func requireModule(_ name: String) throws {
        pushHostRequire()
        lua_pushstring(L, name)
        guard transit_pcall(L, 1, 1) == LUA_OK else { throw takeError() }
    }
}

extension LuaRuntime: SystemStyleProvider {
    /// scripts/system/<style>.lua returns a UIPresentationController subclass.
    public func presentationController(for style: ModalPresentationStyle, presented: ViewController,
                                       presenting: ViewController) throws -> PresentationController? {
        guard resolveModule("system.\(style.rawValue)") != nil else { return nil }
        let top = lua_gettop(L)
        defer { lua_settop(L, top) }
        try requireModule("system.\(style.rawValue)")
        guard transit_pgetfield(L, -1, "new") == LUA_OK, lua_type(L, -1) == LUA_TFUNCTION else {
            throw ScriptError("scripts/system/\(style.rawValue).lua must return a UIPresentationController subclass")
        }
        push(presented)
        push(presenting)
        guard transit_pcall(L, 2, 1) == LUA_OK else { throw takeError() }
        guard let controller = object(at: -1) as? PresentationController else {
            throw ScriptError("scripts/system/\(style.rawValue).lua: new did not return a UIPresentationController")
        }
        controller.presentationStyle = style
        controller.isSystemObject = true
        return controller
    }

    /// scripts/system/<transition style>.lua returns an animator.
    public func animator(for style: ModalTransitionStyle) throws -> AnyObject? {
        try systemAnimator("system.\(style.rawValue)")
    }

    /// scripts/system/navigation.lua: UIKit's push/pop.
    public func navigationAnimator() throws -> AnyObject? {
        try systemAnimator("system.navigation")
    }

    /// scripts/system/zoom.lua: iOS 18's zoom; its `animator(zoomed, source, zoomingIn)` makes
    /// the animator for one zoom in or out.
    public func zoomAnimator(zoomed: ViewController, source: ViewController, zoomingIn: Bool) throws -> AnyObject? {
        guard resolveModule("system.zoom") != nil else { return nil }
        let top = lua_gettop(L)
        defer { lua_settop(L, top) }
        try requireModule("system.zoom")
        guard transit_pgetfield(L, -1, "animator") == LUA_OK, lua_type(L, -1) == LUA_TFUNCTION else {
            throw ScriptError("scripts/system/zoom.lua must return a table with an animator function")
        }
        push(zoomed)
        push(source)
        lua_pushboolean(L, zoomingIn ? 1 : 0)
        guard transit_pcall(L, 3, 1) == LUA_OK else { throw takeError() }
        return protocolObject(at: -1)
    }

    private func systemAnimator(_ module: String) throws -> AnyObject? {
        guard resolveModule(module) != nil else { return nil }
        let top = lua_gettop(L)
        defer { lua_settop(L, top) }
        try requireModule(module)
        return protocolObject(at: -1)
    }
}

extension lua_Debug {
    /// `short_src` as a String: the chunk name as Lua shows it in messages ("fade.lua").
    var shortSource: String {
        var copy = short_src
        let size = MemoryLayout.size(ofValue: copy)
        return withUnsafePointer(to: &copy) {
            $0.withMemoryRebound(to: CChar.self, capacity: size) { String(cString: $0) }
        }
    }
}
