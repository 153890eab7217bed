import CLua

// The class chain, walked in one place. A host object's own table has as metatable its Lua
// class's `__instance` table, whose `__index` is the class; a class table's metatable `__index`
// is its base (a Lua class or a bound class table, marked `__bound`). Classes also name their
// base in `super`. Every lookup that climbs classes goes through here.

enum ClassChain {
    /// Looks the key at `keyIndex` up raw in the table on top of the stack, then in each table
    /// reached through `getmetatable(t).__index` while that is a table. `functionsOnly` skips
    /// values that are not functions (hooks); `stopAtBoundClass` ends the walk at the first
    /// bound class table (overrides come from scripts, never from the bound classes).
    /// Replaces the table with the value found and returns true, or pops it and returns false.
    static func lookup(_ L: OpaquePointer, keyAt keyIndex: Int32, functionsOnly: Bool, stopAtBoundClass: Bool) -> Bool {
        // Real chains are a few classes deep; a script can make one loop (`rawset(S, "super",
        // S)`, `setmetatable(S, {__index = S})`): past this many steps the key is not found.
        for _ in 0..<Self.maximumDepth {
            lua_pushvalue(L, keyIndex)
            let type = lua_rawget(L, -2)
            if functionsOnly ? type == LUA_TFUNCTION : type != LUA_TNIL {
                transit_remove(L, -2)
                return true
            }
            transit_pop(L, 1)
            guard lua_getmetatable(L, -1) != 0 else { transit_pop(L, 1); return false }
            lua_pushstring(L, "__index")
            lua_rawget(L, -2)
            transit_remove(L, -2)   // metatable
            transit_remove(L, -2)   // previous table
            guard lua_type(L, -1) == LUA_TTABLE else { transit_pop(L, 1); return false }
            if stopAtBoundClass && isBoundClassTable(L, at: -1) { transit_pop(L, 1); return false }
        }
        transit_pop(L, 1)
        return false
    }

    /// How many steps a walk up a class chain takes before it gives up: far more than any real
    /// hierarchy, few enough that a cycle a script made costs nothing noticeable.
    static let maximumDepth = 64

    static func isBoundClassTable(_ L: OpaquePointer, at index: Int32) -> Bool {
        lua_pushstring(L, "__bound")
        lua_rawget(L, index < 0 ? index - 1 : index)
        defer { transit_pop(L, 1) }
        return lua_toboolean(L, -1) != 0
    }

    /// Climbs `super` from the class table at `index` to the bound class it descends from:
    /// its name, and the name of the Lua class nearest to `index` (nil when `index` is bound).
    static func boundBase(_ runtime: LuaRuntime, ofClassAt index: Int32) -> (bound: String, script: String?)? {
        let L = runtime.L
        lua_pushvalue(L, index)
        defer { transit_pop(L, 1) }
        var scriptName: String?
        // A bound class is reached in a few steps; the limit guards against a `super` cycle.
        for _ in 0..<Self.maximumDepth {
            guard lua_type(L, -1) == LUA_TTABLE else { return nil }
            lua_pushstring(L, "__name")
            lua_rawget(L, -2)
            let name = runtime.string(at: -1)
            transit_pop(L, 1)
            if isBoundClassTable(L, at: -1) { return name.map { ($0, scriptName) } }
            if scriptName == nil { scriptName = name }
            lua_pushstring(L, "super")
            lua_rawget(L, -2)
            transit_remove(L, -2)
        }
        return nil
    }
}
