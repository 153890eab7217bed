import CLua
import TransitCore

// The hot paths of the bridge: `object.key`, `object.key = value` and calls of bound functions.
//
// Lookup of `object.key`: the object's own table and its Lua class chain, then the bound class
// tables (methods, statics), then the bound getters, then the rules for missing names
// (MemberChecks.swift). Assignment: a bound setter if there is one, an error for read-only
// properties, else the object's own table when the rules allow the key.
//
// What each costs: a raw lookup of the key in a table the class's metamethod holds as an
// upvalue; the entry found is a light userdata borrowed without retaining it; the receiver is
// read from its userdata's box. No Swift string is hashed or compared and nothing is
// allocated unless the call fails (the message) or the model allocates.

/// `object.key` (upvalues: getters, then the lineage's class tables, nearest first).
func indexObject(_ L: OpaquePointer?) -> Int32 {
    let L = L!
    // The metatable can be reached (getmetatable) and its functions called with anything.
    guard ObjectBox.at(1, in: L) != nil else { return refuseForeignSelf(L, "__index") }
    // 1: userdata, 2: key. The object's own table and Lua class chain, raw: these need no
    // Swift at all.
    if lua_getiuservalue(L, 1, 1) == LUA_TTABLE {
        if ClassChain.lookup(L, keyAt: 2, functionsOnly: false, stopAtBoundClass: false) {
            // A function named like a bound property. For a property UIKit lets subclasses
            // override (declared overridable: preferredContentSize, completionSpeed, ...) it is
            // the getter, and reading the property calls it, as a Swift `override var` is what
            // every reader sees. For any other property (a delegate hook such as
            // presentationController on a controller that is its own delegate) the function is
            // for UIKit to call, and reading the property still reads the property.
            guard lua_type(L, -1) == LUA_TFUNCTION else { return 1 }
            lua_pushvalue(L, 2)
            guard lua_rawget(L, transit_upvalueindex(2)) == LUA_TLIGHTUSERDATA, let pointer = lua_touserdata(L, -1) else {
                transit_pop(L, 1); return 1
            }
            transit_pop(L, 2)
            if Unmanaged<PropertyEntry>.borrow(pointer, { $0.overrideCheck != nil }) {
                return guarded(L) { runtime in
                    try Unmanaged<PropertyEntry>.borrow(pointer) { entry in
                        if try runtime.pushOverriddenValue(entry, objectAt: 1, keyAt: 2) { return 1 }
                        return try readBoundProperty(runtime, entry)
                    }
                }
            }
        }
    } else {
        transit_pop(L, 1)
    }
    // The bound class tables: methods and statics.
    var upvalue: Int32 = 3
    while lua_type(L, transit_upvalueindex(upvalue)) == LUA_TTABLE {
        lua_pushvalue(L, 2)
        if lua_rawget(L, transit_upvalueindex(upvalue)) != LUA_TNIL { return 1 }
        transit_pop(L, 1)
        upvalue += 1
    }
    // A getter; a string there marks a UIKit member Transit lacks (MemberChecks.swift).
    lua_pushvalue(L, 2)
    let found = lua_rawget(L, transit_upvalueindex(2))
    if found == LUA_TSTRING { return raiseUnavailable(L) }
    guard found == LUA_TLIGHTUSERDATA, let pointer = lua_touserdata(L, -1) else {
        transit_pop(L, 1)
        return guarded(L) { runtime in try runtime.missingMember() }
    }
    transit_pop(L, 1)
    return guarded(L) { runtime in
        try Unmanaged<PropertyEntry>.borrow(pointer) { entry in try readBoundProperty(runtime, entry) }
    }
}

/// The bound getter of the object at 1.
@inline(__always)
private func readBoundProperty(_ runtime: LuaRuntime, _ entry: PropertyEntry) throws -> Int32 {
    guard let raw = runtime.objectBox(at: 1)?.pointee.object else { throw released(runtime) }
    var call = HostCall(runtime: runtime, site: entry, base: 2)
    try Unmanaged<AnyObject>.borrow(raw) { object in try entry.getter(&call, object) }
    return 1
}

/// `object.key = value`, every write the C path (CLua/assignment.c) leaves to Swift: values it
/// does not read, values that fail their check (the message is worded here), a receiver to
/// root, read-only and free fields (upvalue 2: setters, each a transit_Setter; `false` marks a
/// read-only property).
func assignObject(_ L: OpaquePointer?) -> Int32 {
    let L = L!
    guard ObjectBox.at(1, in: L) != nil else { return refuseForeignSelf(L, "__newindex") }
    lua_pushvalue(L, 2)
    let kind = lua_rawget(L, transit_upvalueindex(2))
    if kind == LUA_TLIGHTUSERDATA, let setterInC = lua_touserdata(L, -1), let pointer = setterInC.assumingMemoryBound(to: transit_Setter.self).pointee.entry {
        transit_pop(L, 1)
        return guarded(L) { runtime in
            try Unmanaged<PropertyEntry>.borrow(pointer) { entry in
                guard let setter = entry.setter else { return 0 }
                guard let box = runtime.objectBox(at: 1), let raw = box.pointee.object else { throw released(runtime) }
                runtime.handedToHost(box, at: 1)
                if let problem = entry.valueCheck?.problem(runtime, at: 3) {
                    throw LuaCallError("\(entry.qualifiedName) must be \(problem) (got \(runtime.typeDescription(at: 3)))")
                }
                var call = HostCall(runtime: runtime, site: entry, base: 3)
                try Unmanaged<AnyObject>.borrow(raw) { object in try setter(&call, object, 3) }
                return 0
            }
        }
    }
    return guarded(L) { runtime in
        if kind == LUA_TBOOLEAN {
            let name = runtime.string(at: 2) ?? "?"
            throw LuaCallError("\(runtime.typeDescription(at: 1)).\(name) is read-only")
        }
        transit_pop(L, 1)
        guard lua_type(L, 2) != LUA_TNIL, !(lua_type(L, 2) == LUA_TNUMBER && lua_tonumberx(L, 2, nil).isNaN) else {
            throw LuaCallError("cannot use a nil or NaN key on \(runtime.typeDescription(at: 1))")
        }
        try runtime.checkFreeFieldAssignment()
        guard runtime.pushObjectTable(at: 1, create: true) else { throw released(runtime) }
        lua_pushvalue(L, 2)
        lua_pushvalue(L, 3)
        lua_rawset(L, -3)
        return 0
    }
}

/// `object.key = value` for a value the C path read and checked (CLua/assignment.c): the setter
/// checks the receiver's class and writes `numbers` made into its value. Everything around it
/// is the general path's: the served thread, the sweep at a host entry, errors raised by the
/// trampoline once this has returned.
func assignChecked(_ L: OpaquePointer?, _ entry: UnsafeMutableRawPointer?, _ object: UnsafeMutableRawPointer?,
                   _ numbers: UnsafePointer<Double>?) -> Int32 {
    guarded(L) { runtime in
        guard let entry, let object, let numbers else { throw LuaCallError("a property write reached Swift without its setter, receiver or value (a Transit bug)") }
        return try Unmanaged<PropertyEntry>.borrow(entry) { entry in
            var call = HostCall(runtime: runtime, site: entry, base: 3)
            try Unmanaged<AnyObject>.borrow(object) { object in try entry.checkedSetter(&call, object, numbers) }
            return 0
        }
    }
}

/// A host object's metamethod called by hand with something else as `self`
/// (`getmetatable(view).__newindex(nil, "x", 1)`).
private func refuseForeignSelf(_ L: OpaquePointer, _ metamethod: String) -> Int32 {
    guarded(L) { runtime in
        throw LuaCallError("\(metamethod) of a host object called with \(runtime.typeDescription(at: 1)) as self; it only works on the object itself")
    }
}

/// The object was released (its `__gc` called by hand): say so instead of acting on nothing.
private func released(_ runtime: LuaRuntime) -> LuaCallError {
    LuaCallError("this \(runtime.objectClassName(at: 1) ?? "object") was released (its __gc metamethod ran) and cannot be used any more")
}

/// A bound function or method (upvalue: its HostFunctionEntry).
func dispatchHostFunction(_ L: OpaquePointer?) -> Int32 {
    guard let pointer = lua_touserdata(L, transit_upvalueindex(2)) else { return 0 }
    return guarded(L) { runtime in
        try Unmanaged<HostFunctionEntry>.borrow(pointer) { entry in
            var base: Int32 = 1
            if entry.isMethod {
                // `self` must be an object of the class: catches `view.addSubview(w)` (dot call).
                let isInstance: Bool
                if entry.ownerIsValue {
                    isInstance = runtime.valueClassName(at: 1) == entry.ownerName || lua_type(L, 1) == LUA_TTABLE
                } else if let box = runtime.objectBox(at: 1), let raw = box.pointee.object {
                    isInstance = Unmanaged<AnyObject>.borrow(raw) { entry.ownerMatches($0) }
                    runtime.handedToHost(box, at: 1)
                } else {
                    isInstance = false
                }
                guard isInstance else {
                    throw LuaCallError("\(entry.qualifiedName): expected a \(entry.ownerName) as self (got \(runtime.typeDescription(at: 1))); call it with ':' as in object:\(entry.function.name)(...)")
                }
                base = 2
            }
            var call = HostCall(runtime: runtime, site: entry, base: base)
            do {
                try runtime.checkArguments(entry, &call)
            } catch let error as LuaCallError {
                throw withLuaForms(error, entry)
            }
            guard let implementation = entry.implementation else { return 0 }
            do {
                let results = try implementation(&call)
                #if DEBUG
                if let mismatch = runtime.resultMismatch(entry.function, count: results) {
                    throw LuaCallError("\(entry.qualifiedName) \(mismatch) (a Transit bug: its declaration and its body disagree)")
                }
                #endif
                return results
            } catch let error as LuaCallError {
                throw withLuaForms(error, entry)
            } catch let error as ScriptError {
                throw error
            } catch let error as ModelUsageError where error.member == entry.qualifiedName {
                // The model's message already begins with this function's name: name it once.
                throw LuaCallError(error.message, subject: .function(entry.qualifiedName))
            } catch {
                throw LuaCallError("\(entry.qualifiedName): \(error)", subject: .function(entry.qualifiedName))
            }
        }
    }
}

/// "UIView:insertSubview(view, index)": how Lua calls the bound function, with its parameters' names.
func luaForm(_ entry: HostFunctionEntry) -> String {
    var name = entry.qualifiedName
    if entry.isMethod, let dot = name.lastIndex(of: ".") { name.replaceSubrange(dot...dot, with: ":") }
    return "\(name)(\(entry.parameters.map(\.name).joined(separator: ", ")))"
}

/// An argument error of a bound function: the Lua forms of overloaded UIKit names follow it
/// (SwiftSpellings.argumentHints), so a port passing Swift's arguments reads what to write.
/// Which errors those are is the error's subject (an argument, or the count), never its text.
private func withLuaForms(_ error: LuaCallError, _ entry: HostFunctionEntry) -> LuaCallError {
    guard let hint = SwiftSpellings.argumentHints[entry.qualifiedName] else { return error }
    switch error.subject {
    case .argument(let function, _), .argumentCount(let function, _, _):
        return function == entry.qualifiedName ? error.adding(hint) : error
    case .unknownOption, .function, nil:
        // An unknown option already lists the accepted keys: the Lua form is the one in use.
        return error
    }
}

extension LuaRuntime {
    /// Checks arguments against the declared parameters; the first mismatch is the error.
    func checkArguments(_ entry: HostFunctionEntry, _ call: inout HostCall) throws {
        let parameters = entry.parameters
        for argument in parameters.indices.lazy.map({ $0 + 1 }) where !entry.convertsArguments {
            let parameter = parameters[argument - 1]
            if let problem = parameter.check.problem(self, at: call.index(argument)) {
                let missing = call.argumentCount < Int32(argument) && call.base == 2
                let hint = missing ? "; did you call it with '.' instead of ':'?" : ""
                throw call.fail(argument: argument, "(\(parameter.name)) must be \(problem) (got \(typeDescription(at: call.index(argument))))\(hint)")
            }
        }
        if !entry.variadic && call.argumentCount > Int32(parameters.count) {
            let extra = Int(call.argumentCount) - parameters.count
            throw LuaCallError("\(call.name): expected at most \(parameters.count) argument\(parameters.count == 1 ? "" : "s") (got \(parameters.count + extra)): the Lua form is \(luaForm(entry))",
                               subject: .argumentCount(function: call.name, accepted: parameters.count, got: parameters.count + extra))
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
        case .table, .list, .options: return luaType == LUA_TTABLE ? nil : type.phrase
        case .enumeration(let name):
            guard luaType == LUA_TSTRING, let text = string(at: index) else { return type.phrase }
            let cases = api.enumeration(name)?.cases ?? []
            return cases.contains(text) ? nil : "one of " + cases.map { "\"\($0)\"" }.joined(separator: ", ") + " (unknown \(name) \"\(text)\")"
        case .value(let name):
            guard luaType == LUA_TTABLE else { return type.phrase }
            if let bridged = BridgedValues.byName[name] { return bridged.canRead(self, at: index) ? nil : type.phrase }
            return valueClassName(at: index) == name ? nil : type.phrase
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

/// `tostring(object)`.
func objectToString(_ L: OpaquePointer?) -> Int32 {
    LuaRuntime.serving(L) { runtime in
        guard let object = runtime.object(at: 1) else {
            lua_pushstring(L, "<released object>")
            return 1
        }
        lua_pushstring(L, TransitAPI.describe(object))
        return 1
    }
}
