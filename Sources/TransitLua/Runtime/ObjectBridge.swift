import CLua
import TransitCore

// Host objects in Lua: identity-preserving userdata, a Lua table of their own for fields and
// hook overrides, class tables with `subclass`/`new`/`super`, and the `Scripting` side the
// model calls hooks through.
//
// Lookup of `object.key`: the object's own table, then its Lua class chain, then the bound
// class tables (methods), then the bound getters. Assignment: a bound setter if there is one,
// an error for read-only properties, else the object's own table.

extension LuaRuntime {
    // MARK: - Installing classes

    func installClasses() {
        // Value classes first: their metatables are needed to push values.
        for cls in api.classes {
            pushClassTable(cls)
            lua_setglobal(L, cls.name)
        }
        // The transit namespace.
        lua_createtable(L, 0, 0)
        for function in api.namespace.functions {
            // "touch.tap" lives in the sub-table transit.touch.
            let parts = function.name.split(separator: ".").map(String.init)
            if parts.count == 2 {
                if lua_getfield(L, -1, parts[0]) != LUA_TTABLE {
                    transit_pop(L, 1)
                    lua_createtable(L, 0, 4)
                    lua_pushvalue(L, -1)
                    lua_setfield(L, -3, parts[0])
                }
                pushHostFunction(function, owner: nil, qualifiedName: "transit.\(function.name)")
                lua_setfield(L, -2, parts[1])
                transit_pop(L, 1)
            } else {
                pushHostFunction(function, owner: nil, qualifiedName: "transit.\(function.name)")
                lua_setfield(L, -2, function.name)
            }
        }
        lua_setglobal(L, "transit")
    }

    /// Builds a class table (statics, methods, constants), its object metatable (objects) or
    /// value metatable (values), and its `subclass`/`new`.
    private func pushClassTable(_ cls: APIClass) {
        lua_createtable(L, 0, 0)
        let classTable = lua_gettop(L)
        lua_pushstring(L, cls.name)
        lua_setfield(L, classTable, "__name")
        lua_pushboolean(L, 1)
        lua_setfield(L, classTable, "__bound")
        for function in cls.functions {
            pushHostFunction(function, owner: cls, qualifiedName: "\(cls.name).\(function.name)")
            lua_setfield(L, classTable, function.name)
        }
        for method in cls.methods {
            pushHostFunction(method, owner: cls, qualifiedName: "\(cls.name).\(method.name)")
            lua_setfield(L, classTable, method.name)
        }
        // Class table metatable: statics inherit from the superclass; calling the class
        // constructs (`CGRect(0, 0, 10, 10)`, `Card(...)`).
        lua_createtable(L, 0, 2)
        if let superclass = cls.superclass {
            lua_getglobal(L, superclass)
            lua_setfield(L, -2, "__index")
        }
        transit_pushhostfunction(L, { L in callClassTable(L) }, 0)
        lua_setfield(L, -2, "__call")
        lua_setmetatable(L, classTable)

        if cls.isValue {
            installValueMetatable(cls, classTable: classTable)
        } else {
            installObjectMetatable(cls, classTable: classTable)
            if cls.construct != nil {
                lua_pushvalue(L, classTable)
                transit_pushhostfunction(L, { L in constructInstance(L) }, 1)
                lua_setfield(L, classTable, "new")
            }
            if cls.isSubclassable {
                lua_pushvalue(L, classTable)
                transit_pushhostfunction(L, { L in makeSubclass(L) }, 1)
                lua_setfield(L, classTable, "subclass")
            }
        }
        // Constants last: object constants (UIScreen.main) need the metatable installed.
        var call = HostCall(runtime: self, name: cls.name, base: 1)
        for constant in cls.constants {
            constant.push(&call)
            lua_setfield(L, classTable, constant.name)
        }
    }

    /// Value classes: `__index` reaches methods and computed fields, `__eq` and `__tostring`.
    private func installValueMetatable(_ cls: APIClass, classTable: Int32) {
        lua_createtable(L, 0, 4)
        lua_pushstring(L, cls.name)
        lua_setfield(L, -2, "__name")
        // Computed read-only properties (minX, isIdentity, ...) by getter id.
        lua_createtable(L, 0, 0)
        for property in cls.properties {
            getters.append(("\(cls.name).\(property.name)", property))
            lua_pushinteger(L, lua_Integer(getters.count - 1))
            lua_setfield(L, -2, property.name)
        }
        lua_pushvalue(L, classTable)
        transit_pushhostfunction(L, { L in indexValue(L) }, 2)
        lua_setfield(L, -2, "__index")
        transit_pushhostfunction(L, { L in valueEquals(L) }, 0)
        lua_setfield(L, -2, "__eq")
        transit_pushhostfunction(L, { L in valueToString(L) }, 0)
        lua_setfield(L, -2, "__tostring")
        lua_getfield(L, transit_registryindex(), Self.valueMetatablesKey)
        lua_rotate(L, -2, 1)
        lua_setfield(L, -2, cls.name)
        transit_pop(L, 1)
    }

    /// Object classes: one metatable per bound class for its userdata.
    private func installObjectMetatable(_ cls: APIClass, classTable: Int32) {
        lua_createtable(L, 0, 6)
        let metatable = lua_gettop(L)
        lua_pushstring(L, cls.name)
        lua_setfield(L, metatable, "__name")
        lua_pushvalue(L, classTable)
        lua_setfield(L, metatable, "__class")
        // Getters and setters of the class and its ancestors.
        lua_createtable(L, 0, 0)   // getters by name → id
        lua_createtable(L, 0, 0)   // setters by name → id
        for ancestor in api.lineage(cls.name).reversed() {
            for property in ancestor.properties {
                getters.append(("\(ancestor.name).\(property.name)", property))
                lua_pushinteger(L, lua_Integer(getters.count - 1))
                lua_setfield(L, -3, property.name)
                if property.setter != nil {
                    setters.append(("\(ancestor.name).\(property.name)", property))
                    lua_pushinteger(L, lua_Integer(setters.count - 1))
                } else {
                    lua_pushboolean(L, 0)  // read-only marker
                }
                lua_setfield(L, -2, property.name)
            }
        }
        // __index(ud, key): upvalues class table, getters.
        lua_pushvalue(L, classTable)
        lua_pushvalue(L, -3)
        transit_pushhostfunction(L, { L in indexObject(L) }, 2)
        lua_setfield(L, metatable, "__index")
        // __newindex(ud, key, value): upvalue setters.
        transit_pushhostfunction(L, { L in assignObject(L) }, 1)
        lua_setfield(L, metatable, "__newindex")
        transit_pop(L, 1)  // getters
        transit_pushhostfunction(L, { L in collectObject(L) }, 0)
        lua_setfield(L, metatable, "__gc")
        transit_pushhostfunction(L, { L in objectToString(L) }, 0)
        lua_setfield(L, metatable, "__tostring")
        objectMetatables[lua_topointer(L, metatable)] = cls.name
        lua_setfield(L, transit_registryindex(), "transit.class." + cls.name)
    }

    /// Pushes a bound function as a Lua closure dispatching to its declaration.
    func pushHostFunction(_ function: APIFunction, owner: APIClass?, qualifiedName: String) {
        hostFunctions.append((qualifiedName, function, owner))
        lua_pushinteger(L, lua_Integer(hostFunctions.count - 1))
        transit_pushhostfunction(L, { L in dispatchHostFunction(L) }, 1)
    }

    // MARK: - Objects on the stack

    /// Pushes the one userdata of a host object (creating it on first use); script objects
    /// push their table; nil pushes nil.
    func push(_ object: AnyObject?) {
        guard let object else { lua_pushnil(L); return }
        if let reference = object as? LuaValueReference { reference.push(); return }
        guard let host = object as? HostObject else { lua_pushnil(L); return }
        let key = Unmanaged.passUnretained(host).toOpaque()
        lua_getfield(L, transit_registryindex(), Self.identityKey)
        if lua_rawgetp(L, -1, key) == LUA_TUSERDATA {
            transit_remove(L, -2)
            return
        }
        transit_pop(L, 1)
        let box = lua_newuserdatauv(L, MemoryLayout<UnsafeMutableRawPointer>.size, 1)!
        box.storeBytes(of: Unmanaged<AnyObject>.passRetained(host).toOpaque(), as: UnsafeMutableRawPointer.self)
        lua_getfield(L, transit_registryindex(), "transit.class." + boundClassName(of: host))
        lua_setmetatable(L, -2)
        // Re-attach the object's table if it outlived an earlier userdata.
        lua_getfield(L, transit_registryindex(), Self.stateKey)
        if lua_rawgetp(L, -1, key) == LUA_TTABLE {
            lua_setiuservalue(L, -3, 1)
        } else {
            transit_pop(L, 1)
        }
        transit_pop(L, 1)
        lua_pushvalue(L, -1)
        lua_rawsetp(L, -3, key)
        transit_remove(L, -2)
        host.lifecycleObserver = self
    }

    func boundClassName(of object: HostObject) -> String {
        var type: AnyClass? = Swift.type(of: object)
        while let current = type as? HostObject.Type {
            if api.cls(current.className) != nil { return current.className }
            type = _getSuperclass(current)
        }
        return "NSObject"
    }

    /// The host object at `index`, if the value is one of ours.
    func object(at index: Int32) -> AnyObject? {
        guard lua_type(L, index) == LUA_TUSERDATA, objectClassName(at: index) != nil,
              let box = lua_touserdata(L, index) else { return nil }
        guard let raw = box.load(as: UnsafeMutableRawPointer?.self) else { return nil }
        return Unmanaged<AnyObject>.fromOpaque(raw).takeUnretainedValue()
    }

    /// The bound class name of our userdata at `index`.
    func objectClassName(at index: Int32) -> String? {
        guard lua_getmetatable(L, index) != 0 else { return nil }
        let name = lua_topointer(L, -1).flatMap { objectMetatables[$0] }
        transit_pop(L, 1)
        if name != nil, let box = lua_touserdata(L, index), let raw = box.load(as: UnsafeMutableRawPointer?.self),
           let host = Unmanaged<AnyObject>.fromOpaque(raw).takeUnretainedValue() as? HostObject, let script = host.scriptClassName {
            return script
        }
        return name
    }

    /// Pushes the object's own table, creating it (and recording it as state) if asked.
    @discardableResult
    func pushObjectTable(at index: Int32, create: Bool) -> Bool {
        let index = lua_absindex(L, index)
        if lua_getiuservalue(L, index, 1) == LUA_TTABLE { return true }
        transit_pop(L, 1)
        guard create, let box = lua_touserdata(L, index), let raw = box.load(as: UnsafeMutableRawPointer?.self) else {
            lua_pushnil(L)
            return false
        }
        lua_createtable(L, 0, 0)
        lua_pushvalue(L, -1)
        lua_setiuservalue(L, index, 1)
        lua_getfield(L, transit_registryindex(), Self.stateKey)
        lua_pushvalue(L, -2)
        lua_rawsetp(L, -2, raw)
        transit_pop(L, 1)
        return true
    }

    // MARK: - Hooks (Scripting)

    /// Pushes the Lua function overriding `hook` on the host object at `index`, searching its
    /// own table and its Lua class chain (never the bound classes). Returns false (pushing
    /// nothing) when there is none.
    func pushOverride(objectAt index: Int32, _ hook: String) -> Bool {
        let index = lua_absindex(L, index)
        guard lua_getiuservalue(L, index, 1) == LUA_TTABLE else { transit_pop(L, 1); return false }
        // Walk: own table, then class tables through metatable.__index, stopping at bound ones.
        while true {
            lua_pushstring(L, hook)
            lua_rawget(L, -2)
            if lua_type(L, -1) == LUA_TFUNCTION { transit_remove(L, -2); return true }
            transit_pop(L, 1)
            guard lua_getmetatable(L, -1) != 0 else { transit_pop(L, 1); return false }
            lua_pushstring(L, "__index")
            lua_rawget(L, -2)
            transit_remove(L, -2)   // metatable
            transit_remove(L, -2)   // previous table
            guard lua_type(L, -1) == LUA_TTABLE else { transit_pop(L, 1); return false }
            lua_pushstring(L, "__bound")
            lua_rawget(L, -2)
            let isBound = lua_toboolean(L, -1) != 0
            transit_pop(L, 1)
            if isBound { transit_pop(L, 1); return false }
        }
    }
}

extension LuaRuntime: Scripting, ObjectLifecycleObserver {
    public func overrides(_ object: HostObject, _ hook: String) -> Bool {
        // Objects never pushed to Lua, or without a table of their own, override nothing.
        let key = Unmanaged.passUnretained(object).toOpaque()
        lua_getfield(L, transit_registryindex(), Self.stateKey)
        let hasState = lua_rawgetp(L, -1, key) == LUA_TTABLE
        transit_pop(L, 2)
        guard hasState else { return false }
        push(object)
        defer { transit_pop(L, 1) }
        if pushOverride(objectAt: -1, hook) { transit_pop(L, 1); return true }
        return false
    }

    public func responds(_ object: AnyObject, _ hook: String) throws -> Bool {
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
            let message = errorMessage()
            throw ScriptError("looking up \(hook) on \(reference.scriptDescription) failed: \(message)")
        }
        let found = lua_type(L, -1) == LUA_TFUNCTION
        transit_pop(L, 1)
        return found
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
            guard transit_pgetfield(L, -1, hook) == LUA_OK else { throw ScriptError(errorMessage()) }
            guard lua_type(L, -1) == LUA_TFUNCTION else { return .none }
        }
        lua_rotate(L, -2, 1)  // function, self
        for argument in arguments { push(argument) }
        guard transit_pcall(L, Int32(arguments.count + 1), 1) == LUA_OK else {
            throw ScriptError(errorMessage())
        }
        return scriptValue(at: -1)
    }

    public func objectWillDeinit(_ identifier: ObjectIdentifier) {
        guard !isClosing else { return }
        // The identity table and state table are keyed by the object's address.
        let key = UnsafeMutableRawPointer(bitPattern: UInt(bitPattern: identifier))
        guard let key else { return }
        lua_getfield(L, transit_registryindex(), Self.stateKey)
        lua_pushnil(L)
        lua_rawsetp(L, -2, key)
        transit_pop(L, 1)
    }
}

// MARK: - Metamethods and dispatch (C-callable; errors return TRANSIT_RAISE)

/// Raises `message` with the caller's file and line.
private func raise(_ runtime: LuaRuntime, _ message: String, level: Int32 = 1) -> Int32 {
    lua_pushstring(runtime.L, runtime.location(level: level) + message)
    return TRANSIT_RAISE
}

/// Runs a body that may throw, turning errors into a Lua error raised by the trampoline.
private func guarded(_ L: OpaquePointer?, _ body: (LuaRuntime) throws -> Int32) -> Int32 {
    LuaRuntime.serving(L) { runtime in
        do {
            return try body(runtime)
        } catch let error as ScriptError {
            lua_pushstring(runtime.L, error.message)
            return TRANSIT_RAISE
        } catch {
            return raise(runtime, "\(error)")
        }
    }
}

private func dispatchHostFunction(_ L: OpaquePointer?) -> Int32 {
    guarded(L) { runtime in
        let id = Int(lua_tointegerx(L, transit_upvalueindex(2), nil))
        let entry = runtime.hostFunctions[id]
        let function = entry.function
        var base: Int32 = 1
        if function.kind == .method, let owner = entry.owner {
            // `self` must be an object of the class: catches `view.addSubview(w)` (dot call).
            let isInstance: Bool
            if owner.isValue {
                isInstance = runtime.valueClassName(at: 1) == owner.name || lua_type(L, 1) == LUA_TTABLE
            } else {
                isInstance = runtime.object(at: 1).map(owner.matches) ?? false
            }
            guard isInstance else {
                throw LuaCallError("\(entry.qualifiedName): expected a \(owner.name) as self (got \(runtime.typeDescription(at: 1))); call it with ':' as in object:\(function.name)(...)")
            }
            base = 2
        }
        var call = HostCall(runtime: runtime, name: entry.qualifiedName, base: base)
        try runtime.checkArguments(function.parameters, variadic: function.variadic, &call)
        guard let implementation = function.implementation else { return 0 }
        do {
            return try implementation(&call)
        } catch let error as LuaCallError {
            throw error
        } catch let error as ScriptError {
            throw error
        } catch {
            // Model errors may already name the function; name it once.
            let message = "\(error)"
            throw LuaCallError(message.hasPrefix(entry.qualifiedName) ? message : "\(entry.qualifiedName): \(message)")
        }
    }
}

extension LuaRuntime {
    /// Checks declared parameter types; the first mismatch is the error.
    func checkArguments(_ parameters: [APIParameter], variadic: Bool, _ call: inout HostCall) throws {
        for (offset, parameter) in parameters.enumerated() {
            let argument = offset + 1
            if let problem = check(parameter.type, at: call.index(argument)) {
                let missing = call.argumentCount < Int32(argument) && call.base == 2
                let hint = missing ? "; did you call it with '.' instead of ':'?" : ""
                throw LuaCallError("\(call.name): argument \(argument) (\(parameter.name)) must be \(problem) (got \(typeDescription(at: call.index(argument))))\(hint)")
            }
        }
        if !variadic && call.argumentCount > Int32(parameters.count) {
            let extra = Int(call.argumentCount) - parameters.count
            throw LuaCallError("\(call.name): expected at most \(parameters.count) argument\(parameters.count == 1 ? "" : "s") (got \(parameters.count + extra))")
        }
    }

    /// nil when the value at `index` fits `type`, else what was expected.
    func check(_ type: APIType, at index: Int32) -> String? {
        let luaType = lua_type(L, index)
        switch type {
        case .any: return nil
        case .optional(let inner): return luaType <= LUA_TNIL ? nil : check(inner, at: index)
        case .number: return luaType == LUA_TNUMBER ? nil : type.phrase
        case .integer:
            guard luaType == LUA_TNUMBER else { return type.phrase }
            let value = lua_tonumberx(L, index, nil)
            return value == value.rounded() ? nil : type.phrase
        case .boolean: return luaType == LUA_TBOOLEAN ? nil : type.phrase
        case .string: return luaType == LUA_TSTRING ? nil : type.phrase
        case .function: return luaType == LUA_TFUNCTION ? nil : type.phrase
        case .table, .list: return luaType == LUA_TTABLE ? nil : type.phrase
        case .enumeration(let name):
            guard luaType == LUA_TSTRING, let text = string(at: index) else { return type.phrase }
            let cases = api.enumeration(name)?.cases ?? []
            return cases.contains(text) ? nil : "one of " + cases.map { "\"\($0)\"" }.joined(separator: ", ") + " (unknown \(name) \"\(text)\")"
        case .value(let name):
            guard luaType == LUA_TTABLE else { return type.phrase }
            switch name {
            case "CGRect": return readRect(at: index) == nil ? type.phrase : nil
            case "CGPoint": return readPoint(at: index) == nil ? type.phrase : nil
            case "CGSize": return readSize(at: index) == nil ? type.phrase : nil
            case "CGVector": return readVector(at: index) == nil ? type.phrase : nil
            case "UIColor": return readColor(at: index) == nil ? type.phrase : nil
            case "CGAffineTransform": return readAffine(at: index) == nil ? type.phrase : nil
            case "CATransform3D": return readTransform3D(at: index) == nil ? type.phrase : nil
            default: return valueClassName(at: index) == name ? nil : type.phrase
            }
        case .object(let name):
            guard let object = object(at: index), let cls = api.cls(name) else { return type.phrase }
            return cls.matches(object) ? nil : type.phrase
        case .protocol:
            return luaType == LUA_TTABLE || luaType == LUA_TUSERDATA ? nil : type.phrase
        case .union(let types):
            return types.contains { check($0, at: index) == nil } ? nil : type.phrase
        }
    }
}

/// `Class(...)`: the same as `Class.new(...)`.
private func callClassTable(_ L: OpaquePointer?) -> Int32 {
    guarded(L) { runtime in
        // Stack: class table, args...
        guard transit_pgetfield(L, 1, "new") == LUA_OK, lua_type(L, -1) == LUA_TFUNCTION else {
            throw LuaCallError("\(runtime.describe(at: 1)) cannot be called")
        }
        transit_replace(L, 1)
        let count = lua_gettop(L) - 1
        guard transit_pcall(L, count, LUA_MULTRET) == LUA_OK else {
            // Report it once, at the caller's line: drop the inner traceback, and add the
            // caller's location when the constructor (a host function) could not.
            var message = runtime.errorMessage()
            if let range = message.range(of: "\nstack traceback:") { message = String(message[..<range.lowerBound]) }
            if message.range(of: #"^[^\s:]+:\d+: "#, options: .regularExpression) != nil { throw ScriptError(message) }
            throw LuaCallError(message)
        }
        return lua_gettop(L)
    }
}

/// `Class.new(...)` for bound classes and their Lua subclasses (upvalue 2: the class table).
private func constructInstance(_ L: OpaquePointer?) -> Int32 {
    guarded(L) { runtime in
        let classIndex = transit_upvalueindex(2)
        // The nearest bound class in the chain builds the Swift object.
        lua_pushvalue(L, classIndex)
        var boundName: String?
        var scriptName: String?
        while lua_type(L, -1) == LUA_TTABLE {
            lua_pushstring(L, "__bound"); lua_rawget(L, -2)
            let isBound = lua_toboolean(L, -1) != 0
            transit_pop(L, 1)
            lua_pushstring(L, "__name"); lua_rawget(L, -2)
            let name = runtime.string(at: -1)
            transit_pop(L, 1)
            if isBound { boundName = name; break }
            if scriptName == nil { scriptName = name }
            lua_pushstring(L, "super"); lua_rawget(L, -2)
            transit_remove(L, -2)
        }
        transit_pop(L, 1)
        guard let boundName, let cls = runtime.api.cls(boundName), let construct = cls.construct else {
            throw LuaCallError("cannot construct this class")
        }
        let qualified = "\(scriptName ?? boundName).new"
        var declared = cls.constructorParameters
        // A Lua subclass whose base takes only an options table may take its own arguments
        // (they go to init): the base is then built with defaults.
        let baseTakesOnlyOptions = declared.count == 1 && declared[0].type == .optional(.table)
        let argumentCount = lua_gettop(L)
        if scriptName != nil && baseTakesOnlyOptions && argumentCount >= 1 && lua_type(L, 1) != LUA_TTABLE {
            declared = []
        }
        var call = HostCall(runtime: runtime, name: qualified, base: declared.isEmpty && scriptName != nil && baseTakesOnlyOptions ? argumentCount + 1 : 1)
        for (offset, parameter) in declared.enumerated() {
            if let problem = runtime.check(parameter.type, at: call.index(offset + 1)) {
                throw LuaCallError("\(qualified): argument \(offset + 1) (\(parameter.name)) must be \(problem) (got \(runtime.typeDescription(at: call.index(offset + 1))))")
            }
        }
        let object = try construct(&call)
        if let host = object as? HostObject, let scriptName { host.scriptClassName = scriptName }
        runtime.push(object)
        let instance = lua_gettop(L)
        if scriptName != nil {
            // Instances of Lua classes look methods up in their class.
            runtime.pushObjectTable(at: instance, create: true)
            lua_pushstring(L, "__instance"); lua_rawget(L, classIndex)
            lua_setmetatable(L, -2)
            transit_pop(L, 1)
            // init(self, ...) if the class chain defines one.
            if runtime.pushOverride(objectAt: instance, "init") {
                lua_pushvalue(L, instance)
                let argumentCount = instance - 1
                for i in 1...max(1, argumentCount) where i <= argumentCount { lua_pushvalue(L, i) }
                guard transit_pcall(L, argumentCount + 1, 0) == LUA_OK else {
                    throw ScriptError(runtime.errorMessage())
                }
            }
        }
        lua_settop(L, instance)
        return 1
    }
}

/// `Class:subclass(name)`: a class table whose instances are the base class's objects with
/// this table's functions as methods (upvalue 2: the base class table, for `super`).
private func makeSubclass(_ L: OpaquePointer?) -> Int32 {
    guarded(L) { runtime in
        guard lua_type(L, 1) == LUA_TTABLE else {
            throw LuaCallError("subclass: call it with ':' as in UIView:subclass(\"Name\")")
        }
        guard lua_type(L, 2) == LUA_TSTRING, let name = runtime.string(at: 2), !name.isEmpty else {
            throw LuaCallError("subclass: argument 1 (name) must be a string (got \(runtime.typeDescription(at: 2)))")
        }
        // While the REPL reloads a file, its classes are re-opened in place (HotSwap.swift).
        if runtime.reopenSubclass(named: name, baseAt: 1) { return 1 }
        lua_createtable(L, 0, 4)
        let subclass = lua_gettop(L)
        lua_pushstring(L, name); lua_setfield(L, subclass, "__name")
        lua_pushvalue(L, 1); lua_setfield(L, subclass, "super")
        // Instance metatable: object tables of instances index the class.
        lua_createtable(L, 0, 1)
        lua_pushvalue(L, subclass); lua_setfield(L, -2, "__index")
        lua_setfield(L, subclass, "__instance")
        // new / subclass for the new class.
        lua_pushvalue(L, subclass)
        transit_pushhostfunction(L, { L in constructInstance(L) }, 1)
        lua_setfield(L, subclass, "new")
        // Class metatable: inherit from the base, callable.
        lua_createtable(L, 0, 2)
        lua_pushvalue(L, 1); lua_setfield(L, -2, "__index")
        transit_pushhostfunction(L, { L in callClassTable(L) }, 0)
        lua_setfield(L, -2, "__call")
        lua_setmetatable(L, subclass)
        runtime.registerSubclass(at: subclass, named: name)
        return 1
    }
}

/// `object.key` (upvalues: class table, getters).
private func indexObject(_ L: OpaquePointer?) -> Int32 {
    guarded(L) { runtime in
        // 1: userdata, 2: key. Own table and Lua class chain, raw.
        if lua_getiuservalue(L, 1, 1) == LUA_TTABLE {
            while true {
                lua_pushvalue(L, 2)
                if lua_rawget(L, -2) != LUA_TNIL { return 1 }
                transit_pop(L, 1)
                guard lua_getmetatable(L, -1) != 0 else { break }
                lua_pushstring(L, "__index")
                lua_rawget(L, -2)
                transit_remove(L, -2)
                transit_remove(L, -2)
                guard lua_type(L, -1) == LUA_TTABLE else { break }
            }
        }
        lua_settop(L, 2)
        // Bound class tables (methods, statics), walking superclasses.
        lua_pushvalue(L, transit_upvalueindex(2))
        while lua_type(L, -1) == LUA_TTABLE {
            lua_pushvalue(L, 2)
            if lua_rawget(L, -2) != LUA_TNIL { return 1 }
            transit_pop(L, 1)
            guard lua_getmetatable(L, -1) != 0 else { break }
            lua_pushstring(L, "__index")
            lua_rawget(L, -2)
            transit_remove(L, -2)
            transit_remove(L, -2)
        }
        lua_settop(L, 2)
        // Getters.
        lua_pushvalue(L, 2)
        if lua_rawget(L, transit_upvalueindex(3)) == LUA_TNUMBER {
            let id = Int(lua_tointegerx(L, -1, nil))
            transit_pop(L, 1)
            let entry = runtime.getters[id]
            guard let object = runtime.object(at: 1) else { return 0 }
            var call = HostCall(runtime: runtime, name: entry.qualifiedName, base: 2)
            try entry.property.getter(&call, object)
            return 1
        }
        return 0
    }
}

/// `object.key = value` (upvalue: setters).
private func assignObject(_ L: OpaquePointer?) -> Int32 {
    guarded(L) { runtime in
        lua_pushvalue(L, 2)
        let kind = lua_rawget(L, transit_upvalueindex(2))
        if kind == LUA_TNUMBER {
            let id = Int(lua_tointegerx(L, -1, nil))
            transit_pop(L, 1)
            let entry = runtime.setters[id]
            guard let object = runtime.object(at: 1) else { return 0 }
            if let problem = runtime.check(entry.property.type, at: 3) {
                throw LuaCallError("\(entry.qualifiedName) must be \(problem) (got \(runtime.typeDescription(at: 3)))")
            }
            var call = HostCall(runtime: runtime, name: entry.qualifiedName, base: 3)
            try entry.property.setter!(&call, object, 3)
            return 0
        }
        if kind == LUA_TBOOLEAN {
            let name = runtime.string(at: 2) ?? "?"
            throw LuaCallError("\(runtime.typeDescription(at: 1)).\(name) is read-only")
        }
        transit_pop(L, 1)
        guard lua_type(L, 2) != LUA_TNIL, !(lua_type(L, 2) == LUA_TNUMBER && lua_tonumberx(L, 2, nil).isNaN) else {
            throw LuaCallError("cannot use a nil or NaN key on \(runtime.typeDescription(at: 1))")
        }
        runtime.pushObjectTable(at: 1, create: true)
        lua_pushvalue(L, 2)
        lua_pushvalue(L, 3)
        lua_rawset(L, -3)
        return 0
    }
}

/// `__gc`: releases the Swift object; its table is forgotten unless Swift still holds it.
private func collectObject(_ L: OpaquePointer?) -> Int32 {
    LuaRuntime.serving(L) { runtime in collectObjectBody(L, runtime) }
}

private func collectObjectBody(_ L: OpaquePointer?, _ runtime: LuaRuntime) -> Int32 {
    guard let box = lua_touserdata(L, 1), let raw = box.load(as: UnsafeMutableRawPointer?.self) else { return 0 }
    box.storeBytes(of: nil, as: UnsafeMutableRawPointer?.self)
    var object: AnyObject = Unmanaged<AnyObject>.fromOpaque(raw).takeRetainedValue()
    if isKnownUniquelyReferenced(&object) {
        lua_getfield(L, transit_registryindex(), LuaRuntime.stateKey)
        lua_pushnil(L)
        lua_rawsetp(L, -2, raw)
        transit_pop(L, 1)
        (object as? HostObject)?.lifecycleObserver = nil
    }
    return 0
}

private func objectToString(_ L: OpaquePointer?) -> Int32 {
    LuaRuntime.serving(L) { runtime in objectToStringBody(L, runtime) }
}

private func objectToStringBody(_ L: OpaquePointer?, _ runtime: LuaRuntime) -> Int32 {
    guard let object = runtime.object(at: 1) else {
        lua_pushstring(L, "<released object>")
        return 1
    }
    lua_pushstring(L, TransitAPI.describe(object))
    return 1
}

/// Values: `value.key` reaches methods (class table) and computed fields (getters).
private func indexValue(_ L: OpaquePointer?) -> Int32 {
    guarded(L) { runtime in
        lua_pushvalue(L, 2)
        if lua_rawget(L, transit_upvalueindex(3)) != LUA_TNIL { return 1 }
        transit_pop(L, 1)
        lua_pushvalue(L, 2)
        if lua_rawget(L, transit_upvalueindex(2)) == LUA_TNUMBER {
            let id = Int(lua_tointegerx(L, -1, nil))
            let entry = runtime.getters[id]
            var call = HostCall(runtime: runtime, name: entry.qualifiedName, base: 2)
            let holder = ValueHolder()
            try entry.property.getter(&call, holder)
            return 1
        }
        return 0
    }
}

/// Getters of value classes read `self` from stack index 1; they receive this placeholder.
final class ValueHolder {}

private func valueEquals(_ L: OpaquePointer?) -> Int32 {
    LuaRuntime.serving(L) { runtime in valueEqualsBody(L, runtime) }
}

private func valueEqualsBody(_ L: OpaquePointer?, _ runtime: LuaRuntime) -> Int32 {
    guard let name = runtime.valueClassName(at: 1), runtime.valueClassName(at: 2) == name else {
        lua_pushboolean(L, 0)
        return 1
    }
    let equal: Bool
    switch name {
    case "CGRect": equal = runtime.readRect(at: 1) == runtime.readRect(at: 2)
    case "CGPoint": equal = runtime.readPoint(at: 1) == runtime.readPoint(at: 2)
    case "CGSize": equal = runtime.readSize(at: 1) == runtime.readSize(at: 2)
    case "CGVector": equal = runtime.readVector(at: 1) == runtime.readVector(at: 2)
    case "UIColor": equal = runtime.readColor(at: 1) == runtime.readColor(at: 2)
    case "CGAffineTransform": equal = runtime.readAffine(at: 1) == runtime.readAffine(at: 2)
    case "CATransform3D": equal = runtime.readTransform3D(at: 1) == runtime.readTransform3D(at: 2)
    default: equal = lua_rawequal(L, 1, 2) != 0
    }
    lua_pushboolean(L, equal ? 1 : 0)
    return 1
}

private func valueToString(_ L: OpaquePointer?) -> Int32 {
    LuaRuntime.serving(L) { runtime in valueToStringBody(L, runtime) }
}

private func valueToStringBody(_ L: OpaquePointer?, _ runtime: LuaRuntime) -> Int32 {
    let name = runtime.valueClassName(at: 1) ?? "value"
    var text = name
    switch name {
    case "CGRect": text = "CGRect" + (runtime.readRect(at: 1).map(\.description) ?? "(?)")
    case "CGPoint": text = "CGPoint" + (runtime.readPoint(at: 1).map(\.description) ?? "(?)")
    case "CGSize": text = "CGSize" + (runtime.readSize(at: 1).map(\.description) ?? "(?)")
    case "CGVector": text = "CGVector" + (runtime.readVector(at: 1).map(\.description) ?? "(?)")
    case "UIColor": text = runtime.readColor(at: 1).map(\.description) ?? "UIColor(?)"
    case "CGAffineTransform": text = "CGAffineTransform" + (runtime.readAffine(at: 1).map(\.description) ?? "(?)")
    case "CATransform3D": text = "CATransform3D" + (runtime.readTransform3D(at: 1).map(\.description) ?? "(?)")
    default:
        if lua_getmetatable(L, 1) != 0 {
            lua_pushstring(L, "__describe"); lua_rawget(L, -2)
            if let described = runtime.string(at: -1) { text = described }
            transit_pop(L, 2)
        }
    }
    lua_pushstring(L, text)
    return 1
}

extension LuaRuntime {
    /// How many host objects have a table of their own kept in the registry (tests).
    var objectStateCount: Int {
        lua_getfield(L, transit_registryindex(), Self.stateKey)
        defer { transit_pop(L, 1) }
        var count = 0
        lua_pushnil(L)
        while lua_next(L, -2) != 0 { count += 1; transit_pop(L, 1) }
        return count
    }
}
