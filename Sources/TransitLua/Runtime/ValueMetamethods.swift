import CLua
import TransitCore

// Metamethods of value classes (CGRect, UIColor, ...): methods and computed fields, `==` by
// value, and `tostring`.

/// Values: `value.key` reaches methods (class table) and computed fields (getters).
func indexValue(_ L: OpaquePointer?) -> Int32 {
    guarded(L) { runtime in
        lua_pushvalue(L, 2)
        if lua_rawget(L, transit_upvalueindex(3)) != LUA_TNIL { return 1 }
        transit_pop(L, 1)
        lua_pushvalue(L, 2)
        if lua_rawget(L, transit_upvalueindex(2)) == LUA_TLIGHTUSERDATA, let pointer = lua_touserdata(L, -1) {
            transit_pop(L, 1)
            try Unmanaged<PropertyEntry>.borrow(pointer) { entry in
                var call = HostCall(runtime: runtime, site: entry, base: 2)
                try entry.getter(&call, valueHolder)
            }
            return 1
        }
        transit_pop(L, 1)
        // A UIKit spelling of one of the value's methods (`transform:scaledByX`): its message.
        lua_pushvalue(L, 2)
        if lua_type(L, transit_upvalueindex(4)) == LUA_TTABLE, lua_rawget(L, transit_upvalueindex(4)) == LUA_TSTRING {
            throw LuaCallError(runtime.string(at: -1) ?? "")
        }
        return 0
    }
}

/// Getters of value classes read `self` from stack index 1; they receive this placeholder.
final class ValueHolder {}
nonisolated(unsafe) private let valueHolder = ValueHolder()

func valueEquals(_ L: OpaquePointer?) -> Int32 {
    LuaRuntime.serving(L) { runtime in valueEqualsBody(L, runtime) }
}

func valueEqualsBody(_ L: OpaquePointer?, _ runtime: LuaRuntime) -> Int32 {
    guard let name = runtime.valueClassName(at: 1), runtime.valueClassName(at: 2) == name else {
        lua_pushboolean(L, 0)
        return 1
    }
    let equal: Bool
    if let type = BridgedValues.byName[name] {
        equal = type.equal(runtime, 1, 2)
    } else if name == "DispatchTime" {
        equal = runtime.readDispatchTime(at: 1) == runtime.readDispatchTime(at: 2)
    } else {
        equal = lua_rawequal(L, 1, 2) != 0
    }
    lua_pushboolean(L, equal ? 1 : 0)
    return 1
}

func valueToString(_ L: OpaquePointer?) -> Int32 {
    LuaRuntime.serving(L) { runtime in valueToStringBody(L, runtime) }
}

func valueToStringBody(_ L: OpaquePointer?, _ runtime: LuaRuntime) -> Int32 {
    let name = runtime.valueClassName(at: 1) ?? "value"
    var text = name
    if let type = BridgedValues.byName[name] {
        text = type.describe(runtime, at: 1)
    } else if name == "DispatchTime" {
        text = "DispatchTime(" + (runtime.readDispatchTime(at: 1).map { formatNumber(Double($0) / 1e9) + " s" } ?? "?") + ")"
    } else if lua_getmetatable(L, 1) != 0 {
        lua_pushstring(L, "__describe"); lua_rawget(L, -2)
        if let described = runtime.string(at: -1) { text = described }
        transit_pop(L, 2)
    }
    lua_pushstring(L, text)
    return 1
}

/// `__index` of a value class table (upvalue 2: the prototypes of its value constants): a copy
/// of the constant, with the prototype's metatable, so every read is a value of its own.
func copyValueConstant(_ L: OpaquePointer?) -> Int32 {
    lua_pushvalue(L, 2)
    let found = lua_rawget(L, transit_upvalueindex(2))
    // A string: a static Transit lacks or spells otherwise (`CGAffineTransform.scaleX`).
    if found == LUA_TSTRING { return raiseUnavailable(L!) }
    guard found == LUA_TTABLE else { return 0 }
    let prototype = lua_gettop(L)
    lua_createtable(L, 0, 4)
    let copy = lua_gettop(L)
    lua_pushnil(L)
    while lua_next(L, prototype) != 0 {
        lua_pushvalue(L, -2)
        lua_rotate(L, -2, 1)
        lua_rawset(L, copy)
    }
    if lua_getmetatable(L, prototype) != 0 { lua_setmetatable(L, copy) }
    return 1
}
