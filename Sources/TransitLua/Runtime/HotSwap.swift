import CLua
import Foundation
import TransitCore

// reload(): a file is run again and its new code patched into the live world, lume.hotswap
// style. Classes made with `Base:subclass("Name")` are re-opened while the file reloads: the
// new code defines its methods into the existing class table, so objects made before keep
// their identity and state and get the new methods. A load or run-time error puts every
// re-opened class back as it was.
//
// Callbacks the host stored (UIView.animate completions, coordinator blocks, ...) were made by
// a version of the code; after a reload, one made by the previous version of a reloaded file
// is never called (its code may no longer fit the objects): it is skipped with a note.

/// The REPL's reload bookkeeping, one per runtime.
final class HotSwapState {
    /// Bumped by every reload that ran; callbacks remember the generation they were stored in.
    var generation = 0
    /// Chunk source ("@fade.lua") → the generation of its latest successful reload.
    var reloadedSources: [String: Int] = [:]
    /// True while a reloaded file's top-level code runs: `subclass` re-opens classes then.
    var isReloading = false
    /// Names of the classes re-opened by the running reload, and notes about ones that could not be.
    var reopened: [String] = []
    var notes: [String] = []
    /// Callbacks skipped since the REPL last asked (for tests and messages).
    var skippedCallbacks: [String] = []
}

/// What a reload did, for the REPL to print.
public struct ReloadReport: Equatable {
    public var file: String
    /// Classes whose methods were replaced in place.
    public var patchedClasses: [String]
    /// Whether the value the file returned was patched into the previous one (a table or object).
    public var patchedValue: Bool
    /// Things the reader should know (a class whose base changed, ...).
    public var notes: [String]
}

/// Where the host got a stored callback from, to name it in a note.
enum CallbackOrigin {
    case argument(function: String, index: Int)
    case option(function: String, key: String)
}

extension LuaRuntime {
    static let subclassesKey = "transit.subclasses"
    static let reloadSnapshotsKey = "transit.reloadSnapshots"
    static let moduleValuesKey = "transit.moduleValues"

    // MARK: - Classes

    /// Records a class made by `subclass` (at `index`) under its name, for later reloads.
    func registerSubclass(at index: Int32, named name: String) {
        let index = lua_absindex(L, index)
        pushRegistryTable(Self.subclassesKey)
        lua_pushvalue(L, index)
        lua_setfield(L, -2, name)
        transit_pop(L, 1)
    }

    /// During a reload, `Base:subclass(name)` for a class that exists with the same base pushes
    /// that class, emptied of its methods (the reloaded code defines them again), and returns
    /// true. The class's contents are saved first, for a reload that fails.
    func reopenSubclass(named name: String, baseAt baseIndex: Int32) -> Bool {
        guard hotSwap.isReloading else { return false }
        let baseIndex = lua_absindex(L, baseIndex)
        pushRegistryTable(Self.subclassesKey)
        guard lua_getfield(L, -1, name) == LUA_TTABLE else { transit_pop(L, 2); return false }
        transit_remove(L, -2)
        let cls = lua_gettop(L)
        lua_pushstring(L, "super")
        lua_rawget(L, cls)
        let sameBase = lua_rawequal(L, -1, baseIndex) != 0
        transit_pop(L, 1)
        guard sameBase else {
            transit_pop(L, 1)
            hotSwap.notes.append("\(name)'s base class changed: objects made before the reload keep the previous class")
            return false
        }
        // Save once per reload, then drop the old methods (a method the new version deleted
        // must not linger); `new` is the host's constructor and stays.
        pushRegistryTable(Self.reloadSnapshotsKey)
        lua_pushvalue(L, cls)
        if lua_rawget(L, -2) == LUA_TNIL {
            transit_pop(L, 1)
            lua_pushvalue(L, cls)
            copyTable(at: cls)
            lua_rawset(L, -3)
        } else {
            transit_pop(L, 1)
        }
        transit_pop(L, 1)
        removeFunctions(from: cls, keeping: ["new"])
        if !hotSwap.reopened.contains(name) { hotSwap.reopened.append(name) }
        return true
    }

    /// Pushes a shallow copy of the table at `index` (raw).
    private func copyTable(at index: Int32) {
        let index = lua_absindex(L, index)
        lua_createtable(L, 0, 0)
        lua_pushnil(L)
        while lua_next(L, index) != 0 {
            lua_pushvalue(L, -2)
            lua_rotate(L, -2, 1)
            lua_rawset(L, -4)
        }
    }

    @discardableResult
    private func removeFunctions(from index: Int32, keeping: Set<String>) -> Int {
        let index = lua_absindex(L, index)
        var keys: [String] = []
        lua_pushnil(L)
        while lua_next(L, index) != 0 {
            if lua_type(L, -1) == LUA_TFUNCTION, lua_type(L, -2) == LUA_TSTRING, let key = string(at: -2), !keeping.contains(key) {
                keys.append(key)
            }
            transit_pop(L, 1)
        }
        for key in keys {
            lua_pushstring(L, key)
            lua_pushnil(L)
            lua_rawset(L, index)
        }
        return keys.count
    }

    /// Puts every class re-opened by a failed reload back as it was.
    private func restoreReopenedClasses() {
        pushRegistryTable(Self.reloadSnapshotsKey)
        let snapshots = lua_gettop(L)
        lua_pushnil(L)
        while lua_next(L, snapshots) != 0 {
            // key: class table, value: its saved contents.
            let saved = lua_gettop(L), cls = saved - 1
            // Empty the class, then copy the saved fields back.
            lua_createtable(L, 0, 0)
            let doomed = lua_gettop(L)
            var count: lua_Integer = 0
            lua_pushnil(L)
            while lua_next(L, cls) != 0 {
                transit_pop(L, 1)
                count += 1
                lua_pushvalue(L, -1)
                lua_rawseti(L, doomed, count)
            }
            if count > 0 {
                for i in 1...count {
                    lua_rawgeti(L, doomed, i)
                    lua_pushnil(L)
                    lua_rawset(L, cls)
                }
            }
            transit_pop(L, 1)
            lua_pushnil(L)
            while lua_next(L, saved) != 0 {
                lua_pushvalue(L, -2)
                lua_rotate(L, -2, 1)
                lua_rawset(L, cls)
            }
            transit_pop(L, 1)  // saved; the class stays as the key for lua_next
        }
        transit_pop(L, 1)
    }

    private func pushRegistryTable(_ key: String) {
        if lua_getfield(L, transit_registryindex(), key) != LUA_TTABLE {
            transit_pop(L, 1)
            lua_createtable(L, 0, 0)
            lua_pushvalue(L, -1)
            lua_setfield(L, transit_registryindex(), key)
        }
    }

    // MARK: - Module values

    /// Remembers what a file returned (an effect), so a reload can patch it.
    func rememberModuleValue(at index: Int32, for file: URL) {
        let index = lua_absindex(L, index)
        pushRegistryTable(Self.moduleValuesKey)
        lua_pushvalue(L, index)
        lua_setfield(L, -2, Self.displayPath(file))
        transit_pop(L, 1)
    }

    /// Copies the functions of the new value's own table into the old one's (a plain table
    /// delegate, or the own table of a host object), dropping functions the new one lacks.
    /// Returns whether there was something to patch.
    private func patchValue(old oldIndex: Int32, new newIndex: Int32) -> Bool {
        let oldIndex = lua_absindex(L, oldIndex), newIndex = lua_absindex(L, newIndex)
        if lua_rawequal(L, oldIndex, newIndex) != 0 { return false }
        let top = lua_gettop(L)
        defer { lua_settop(L, top) }
        func pushOwnTable(_ index: Int32) -> Bool {
            switch lua_type(L, index) {
            case LUA_TTABLE:
                // Class tables are re-opened by name, not patched as values.
                lua_pushstring(L, "__instance")
                let isClass = lua_rawget(L, index) != LUA_TNIL
                transit_pop(L, 1)
                if isClass { return false }
                lua_pushvalue(L, index)
                return true
            case LUA_TUSERDATA:
                guard object(at: index) != nil else { return false }
                return pushObjectTable(at: index, create: true)
            default:
                return false
            }
        }
        guard pushOwnTable(oldIndex) else { return false }
        let oldTable = lua_gettop(L)
        guard pushOwnTable(newIndex) else { return false }
        let newTable = lua_gettop(L)
        let removed = removeFunctions(from: oldTable, keeping: [])
        var copied = 0
        lua_pushnil(L)
        while lua_next(L, newTable) != 0 {
            if lua_type(L, -1) == LUA_TFUNCTION {
                lua_pushvalue(L, -2)
                lua_rotate(L, -2, 1)
                lua_rawset(L, oldTable)
                copied += 1
            } else {
                transit_pop(L, 1)
            }
        }
        // An object whose methods all live in its class has nothing of its own to patch.
        return removed + copied > 0
    }

    // MARK: - Reload

    /// Runs `file` again and patches its new code into the live classes and its previous
    /// value. On a load or run-time error nothing changes and the error is thrown.
    public func reload(_ file: URL) throws -> ReloadReport {
        guard L == mainState else { throw ScriptError("reload: call it from the prompt, not inside a coroutine") }
        return try withHostAllocation { try reloadOnMainState(file) }
    }

    private func reloadOnMainState(_ file: URL) throws -> ReloadReport {
        let top = lua_gettop(L)
        defer { lua_settop(L, top) }
        try loadFile(file)   // a syntax error changes nothing
        hotSwap.generation += 1
        hotSwap.isReloading = true
        hotSwap.reopened = []
        hotSwap.notes = []
        lua_createtable(L, 0, 0)
        lua_setfield(L, transit_registryindex(), Self.reloadSnapshotsKey)
        let status = transit_pcall(L, 0, 1)
        hotSwap.isReloading = false
        finishInterruptibleRun()
        guard status == LUA_OK else {
            let error = takeError()
            restoreReopenedClasses()
            lua_pushnil(L)
            lua_setfield(L, transit_registryindex(), Self.reloadSnapshotsKey)
            throw error
        }
        lua_pushnil(L)
        lua_setfield(L, transit_registryindex(), Self.reloadSnapshotsKey)
        let path = Self.displayPath(file)
        hotSwap.reloadedSources["@" + path] = hotSwap.generation
        let newValue = lua_gettop(L)
        var patched = false
        pushRegistryTable(Self.moduleValuesKey)
        lua_getfield(L, -1, path)
        if lua_type(L, -1) != LUA_TNIL, lua_type(L, newValue) != LUA_TNIL {
            patched = patchValue(old: -1, new: newValue)
        } else if lua_type(L, newValue) != LUA_TNIL {
            rememberModuleValue(at: newValue, for: file)
        }
        return ReloadReport(file: path, patchedClasses: hotSwap.reopened, patchedValue: patched, notes: hotSwap.notes)
    }

    // MARK: - Stale callbacks

    /// The chunk source of the function at `index` ("@fade.lua"), nil for host functions.
    func functionSource(at index: Int32) -> String? {
        guard lua_type(L, index) == LUA_TFUNCTION else { return nil }
        lua_pushvalue(L, index)
        var record = lua_Debug()
        guard lua_getinfo(L, ">S", &record) != 0, let source = record.source else { return nil }
        let text = String(cString: source)
        return text.hasPrefix("@") ? text : nil
    }

    /// Whether a callback stored in `generation` from `source` belongs to a version of its file
    /// that a reload has replaced.
    func isStale(source: String?, generation: Int) -> Bool {
        guard let source, let reloadedAt = hotSwap.reloadedSources[source] else { return false }
        return generation < reloadedAt
    }

    /// Reports a skipped callback: printed and added to the trace.
    func noteSkippedCallback(source: String, origin: CallbackOrigin?) {
        let file = String(source.dropFirst())
        let role: String
        switch origin {
        case .option(let function, let key)?: role = "\(key == "completion" ? "completion" : "callback") (\(function) \(key))"
        case .argument(let function, let index)?:
            let name = parameterName(of: function, index)
            role = "\(name == "completion" ? "completion" : "callback") (\(function) \(name ?? "argument \(index)"))"
        case nil: role = "callback"
        }
        let note = "skipped a \(role) from the previous version of \(file)"
        hotSwap.skippedCallbacks.append(note)
        world.trace.note(time: world.now, turn: world.turn, note)
        output("reload: " + note)
    }

    private func parameterName(of function: String, _ index: Int) -> String? {
        guard let entry = hostFunctions.first(where: { $0.qualifiedName == function }),
              index >= 1, index <= entry.function.parameters.count else { return nil }
        return entry.function.parameters[index - 1].name
    }

    /// Callbacks skipped since the last call (tests).
    public func takeSkippedCallbacks() -> [String] {
        defer { hotSwap.skippedCallbacks = [] }
        return hotSwap.skippedCallbacks
    }
}
