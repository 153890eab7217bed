import CLua
import TransitCore

// The rules for names a bound class does not have (docs/semantics.md, "Safety net"):
//
// - Assigning an unknown key on an instance of a built-in class is an error with a suggestion:
//   Swift would refuse `view.alpah = 0` at compile time, and a silently kept field is a typo
//   that animates nothing. Hook names may be assigned a function (an override on the instance);
//   instances of Lua subclasses keep free fields (`self.dimmingView = v`).
// - Reading a well-known UIKit member Transit lacks raises "X.name is not available in
//   Transit" (the markers sit in the class's getter table: a raw lookup on the miss path).
// - Reading a near miss of a real member on a built-in instance raises with a suggestion;
//   anything else reads as nil, so `if object.someOptionalThing then` keeps working, and on
//   Lua subclass instances every unknown field reads as nil (it may simply be unset).

extension LuaRuntime {
    /// The bound class of our userdata at `index`.
    func knownMembers(ofObjectAt index: Int32) -> KnownMembers? {
        guard let box = objectBox(at: index) else { return nil }
        return KnownMembers.byClass[boundClasses[box.pointee.boundClass].name]
    }

    /// Whether the userdata at `index` is an instance of a Lua subclass (`Card.new()`).
    func isSubclassInstance(at index: Int32) -> Bool {
        guard let raw = objectBox(at: index)?.pointee.object else { return false }
        return Unmanaged<AnyObject>.borrow(raw) { object in
            guard let host = object as? HostObject else { return false }
            return host.scriptClassName != nil && !host.isSystemObject
        }
    }

    /// `object[key] = value` where `key` is no property of the object's class (stack: object,
    /// key, value at 1, 2, 3): returns when the object may keep it in its own table, else throws.
    func checkFreeFieldAssignment() throws {
        guard let known = knownMembers(ofObjectAt: 1) else { return }
        let keyIsString = lua_type(L, 2) == LUA_TSTRING
        let name = keyIsString ? string(at: 2) ?? "" : ""
        if keyIsString, let owner = known.unavailable[name] { throw LuaCallError(Self.unavailableMessage(owner, name)) }
        if isSubclassInstance(at: 1) { return }
        let className = known.className
        if keyIsString && known.hooks.contains(name) {
            let type = lua_type(L, 3)
            guard type == LUA_TFUNCTION || type == LUA_TNIL else {
                throw LuaCallError("\(className).\(name) is a hook: assign a function that overrides it, or nil (got \(typeDescription(at: 3)))")
            }
            return
        }
        let keep = known.isSubclassable
            ? "To keep your own data on \(known.noun), subclass it (\(className):subclass(\"Name\"))"
            : "To keep your own data about \(known.noun), use a table of your own"
        guard keyIsString else {
            throw LuaCallError("\(className) has no property \(describeKey(at: 2)). \(keep)")
        }
        if known.methods.contains(name) {
            throw LuaCallError("\(className).\(name) is a method and cannot be assigned on \(known.noun). To override it, subclass \(className)")
        }
        let hint = NearMiss.suggestion(for: name, among: known.assignable).map { "; did you mean \"\($0)\"?" } ?? "."
        throw LuaCallError("\(className) has no property \"\(name)\"\(hint) \(keep)")
    }

    /// `object[key]` found nothing (stack: object, key at 1, 2): nil, or an error when a plain
    /// built-in instance is asked for a near miss of one of its members.
    func missingMember() throws -> Int32 {
        guard lua_type(L, 2) == LUA_TSTRING, !isSubclassInstance(at: 1), let known = knownMembers(ofObjectAt: 1),
              let name = string(at: 2), !KnownMembers.allHooks.contains(name),
              let suggestion = NearMiss.suggestion(for: name, among: known.members) else { return 0 }
        throw LuaCallError("\(known.className) has no member \"\(name)\"; did you mean \"\(suggestion)\"?")
    }

    /// Whether a global named `name` is Apple's (UIKit, Core Animation, Foundation, Core
    /// Graphics: `UI`, `CA`, `NS` or `CG` and then a capital letter), so reading it when Transit
    /// does not define it is a port meeting something Transit lacks, never a nil to test.
    static func isApplePrefixedGlobal(_ name: String) -> Bool {
        let utf8 = Array(name.utf8.prefix(3))
        guard utf8.count == 3, (65...90).contains(utf8[2]) else { return false }
        switch (utf8[0], utf8[1]) {
        case (85, 73), (67, 65), (78, 83), (67, 71): return true  // UI, CA, NS, CG
        default: return false
        }
    }

    static func unavailableMessage(_ owner: String, _ name: String) -> String {
        "\(owner).\(name) is not available in Transit"
    }

    private func describeKey(at index: Int32) -> String {
        switch lua_type(L, index) {
        case LUA_TNUMBER: return "[\(formatNumber(lua_tonumberx(L, index, nil)))] (only names of properties can be assigned)"
        default: return "keyed by a \(typeDescription(at: index)) (only names of properties can be assigned)"
        }
    }
}

extension LuaRuntime {
    /// Gives the global table an `__index` that raises for the UIKit classes Transit lacks
    /// (every other unknown global still reads as nil).
    func installUnavailableClassGlobals() {
        _ = transit_pushglobaltable(L)
        lua_createtable(L, 0, 1)
        lua_createtable(L, 0, Int32(api.unavailableClasses.count))
        for name in api.unavailableClasses {
            lua_pushstring(L, "\(name) is not available in Transit")
            lua_setfield(L, -2, name)
        }
        transit_pushhostfunction(L, { L in indexUnavailableGlobal(L) }, 1)
        lua_setfield(L, -2, "__index")
        lua_setmetatable(L, -2)
        transit_pop(L, 1)
    }
}

/// `_G.name` found nothing (upvalue: name → message for UIKit classes Transit lacks): the
/// listed classes, and any other name with Apple's prefixes, are not available; everything else
/// reads as nil. Globals a script assigns are raw fields of the table and never get here.
private func indexUnavailableGlobal(_ L: OpaquePointer?) -> Int32 {
    let L = L!
    lua_pushvalue(L, 2)
    if lua_rawget(L, transit_upvalueindex(2)) == LUA_TSTRING { return raiseUnavailable(L) }
    transit_pop(L, 1)
    guard lua_type(L, 2) == LUA_TSTRING else { return 0 }
    return guarded(L) { runtime in
        guard let name = runtime.string(at: 2), LuaRuntime.isApplePrefixedGlobal(name) else { return 0 }
        throw LuaCallError("\(name) is not available in Transit")
    }
}

/// Raises the unavailable-member message found in a class's getter table (at the top).
func raiseUnavailable(_ L: OpaquePointer) -> Int32 {
    guarded(L) { runtime in
        let message = runtime.string(at: -1) ?? "this member is not available in Transit"
        throw LuaCallError(message)
    }
}
