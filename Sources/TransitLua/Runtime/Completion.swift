import CLua
import Foundation
import TransitCore

// Tab completion for the REPL: globals; fields after `.`; methods after `:`. Candidates come
// from the value itself (raw keys of a table, of an object's own table and of its Lua class
// chain), from the API description (properties, methods and hooks of bound classes) and from
// the transitioning protocols the engine calls into scripts. Completion reads everything raw:
// it never calls __index or a getter, so pressing Tab runs none of the script's code.

/// Hooks the transition engine looks up on script objects: the protocols of the API
/// description, whose names are TransitCore's `Hook` constants.
public enum TransitioningProtocols {
    public static var hooks: [(protocol: String, hooks: [String])] {
        LuaRuntime.apiDescription.protocols.map { ($0.name, $0.hooks.map(\.name)) }
    }

    public static var allHooks: [String] { hooks.flatMap(\.hooks) }
}

extension LuaRuntime {
    /// Completions of `prefix` (the expression before the cursor, e.g. `transit.wa` or
    /// `v:addSub`), each the whole expression completed, sorted.
    public func completions(for prefix: String) -> [String] {
        withHostAllocation { completionsOnStack(for: prefix) }
    }

    private func completionsOnStack(for prefix: String) -> [String] {
        let top = lua_gettop(L)
        defer { lua_settop(L, top) }
        guard let split = prefix.lastIndex(where: { $0 == "." || $0 == ":" }) else {
            return globalNames().filter { $0.hasPrefix(prefix) }.sorted()
        }
        let base = String(prefix[..<split])
        let separator = prefix[split]
        let partial = String(prefix[prefix.index(after: split)...])
        let path = base.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard !path.isEmpty, path.allSatisfy(Self.isIdentifier) else { return [] }
        guard pushRawPath(path) else { return [] }
        let names = memberNames(at: -1, methodsOnly: separator == ":")
        return names.filter { $0.hasPrefix(partial) && Self.isIdentifier($0) }
            .map { base + String(separator) + $0 }.sorted()
    }

    /// Global names and Lua's keywords.
    private func globalNames() -> Set<String> {
        _ = transit_pushglobaltable(L)
        var names = Set(Self.luaKeywords)
        names.formUnion(rawStringKeys(at: -1, functionsOnly: false))
        transit_pop(L, 1)
        // The prompt's helpers (present, render, ...) live in its environment, over the globals.
        if lua_getfield(L, transit_registryindex(), Self.replEnvironmentKey) == LUA_TTABLE {
            names.formUnion(rawStringKeys(at: -1, functionsOnly: false))
        }
        transit_pop(L, 1)
        return names
    }

    /// Follows `a.b.c` from the globals with raw reads (through an object's own table and its
    /// Lua class chain for userdata). Pushes the value and returns true, or pushes nothing.
    private func pushRawPath(_ path: [String]) -> Bool {
        _ = transit_pushglobaltable(L)
        for name in path {
            let container = lua_gettop(L)
            var found = false
            switch lua_type(L, container) {
            case LUA_TTABLE:
                found = pushRawMember(name, ofTableAt: container)
            case LUA_TUSERDATA:
                if lua_getiuservalue(L, container, 1) == LUA_TTABLE {
                    found = pushRawMember(name, ofTableAt: lua_gettop(L))
                    if found { transit_remove(L, -2) } else { transit_pop(L, 1) }
                } else {
                    transit_pop(L, 1)
                }
            default: break
            }
            guard found else { lua_settop(L, container - 1); return false }
            transit_remove(L, container)
        }
        return true
    }

    /// Pushes t[name] read raw along the table's chain of metatable `__index` tables.
    private func pushRawMember(_ name: String, ofTableAt index: Int32) -> Bool {
        lua_pushvalue(L, index)
        for _ in 0..<32 {
            lua_pushstring(L, name)
            if lua_rawget(L, -2) != LUA_TNIL { transit_remove(L, -2); return true }
            transit_pop(L, 1)
            guard pushIndexTable(of: -1) else { break }
            transit_remove(L, -2)
        }
        transit_pop(L, 1)
        return false
    }

    /// Pushes the metatable's `__index` when it is a table (raw); false pushes nothing.
    private func pushIndexTable(of index: Int32) -> Bool {
        guard lua_getmetatable(L, index) != 0 else { return false }
        lua_pushstring(L, "__index")
        lua_rawget(L, -2)
        transit_remove(L, -2)
        if lua_type(L, -1) == LUA_TTABLE { return true }
        transit_pop(L, 1)
        return false
    }

    /// Raw string keys of the table at `index` and of its `__index` chain.
    private func rawStringKeys(at index: Int32, functionsOnly: Bool, followChain: Bool = true) -> Set<String> {
        var names = Set<String>()
        lua_pushvalue(L, index)
        for _ in 0..<32 {
            let table = lua_gettop(L)
            lua_pushnil(L)
            while lua_next(L, table) != 0 {
                if lua_type(L, -2) == LUA_TSTRING, !functionsOnly || lua_type(L, -1) == LUA_TFUNCTION, let key = string(at: -2),
                   !key.hasPrefix("__") {
                    names.insert(key)
                }
                transit_pop(L, 1)
            }
            guard followChain, pushIndexTable(of: table) else { break }
            transit_remove(L, -2)
        }
        transit_pop(L, 1)
        return names
    }

    /// What may follow `value.` (or `value:` with `methodsOnly`).
    private func memberNames(at index: Int32, methodsOnly: Bool) -> Set<String> {
        let index = lua_absindex(L, index)
        var names = Set<String>()
        switch lua_type(L, index) {
        case LUA_TTABLE:
            names.formUnion(rawStringKeys(at: index, functionsOnly: methodsOnly))
            // A class table's value constants are made on each read (ClassInstallation.swift).
            lua_pushstring(L, "__name")
            if !methodsOnly, lua_rawget(L, index) == LUA_TSTRING, let name = string(at: -1), let cls = api.cls(name) {
                names.formUnion(cls.constants.map(\.name))
            }
            transit_pop(L, 1)
            if let valueClass = valueClassName(at: index), let cls = api.cls(valueClass), cls.isValue {
                names.formUnion(cls.methods.map(\.name))
                if !methodsOnly { names.formUnion(cls.properties.map(\.name)) }
            }
            // Lua classes, their tables of methods, and plain tables used as delegates may
            // implement the protocols' hooks.
            if !isBoundClassTable(at: index) {
                names.formUnion(TransitioningProtocols.allHooks)
                names.formUnion(hooksOfBoundBase(ofClassAt: index))
            }
        case LUA_TUSERDATA:
            guard let object = object(at: index) as? HostObject else { break }
            if lua_getiuservalue(L, index, 1) == LUA_TTABLE {
                names.formUnion(rawStringKeys(at: -1, functionsOnly: methodsOnly))
            }
            transit_pop(L, 1)
            let lineage = api.lineage(boundClassName(of: object))
            for cls in lineage {
                names.formUnion(cls.methods.map(\.name))
                names.formUnion(cls.hooks.map(\.name))
                if !methodsOnly { names.formUnion(cls.properties.map(\.name)) }
            }
            if object.scriptClassName != nil { names.formUnion(TransitioningProtocols.allHooks) }
        default:
            break
        }
        return names
    }

    private func isBoundClassTable(at index: Int32) -> Bool {
        ClassChain.isBoundClassTable(L, at: index)
    }

    /// Hooks of the bound class a Lua class descends from (UIPresentationController's
    /// `presentationTransitionWillBegin`, ...), found through `super` raw.
    private func hooksOfBoundBase(ofClassAt index: Int32) -> [String] {
        guard let base = ClassChain.boundBase(self, ofClassAt: index) else { return [] }
        return api.lineage(base.bound).flatMap { $0.hooks.map(\.name) }
    }
}
