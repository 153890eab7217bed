import CLua
import TransitCore

// Values cross as plain Lua tables with a metatable (value semantics: every read returns a
// fresh copy, as Swift structs do). The geometry and colour types are registered once in
// BridgedValue.swift; this file holds what all value classes share and the model's values.

extension LuaRuntime {
    /// Pushes the metatable of a value class (created by the bindings).
    func pushValueMetatable(_ name: String) {
        lua_getfield(L, transit_registryindex(), Self.valueMetatablesKey)
        lua_getfield(L, -1, name)
        transit_remove(L, -2)
    }

    /// A new table of value class `name` with numeric fields.
    func pushValue(_ name: String, _ fields: [(String, Double)]) {
        lua_createtable(L, 0, Int32(fields.count))
        for (key, value) in fields {
            lua_pushnumber(L, value)
            lua_setfield(L, -2, key)
        }
        pushValueMetatable(name)
        lua_setmetatable(L, -2)
    }

    /// The value class name of the table at `index` (its metatable's __name), if any.
    func valueClassName(at index: Int32) -> String? {
        guard lua_type(L, index) == LUA_TTABLE, lua_getmetatable(L, index) != 0 else { return nil }
        lua_pushstring(L, "__name")
        lua_rawget(L, -2)
        let name = string(at: -1)
        transit_pop(L, 2)
        return name
    }

    // MARK: - Script values

    /// Pushes a model value for a hook argument.
    func push(_ value: ScriptValue) {
        switch value {
        case .none: lua_pushnil(L)
        case .boolean(let b): lua_pushboolean(L, b ? 1 : 0)
        case .number(let n): lua_pushnumber(L, n)
        case .string(let s): lua_pushstring(L, s)
        case .point(let p): push(p)
        case .size(let s): push(s)
        case .rect(let r): push(r)
        case .vector(let v): push(v)
        case .transform2D(let t): push(t)
        case .transform3D(let t): push(t)
        case .color(let c): push(c)
        case .object(let o): push(o)
        case .index(let i): lua_pushinteger(L, lua_Integer(i + 1))
        case .indexPath(let p): push(LuaIndexPath(p))
        }
    }

    /// Converts a hook's result to a model value.
    func scriptValue(at index: Int32) -> ScriptValue {
        switch lua_type(L, index) {
        case LUA_TNIL, LUA_TNONE: return .none
        case LUA_TBOOLEAN: return .boolean(lua_toboolean(L, index) != 0)
        case LUA_TNUMBER: return .number(lua_tonumberx(L, index, nil))
        case LUA_TSTRING: return .string(string(at: index) ?? "")
        case LUA_TUSERDATA: return object(at: index).map { .object($0) } ?? .none
        case LUA_TTABLE:
            if let name = valueClassName(at: index), let type = BridgedValues.byName[name] {
                guard let read = type.scriptValue(self, at: index) else { return .none }
                if let value = read { return value }
            }
            return .object(LuaValueReference(runtime: self, index: index))
        default:
            return .object(LuaValueReference(runtime: self, index: index))
        }
    }
}
