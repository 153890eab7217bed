import CLua
import TransitCore

// NSObject's isKind(of:) and isMember(of:), and Class:isSubclass(of:), over the classes
// scripts see: bound classes (UIView, ...) and Lua subclasses (`Card = UIView:subclass("Card")`).
// A Lua class names its base in `super`; a bound class's ancestors are its API lineage.

extension TransitAPI {
    static func introspectionMethods() -> (methods: [APIFunction], functions: [APIFunction]) {
        let classParameter = parameter("class", .table, "a class table: UIView, or a Lua subclass")
        let methods = [
            method("isKind", [classParameter], returns: .boolean, "whether the object is an instance of the class or of a subclass of it (Swift isKind(of:))", of: HostObject.self) { call, _ in
                try call.checkClassTable(1)
                let runtime = call.runtime
                runtime.pushClassOfObject(at: 1)
                let isKind = runtime.classChain(startingAt: lua_gettop(call.L), contains: call.index(1))
                transit_pop(call.L, 1)
                call.push(isKind)
                return 1
            },
            method("isMember", [classParameter], returns: .boolean, "whether the object is an instance of exactly this class (Swift isMember(of:))", of: HostObject.self) { call, _ in
                try call.checkClassTable(1)
                call.runtime.pushClassOfObject(at: 1)
                let isMember = lua_rawequal(call.L, -1, call.index(1)) != 0
                transit_pop(call.L, 1)
                call.push(isMember)
                return 1
            },
        ]
        let functions = [
            function("isSubclass", .checked("self", .table, "the class (call it with ':')"), .checked("of", .table, "a class table"), returns: .boolean,
                     doc: "Class:isSubclass(of): whether the class is `of` or descends from it (a class is a subclass of itself, as in Swift)") { call, _, _ in
                try call.checkClassTable(1, "self")
                try call.checkClassTable(2, "of")
                call.push(call.runtime.classChain(startingAt: call.index(1), contains: call.index(2)))
                return 1
            },
        ]
        return (methods, functions)
    }
}

extension HostCall {
    /// A class table: a bound class (marked `__bound`) or a Lua subclass (with `super`).
    func checkClassTable(_ argument: Int, _ parameterName: String = "class") throws {
        let at = index(argument)
        let refusal = fail(argument: argument, "(\(parameterName)) must be a class (UIView, or a Lua subclass) (got \(runtime.typeDescription(at: at)))")
        guard lua_type(L, at) == LUA_TTABLE else { throw refusal }
        lua_pushstring(L, "__name")
        lua_rawget(L, at)   // raw: a script's __index must not run (or raise) here
        let named = lua_type(L, -1) == LUA_TSTRING
        transit_pop(L, 1)
        lua_pushstring(L, "super")
        let hasSuper = lua_rawget(L, at) == LUA_TTABLE
        transit_pop(L, 1)
        guard named && (hasSuper || ClassChain.isBoundClassTable(L, at: at)) else { throw refusal }
    }
}

extension LuaRuntime {
    /// Pushes the class of the host object at `index`: its Lua class when it is an instance of
    /// one, else its bound class table.
    func pushClassOfObject(at index: Int32) {
        let object = lua_absindex(L, index)
        if lua_getiuservalue(L, object, 1) == LUA_TTABLE, lua_getmetatable(L, -1) != 0 {
            lua_pushstring(L, "__index")
            if lua_rawget(L, -2) == LUA_TTABLE {
                transit_remove(L, -2)   // the instance metatable
                transit_remove(L, -2)   // the object's table
                return
            }
            transit_pop(L, 2)
        }
        transit_pop(L, 1)
        // The userdata's metatable is protected from scripts, not from the host.
        guard lua_getmetatable(L, object) != 0 else { lua_pushnil(L); return }
        lua_pushstring(L, "__class")
        lua_rawget(L, -2)
        transit_remove(L, -2)
    }

    /// Whether the class at `start` is the class at `target` or descends from it.
    func classChain(startingAt start: Int32, contains target: Int32) -> Bool {
        let start = lua_absindex(L, start), target = lua_absindex(L, target)
        let top = lua_gettop(L)
        defer { lua_settop(L, top) }
        lua_pushvalue(L, start)
        for _ in 0..<ClassChain.maximumDepth {
            guard lua_type(L, -1) == LUA_TTABLE else { return false }
            if lua_rawequal(L, -1, target) != 0 { return true }
            if ClassChain.isBoundClassTable(L, at: -1) {
                // Bound ancestors by the API's lineage; the target must be a bound class too.
                guard ClassChain.isBoundClassTable(L, at: target) else { return false }
                lua_pushstring(L, "__name"); lua_rawget(L, -2)
                let name = string(at: -1)
                lua_pushstring(L, "__name"); lua_rawget(L, target)
                let targetName = string(at: -1)
                guard let name, let targetName else { return false }
                return api.lineage(name).contains { $0.name == targetName }
            }
            lua_pushstring(L, "super")
            lua_rawget(L, -2)
            transit_remove(L, -2)
        }
        return false
    }
}
