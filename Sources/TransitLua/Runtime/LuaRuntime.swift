import CLua
import Foundation
import TransitCore

/// A Lua state bound to one simulated world: the sandboxed standard library, the UIKit
/// classes, the `transit` namespace, and the script side of `Scripting`.
public final class LuaRuntime {
    public struct Options {
        public var unsafe = false
        /// Instructions allowed per call from the host into Lua (docs/design.md §8: 10^8).
        public var budget: Int64 = 100_000_000
        /// Bytes the state may hold (docs/design.md §8: 256 MB).
        public var memoryLimit = 256 << 20
        /// Folders `require` searches besides the effect's own.
        public var scriptsDirectory: URL? = LuaRuntime.defaultScriptsDirectory
        public init() {}
    }

    /// The Lua thread being served: the main state, or the scene coroutine while a host
    /// function called from it runs (arguments live on the caller's stack). Every host call
    /// sets and restores it, so it lives behind a pointer: a stored property of a class would
    /// pay for an exclusivity check on each access.
    var L: OpaquePointer {
        get { servedThread.pointee }
        set { servedThread.pointee = newValue }
    }
    private let servedThread: UnsafeMutablePointer<OpaquePointer>
    let mainState: OpaquePointer
    let limits: UnsafeMutablePointer<transit_Limits>
    public let world: World
    public let options: Options
    let api: APIDescription
    /// Every bound function's and property's entry: Lua holds them as light userdata, so
    /// they live as long as the state (DispatchEntries.swift).
    var hostFunctions: [HostFunctionEntry] = []
    var propertyEntries: [PropertyEntry] = []
    /// Bound object classes; a userdata records its class's index (ObjectBox).
    var boundClasses: [BoundClass] = []
    var boundClassIndexByName: [String: Int] = [:]
    var boundClassIndexBySwiftClass: [ObjectIdentifier: Int] = [:]
    /// Registry references of the identity and roots tables (see installRegistryTables).
    private(set) var identityTableReference: Int32 = LUA_NOREF
    private(set) var rootsTableReference: Int32 = LUA_NOREF
    private(set) var pendingDeinitsReference: Int32 = LUA_NOREF
    /// Instances of Lua classes that define `deinit` made and not yet deinitialised: while
    /// there are any, each turn ends with a full collection (ObjectIdentity.swift, "deinit").
    var objectsAwaitingDeinit = 0
    /// Custom detents made without an identifier, numbered for theirs (Sheets.swift).
    var customDetentCount = 0
    /// Swift memory behind userdata made since the collector was last told (ObjectIdentity.swift).
    var hostBytesSinceStep = 0
    /// Userdata made since the last sweep, and how many objects that sweep walked: a sweep
    /// waits until the first is half the second (ObjectIdentity.swift).
    var userdataMadeSinceSweep = 0
    var objectsAtLastSweep = 0
    var isClosing = false
    /// Directories `require` may load from, in order.
    public var moduleDirectories: [URL] = []
    /// Directories besides those that `transit.image` may read (`--allow-read DIR`).
    public var readableDirectories: [URL] = []
    /// Every Lua file this state has read (scene, effect, required modules), in order, including
    /// ones that failed to load: what `transit watch` watches.
    public private(set) var loadedFiles: [URL] = []
    /// The files a `require` that found nothing looked for, in order: `watch` watches them too,
    /// so creating the module reloads.
    public internal(set) var missingModuleFiles: [URL] = []
    /// The error a host function raised last, kept to give its text back its parts when a
    /// protected call catches it (ScriptErrors.swift).
    var raisedError: ScriptError?
    /// Set by `transit.wait` for the scene runner.
    var pendingWait: Double?
    /// The effect given on the command line, once loaded (`transit.effect`).
    public internal(set) var effectReference: Int32 = LUA_NOREF
    /// Lines printed by scripts go here (stdout by default; tests capture them).
    /// Unbuffered, so a log line shows even if the run later hangs or crashes.
    public var output: (String) -> Void = { FileHandle.standardOutput.write(Data(($0 + "\n").utf8)) }
    /// What `transit.expect` was told, in order (Expectations.swift).
    public internal(set) var expectations: [Expectation] = []
    /// The pixels of the UIImage values alive, by id (Transit.swift).
    var images: [Int: ImageContent] = [:]
    var nextImageID = 0
    /// Decodes PNG files for `transit.image` (provided by the tool: TransitLua does no I/O codecs).
    public var imageLoader: ((URL) throws -> ImageContent)?
    /// When set, the files the scene loads are read through it (recorded, or replayed from an
    /// earlier run of the same version); the image loader reads through it too (SceneSession).
    public var fileRecord: FileRecord?
    /// True while the scene coroutine runs, so `transit.wait` yields.
    var sceneIsRunning = false
    /// The scene's coroutine while it runs: only its own code may yield to the host (a
    /// coroutine the script made inside the scene would swallow the wait).
    var sceneThread: OpaquePointer?
    /// The latest virtual time the running scene may wait until (its start + 600 s).
    var sceneDeadline: Double?
    /// Set by `transit.repl()` for the scene runner (a breakpoint).
    var pendingBreakpoint = false
    /// Whether the last `runScene` stopped at a `transit.repl()` breakpoint.
    public internal(set) var stoppedAtBreakpoint = false
    /// The REPL's reload generations and re-opened classes (HotSwap.swift).
    let hotSwap = HotSwapState()
    lazy var screenObject = ScreenObject(world: world)
    lazy var deviceObject = DeviceObject(world: world)
    lazy var mainQueue = DispatchQueueObject(world: world)
    lazy var mainRunLoop = RunLoopObject(world: world)

    public init(world: World, options: Options = Options()) throws {
        self.world = world
        self.options = options
        limits = UnsafeMutablePointer<transit_Limits>.allocate(capacity: 1)
        limits.initialize(to: transit_Limits())
        limits.pointee.limit = options.memoryLimit
        limits.pointee.hostUsed = UnsafePointer(OpaquePointer(world.hostMemory.bytes))
        guard let state = transit_newstate(limits) else {
            limits.deallocate()
            throw RuntimeError.stateUnavailable
        }
        servedThread = UnsafeMutablePointer<OpaquePointer>.allocate(capacity: 1)
        servedThread.initialize(to: state)
        mainState = state
        api = TransitAPI.description
        transit_extraspace(L).pointee = Unmanaged.passUnretained(self).toOpaque()
        guard transit_openlibs(L, options.unsafe ? 1 : 0) == LUA_OK else {
            let message = string(at: -1) ?? "?"
            throw RuntimeError.librariesUnavailable(reason: message)
        }
        if let scripts = options.scriptsDirectory { moduleDirectories.append(scripts) }
        installRegistryTables()
        installClasses()
        try runPrelude()
        limits.pointee.budgetTotal = options.budget
        world.scripting = self
        world.systemStyles = self
    }

    deinit {
        isClosing = true
        world.scripting = nil
        lua_close(mainState)
        limits.deinitialize(count: 1)
        limits.deallocate()
        servedThread.deallocate()
    }

    /// The runtime owning a state, from its extra space.
    static func from(_ L: OpaquePointer?) -> LuaRuntime {
        Unmanaged<LuaRuntime>.fromOpaque(transit_extraspace(L)!.pointee!).takeUnretainedValue()
    }

    /// Runs a host function's body against the thread that called it. The runtime is borrowed
    /// from the state's extra space without retaining it: the state cannot outlive it.
    @inline(__always)
    static func serving<T>(_ L: OpaquePointer?, _ body: (LuaRuntime) -> T) -> T {
        Unmanaged<LuaRuntime>.borrow(transit_extraspace(L)!.pointee!) { runtime in
            let saved = runtime.L
            runtime.L = L!
            defer { runtime.L = saved }
            return body(runtime)
        }
    }

    /// `scripts/` next to the package this binary was built from, or `TRANSIT_PATH`.
    public static var defaultScriptsDirectory: URL? {
        if let path = ProcessInfo.processInfo.environment["TRANSIT_PATH"], !path.isEmpty {
            return URL(fileURLWithPath: path)
        }
        let source = URL(fileURLWithPath: #filePath)
        let root = source.deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        return root.appendingPathComponent("scripts")
    }

    // MARK: - Registry tables

    static let identityKey = "transit.identity"
    static let rootsKey = "transit.roots"
    static let valueMetatablesKey = "transit.values"

    private func installRegistryTables() {
        let registry = transit_registryindex()
        // Weak-valued: the same Swift object always maps to the same userdata while it lives.
        // Kept by reference (an integer key) and by name: pushing an object looks it up.
        lua_createtable(L, 0, 0)
        lua_createtable(L, 0, 1)
        lua_pushstring(L, "v")
        lua_setfield(L, -2, "__mode")
        lua_setmetatable(L, -2)
        lua_pushvalue(L, -1)
        identityTableReference = luaL_ref(L, registry)
        lua_setfield(L, registry, Self.identityKey)
        // Strong: the userdata of objects with state that the model may hand out again
        // (ObjectIdentity.swift), keyed by the object's address.
        lua_createtable(L, 0, 0)
        lua_pushvalue(L, -1)
        rootsTableReference = luaL_ref(L, registry)
        lua_setfield(L, registry, Self.rootsKey)
        // Strong: the userdata of Lua subclass instances found unreachable whose class defines
        // `deinit`, in the order they were found, until their deinit runs.
        lua_createtable(L, 0, 0)
        pendingDeinitsReference = luaL_ref(L, registry)
        transit_installgcsentinel(L)
        lua_createtable(L, 0, 0)
        lua_setfield(L, registry, Self.valueMetatablesKey)
    }

    // MARK: - Running code

    /// Loads a file as text; the chunk is left on the stack.
    func loadFile(_ url: URL) throws {
        let standardized = url.standardizedFileURL
        if !loadedFiles.contains(standardized) { loadedFiles.append(standardized) }
        guard var data = fileRecord?.read(url.path) ?? FileManager.default.contents(atPath: url.path) else {
            throw RuntimeError.unreadable(path: url.path)
        }
        // As Lua's own file loader does: skip a UTF-8 byte-order mark and a first "#" line
        // (keeping its newline, so line numbers stay right).
        if data.starts(with: [0xEF, 0xBB, 0xBF]) { data.removeFirst(3) }
        if data.first == UInt8(ascii: "#") {
            let end = data.firstIndex(of: UInt8(ascii: "\n")) ?? data.endIndex
            data.removeSubrange(data.startIndex..<end)
        }
        let shownPath = Self.displayPath(url)
        let status = data.withUnsafeBytes { bytes -> Int32 in
            transit_loadtext(L, bytes.baseAddress?.assumingMemoryBound(to: CChar.self), bytes.count, "@" + shownPath)
        }
        if status != LUA_OK {
            let message = string(at: -1) ?? "cannot load \(url.path)"
            transit_pop(L, 1)
            // A syntax error names its line in Lua's words; any other failure (memory) names
            // no place, so it gets the file. This is the one place Transit reads a location out
            // of a message: Lua's C API gives a parser error's line only as the text
            // "chunkname:line: reason" (lua_load has no lua_Debug to ask), and Transit chose the
            // chunk name, so exactly that known prefix is taken off once, here, into
            // ScriptError(location:, reason:). Nothing after this boundary reads the text again.
            guard status == LUA_ERRSYNTAX else { throw ScriptError("\(shownPath): \(message)") }
            throw ScriptError(syntaxError: message, chunk: shownPath)
        }
    }

    /// Shortens paths under the working directory, as error messages show them (and every
    /// command that names a file, so a path reads the same in both).
    public static func displayPath(_ url: URL) -> String {
        let cwd = FileManager.default.currentDirectoryPath + "/"
        let path = url.standardizedFileURL.path
        return path.hasPrefix(cwd) ? String(path.dropFirst(cwd.count)) : path
    }

    /// Runs a chunk of Lua source and returns its first result converted to a string.
    @discardableResult
    public func evaluate(_ source: String, chunkName: String = "=(transit)") throws -> String? {
        let top = lua_gettop(L)
        defer { lua_settop(L, top) }
        let status = source.withCString { transit_loadtext(L, $0, strlen($0), chunkName) }
        guard status == LUA_OK else { throw ScriptError(string(at: -1) ?? "syntax error") }
        guard transit_pcall(L, 0, 1) == LUA_OK else { throw takeError() }
        if lua_type(L, -1) == LUA_TNIL { return nil }
        return describe(at: -1)
    }

    /// Runs a file and leaves nothing on the stack; returns a reference to its first result (an
    /// effect's animator or delegate), or nil when it returned nothing or nil (a scene).
    public func runFile(_ url: URL) throws -> LuaValueReference? {
        try loadFile(url)
        let top = lua_gettop(L) - 1
        guard transit_pcall(L, 0, 1) == LUA_OK else {
            let error = takeError()
            lua_settop(L, top)
            throw error
        }
        defer { lua_settop(L, top) }
        if lua_type(L, -1) == LUA_TNIL { return nil }
        return LuaValueReference(runtime: self, index: -1)
    }

    /// The string at `index` without conversions that could raise.
    func string(at index: Int32) -> String? {
        guard lua_type(L, index) == LUA_TSTRING || lua_type(L, index) == LUA_TNUMBER else { return nil }
        var length = 0
        guard let pointer = transit_tostring(L, index, &length) else { return nil }
        return String(decoding: UnsafeRawBufferPointer(start: pointer, count: length), as: UTF8.self)
    }

    /// tostring(value), running __tostring protected.
    func describe(at index: Int32) -> String {
        if transit_ptolstring(L, index) == LUA_OK {
            let text = string(at: -1) ?? "?"
            transit_pop(L, 1)
            return text
        }
        transit_pop(L, 1)
        return "(\(String(cString: lua_typename(L, lua_type(L, index)))))"
    }

    /// "file.lua:12: " for the Lua code that called the running host function.
    func location(level: Int32 = 1) -> String {
        sourceLocation(level: level).map { "\($0): " } ?? ""
    }

    /// Collects garbage now (tests and the REPL).
    public func collectGarbage() {
        transit_collectgarbage(L)
    }

    public var memoryInUse: Int { limits.pointee.used }

    // MARK: - Interrupts

    /// Arms an interrupt: the running chunk stops at its next instruction (Ctrl-C).
    public func interrupt() { transit_interrupt(L) }
}

/// What stops a Lua runtime before any script runs: the state, its libraries, the sandbox's
/// prelude, a file to load. (A script's own error is a `ScriptError`; a bad call from Lua a
/// `LuaCallError`.)
public enum RuntimeError: Error, CustomStringConvertible, Equatable {
    /// lua_newstate returned nothing (out of memory).
    case stateUnavailable
    /// luaL_openlibs (or Transit's additions) raised `reason`.
    case librariesUnavailable(reason: String)
    /// The scene's coroutine could not be made (out of memory).
    case coroutineUnavailable
    /// Transit's scripts directory (nil: none found) has no system/prelude.lua.
    case preludeMissing(scriptsDirectory: String?)
    /// A file to load is missing or unreadable.
    case unreadable(path: String)

    public var description: String {
        switch self {
        case .stateUnavailable: return "cannot create a Lua state"
        case .librariesUnavailable(let reason): return "cannot open the Lua libraries: \(reason)"
        case .coroutineUnavailable: return "cannot create the scene coroutine"
        case .preludeMissing(let directory):
            return "cannot find the sandbox prelude system/prelude.lua in Transit's scripts directory \(directory ?? "(none)"); set TRANSIT_PATH to the scripts directory of Transit's source tree"
        case .unreadable(let path): return "cannot read \(path): no such file or not readable"
        }
    }
}

/// A Lua value kept alive in the registry for the host (callbacks, protocol objects, the effect).
public final class LuaValueReference: ScriptObject {
    weak var runtime: LuaRuntime?
    let reference: Int32
    public let typeName: String

    init(runtime: LuaRuntime, index: Int32) {
        self.runtime = runtime
        let L = runtime.L
        typeName = String(cString: lua_typename(L, lua_type(L, index)))
        lua_pushvalue(L, index)
        reference = luaL_ref(L, transit_registryindex())
    }

    deinit {
        guard let runtime, !runtime.isClosing else { return }
        luaL_unref(runtime.L, transit_registryindex(), reference)
    }

    func push() {
        guard let runtime else { return }
        lua_rawgeti(runtime.L, transit_registryindex(), lua_Integer(reference))
    }

    public var scriptDescription: String {
        guard let runtime else { return typeName }
        let L = runtime.L
        let top = lua_gettop(L)
        defer { lua_settop(L, top) }
        push()
        // A class-like table names itself with __name (looked up protected: __index may fail).
        if lua_type(L, -1) == LUA_TTABLE, transit_pgetfield(L, -1, "__name") == LUA_OK, let name = runtime.string(at: -1) {
            return name
        }
        return typeName == "table" ? "Lua table" : typeName
    }
}
