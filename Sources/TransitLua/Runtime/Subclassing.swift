import CLua
import TransitCore

// Classes in scripts: `Class(...)` and `Class.new(...)` build the Swift object of the nearest
// bound class and give instances of Lua classes their class; `Base:subclass(name)` makes a Lua
// class whose instances are the base's objects with the class's functions as methods.

/// `Class(...)`: the same as `Class.new(...)`.
func callClassTable(_ L: OpaquePointer?) -> Int32 {
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
            let error = runtime.takeError()
            if error.location != nil { throw error.withoutTraceback }
            throw LuaCallError(error.reason)
        }
        return lua_gettop(L)
    }
}

/// `Class.new(...)` for bound classes and their Lua subclasses (upvalue 2: the class table).
func constructInstance(_ L: OpaquePointer?) -> Int32 {
    guarded(L) { runtime in
        let classIndex = transit_upvalueindex(2)
        // The nearest bound class in the chain builds the Swift object.
        let base = ClassChain.boundBase(runtime, ofClassAt: classIndex)
        let boundName = base?.bound, scriptName = base?.script
        guard let boundName, let cls = runtime.api.cls(boundName), let construct = cls.construct else {
            throw LuaCallError("cannot construct this class")
        }
        let qualified = "\(scriptName ?? boundName).new"
        var declared = cls.constructorParameters
        // A Lua subclass whose base takes only an options table: when the class defines `init`,
        // the arguments are init's (as a Swift subclass's designated initializer takes its own)
        // and the base is built with defaults; otherwise they are the base's options. Routed
        // by whether init exists, never by the type of the first argument.
        let baseTakesOnlyOptions = declared.count == 1 && declared[0].type.isConstructorOptions
        let argumentCount = lua_gettop(L)
        if scriptName != nil && baseTakesOnlyOptions && classDefinesInit(L!, classAt: classIndex) {
            declared = []
        }
        var call = HostCall(runtime: runtime, name: qualified, base: declared.isEmpty && scriptName != nil && baseTakesOnlyOptions ? argumentCount + 1 : 1)
        for (offset, parameter) in declared.enumerated() {
            if let problem = runtime.check(parameter.type, at: call.index(offset + 1)) {
                throw call.fail(argument: offset + 1, "(\(parameter.name)) must be \(problem) (got \(runtime.typeDescription(at: call.index(offset + 1))))")
            }
        }
        if scriptName != nil, runtime.api.isSubclass(boundName, of: "UIView") {
            runtime.world.pendingBackingLayer = try backingLayer(runtime, classAt: classIndex, qualified: qualified)
        }
        let object: AnyObject
        do {
            object = try construct(&call)
            runtime.world.pendingBackingLayer = nil
        } catch {
            runtime.world.pendingBackingLayer = nil
            throw error
        }
        if let host = object as? HostObject, let scriptName {
            host.scriptClassName = scriptName
            // Instances whose class defines deinit make each turn end with a collection.
            lua_pushstring(L, LuaRuntime.deinitHook)
            let key = lua_gettop(L)
            lua_pushvalue(L, classIndex)
            if ClassChain.lookup(L!, keyAt: key, functionsOnly: true, stopAtBoundClass: true) {
                runtime.objectsAwaitingDeinit += 1
            }
            lua_settop(L, key - 1)
        }
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
                    throw runtime.takeError()
                }
            }
        }
        lua_settop(L, instance)
        return 1
    }
}

/// A Lua UIView subclass's `layerClass`: the layer its instances are built on, or nil when the
/// class does not say (a plain CALayer). The function is called with the class.
private func backingLayer(_ runtime: LuaRuntime, classAt index: Int32, qualified: String) throws -> ((World) -> Layer)? {
    let L = runtime.L
    let top = lua_gettop(L)
    defer { lua_settop(L, top) }
    lua_pushstring(L, Hook.View.layerClass.rawValue)
    let key = lua_gettop(L)
    lua_pushvalue(L, index)
    guard ClassChain.lookup(L, keyAt: key, functionsOnly: true, stopAtBoundClass: true) else { return nil }
    lua_pushvalue(L, index)
    guard transit_pcall(L, 1, 1) == LUA_OK else { throw runtime.takeError() }
    let name = lua_type(L, -1) == LUA_TTABLE ? ClassChain.boundBase(runtime, ofClassAt: lua_gettop(L))?.bound : nil
    switch name {
    case "CALayer"?: return nil
    case "CAShapeLayer"?: return { ShapeLayer(world: $0) }
    case "CAGradientLayer"?: return { GradientLayer(world: $0) }
    case "CATransformLayer"?: return { TransformLayer(world: $0) }
    default:
        throw LuaCallError("\(qualified): layerClass must return CALayer, CAShapeLayer, CAGradientLayer or CATransformLayer (got \(runtime.typeDescription(at: -1)))")
    }
}

/// Whether the Lua class at `index` (or a Lua class it extends) defines `init`.
private func classDefinesInit(_ L: OpaquePointer, classAt index: Int32) -> Bool {
    lua_pushstring(L, "init")
    let key = lua_gettop(L)
    lua_pushvalue(L, index)
    let found = ClassChain.lookup(L, keyAt: key, functionsOnly: true, stopAtBoundClass: true)
    transit_pop(L, found ? 2 : 1)
    return found
}

/// `Class:subclass(name)`: a class table whose instances are the base class's objects with
/// this table's functions as methods (upvalue 2: the base class table, for `super`).
func makeSubclass(_ L: OpaquePointer?) -> Int32 {
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
