import CLua
import TransitCore

// The model's side of scripts (`Scripting`): whether an object overrides or implements a hook,
// and calling it. Overrides are functions in the object's own table or its Lua classes, never
// the bound classes (those are the host's behaviour).

extension LuaRuntime {
    /// Pushes the Lua function overriding `hook` on the host object at `index`, searching its
    /// own table and its Lua class chain (never the bound classes). Returns false (pushing
    /// nothing) when there is none.
    func pushOverride(objectAt index: Int32, _ hook: String) -> Bool {
        let index = lua_absindex(L, index)
        lua_pushstring(L, hook)
        let key = lua_gettop(L)
        guard lua_getiuservalue(L, index, 1) == LUA_TTABLE else { transit_pop(L, 2); return false }
        let found = ClassChain.lookup(L, keyAt: key, functionsOnly: true, stopAtBoundClass: true)
        transit_remove(L, key)
        return found
    }

    /// Calls the Lua subclass's getter method for the overridable property `entry` on the
    /// host object at `index` (the key, the property's name, at `key`), leaving its result
    /// on the stack once checked against the property's declared type. False (nothing
    /// pushed) when no Lua class of the object defines one.
    func pushOverriddenValue(_ entry: PropertyEntry, objectAt index: Int32, keyAt key: Int32) throws -> Bool {
        guard let check = entry.overrideCheck else { return false }
        let index = lua_absindex(L, index), key = lua_absindex(L, key)
        // Only the object's own table and its Lua classes: a bound method of the same name
        // is the host's, not an override.
        guard lua_getiuservalue(L, index, 1) == LUA_TTABLE else { transit_pop(L, 1); return false }
        guard ClassChain.lookup(L, keyAt: key, functionsOnly: true, stopAtBoundClass: true) else { return false }
        lua_pushvalue(L, index)
        guard transit_pcall(L, 1, 1) == LUA_OK else { throw takeError() }
        if let problem = check.problem(self, at: -1) {
            let got = scriptValue(at: -1).traceDescription
            transit_pop(L, 1)
            let name = string(at: key) ?? entry.property.name
            let owner = objectClassName(at: index) ?? entry.qualifiedName
            let host = objectBox(at: index)?.pointee.object.map { Unmanaged<AnyObject>.fromOpaque($0).takeUnretainedValue() }
            throw ScriptError("\(owner).\(name) must return \(problem) (got \(got))", at: host.flatMap { location(of: $0, name) })
        }
        return true
    }

    /// What the engine reads for the overridable property `name` of a Lua subclass instance:
    /// its getter method's result, checked as a Lua read checks it; nil when the property is
    /// not declared overridable on the object's class or the class does not override it.
    public func overriddenProperty(_ object: HostObject, _ name: String) throws -> ScriptValue? {
        // Only instances of Lua subclasses can override: an instance's own fields cannot take
        // a bound property's name (assigning one goes to its setter).
        guard object.scriptClassName != nil, let entry = boundClass(of: object).overridableProperties[name] else { return nil }
        let top = lua_gettop(L)
        defer { lua_settop(L, top) }
        guard pushExistingUserdata(of: object) else { return nil }
        lua_pushstring(L, name)
        guard try pushOverriddenValue(entry, objectAt: -2, keyAt: -1) else { return nil }
        return scriptValue(at: -1)
    }
}

extension LuaRuntime: Scripting {
    public func overrides(_ object: HostObject, _ hook: String) -> Bool {
        // Objects without a userdata (never pushed, or dropped without a table) override nothing.
        guard pushExistingUserdata(of: object) else { return false }
        checkHookNames(object, asked: hook)
        defer { transit_pop(L, 1) }
        if pushOverride(objectAt: -1, hook) { transit_pop(L, 1); return true }
        return false
    }

    public func responds(_ object: AnyObject, _ hook: String) throws -> Bool {
        checkHookNames(object, asked: hook)
        if let host = object as? HostObject {
            if overrides(host, hook) { return true }
            // Bound methods count as implemented (e.g. UIPercentDrivenInteractiveTransition).
            return api.lineage(boundClassName(of: host)).contains { $0.methods.contains { $0.name == hook } }
        }
        guard let reference = object as? LuaValueReference else { return false }
        reference.push()
        defer { transit_pop(L, 1) }
        guard lua_type(L, -1) == LUA_TTABLE || lua_type(L, -1) == LUA_TUSERDATA else { return false }
        let status = transit_pgetfield(L, -1, hook)
        guard status == LUA_OK else {
            throw takeError().cause(of: "looking up \(hook) on \(reference.scriptDescription) failed: ")
        }
        let found = lua_type(L, -1) == LUA_TFUNCTION
        transit_pop(L, 1)
        return found
    }

    public func property(_ object: AnyObject, _ name: String) throws -> ScriptValue? {
        if let host = object as? HostObject {
            // A property the API declares overridable: the subclass's getter, checked against
            // the property's type, else the engine's stored value.
            if boundClass(of: host).overridableProperties[name] != nil { return try overriddenProperty(host, name) }
            // A protocol's property implemented as a method (an NSObject subclass's wantsInteractiveStart).
            if overrides(host, name) { return try call(host, name, []) }
            // Or a value stored on an instance of a Lua subclass (`driver.wantsInteractiveStart =
            // false` on an NSObject subclass): a key a bound class does not have lives in the
            // object's own table. Bound properties are the host's and are read by the engine.
            let top = lua_gettop(L)
            defer { lua_settop(L, top) }
            guard pushExistingUserdata(of: host), pushObjectTable(at: -1, create: false) else { return nil }
            lua_pushstring(L, name)
            switch lua_rawget(L, -2) {
            case LUA_TNIL, LUA_TFUNCTION: return nil
            default: return scriptValue(at: -1)
            }
        }
        guard let reference = object as? LuaValueReference else { return nil }
        let top = lua_gettop(L)
        defer { lua_settop(L, top) }
        reference.push()
        guard lua_type(L, -1) == LUA_TTABLE || lua_type(L, -1) == LUA_TUSERDATA else { return nil }
        guard transit_pgetfield(L, -1, name) == LUA_OK else {
            throw takeError().cause(of: "looking up \(name) on \(reference.scriptDescription) failed: ")
        }
        switch lua_type(L, -1) {
        case LUA_TNIL: return nil
        case LUA_TFUNCTION: return try call(object, name, [])
        default: return scriptValue(at: -1)
        }
    }

    public func location(of object: AnyObject, _ hook: String) -> SourceLocation? {
        let top = lua_gettop(L)
        defer { lua_settop(L, top) }
        push(object)
        if object is HostObject {
            guard pushOverride(objectAt: -1, hook) else { return nil }
        } else {
            guard transit_pgetfield(L, -1, hook) == LUA_OK, lua_type(L, -1) == LUA_TFUNCTION else { return nil }
        }
        var record = lua_Debug()
        guard lua_getinfo(L, ">S", &record) != 0, record.linedefined > 0 else { return nil }
        return SourceLocation(file: record.shortSource, line: Int(record.linedefined))
    }

    public func call(_ object: AnyObject, _ hook: String, _ arguments: [ScriptValue]) throws -> ScriptValue {
        let top = lua_gettop(L)
        defer { lua_settop(L, top) }
        push(object)
        if let host = object as? HostObject {
            if !pushOverride(objectAt: -1, hook) {
                // No override: a bound method of that name is the host's behaviour.
                guard transit_pgetfield(L, -1, hook) == LUA_OK, lua_type(L, -1) == LUA_TFUNCTION else {
                    throw ScriptError("\(host.traceName) has no \(hook)")
                }
            }
        } else {
            guard transit_pgetfield(L, -1, hook) == LUA_OK else { throw takeError() }
            guard lua_type(L, -1) == LUA_TFUNCTION else { return .none }
        }
        lua_rotate(L, -2, 1)  // function, self
        for argument in arguments { push(argument) }
        #if DEBUG
        if let mismatch = hookCallMismatch(hook, argumentsAt: lua_gettop(L) - Int32(arguments.count) + 1, count: arguments.count) {
            throw ScriptError("\(mismatch) (a Transit bug: the call site and the declaration disagree)")
        }
        #endif
        let status = transit_pcall(L, Int32(arguments.count + 1), 1)
        guard status == LUA_OK else {
            let error = takeError()
            // Lua gives a memory error no position and no traceback: name the hook that ran.
            if status == LUA_ERRMEM, let place = location(of: object, hook) {
                throw error.cause(of: "\(hook): ", at: place)
            }
            throw error
        }
        return scriptValue(at: -1)
    }
}
