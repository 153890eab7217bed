import CLua

// What a bound closure or metamethod needs at call time, built once when the classes are
// installed. Each entry is a final class kept alive by the runtime for the life of the state;
// Lua holds it as a light userdata (an upvalue, or a value in a class's getter/setter table),
// and the dispatcher borrows it without retaining it. Nothing here is copied per call:
// copying the APIFunction/APIProperty structs (arrays, closures, an indirect enum) cost a dozen
// reference-count operations a call.

/// The name messages give a call ("UIView.alpha", "UIView.insertSubviewBelow").
class CallSite {
    final let qualifiedName: String
    init(qualifiedName: String) { self.qualifiedName = qualifiedName }

    /// The pointer Lua holds (a light userdata); valid while the runtime keeps the entry.
    final var lightUserdata: UnsafeMutableRawPointer { Unmanaged.passUnretained(self).toOpaque() }
}

/// A bound function or method, as its closure's upvalue.
final class HostFunctionEntry: CallSite {
    let function: APIFunction
    let implementation: HostImplementation?
    /// Methods check `self` (catches `view.addSubview(w)`, a dot call).
    let isMethod: Bool
    let ownerName: String
    let ownerIsValue: Bool
    let ownerMatches: (AnyObject) -> Bool
    let parameters: [ParameterCheck]
    let variadic: Bool
    /// The implementation converts its declared arguments (Argument.swift): only their number is checked here.
    let convertsArguments: Bool

    init(_ function: APIFunction, owner: APIClass?, qualifiedName: String, api: APIDescription) {
        self.function = function
        implementation = function.implementation
        isMethod = function.kind == .method && owner != nil
        ownerName = owner?.name ?? ""
        ownerIsValue = owner?.isValue ?? false
        ownerMatches = owner?.matches ?? { _ in false }
        parameters = function.parameters.map { ParameterCheck($0, api: api) }
        variadic = function.variadic
        convertsArguments = function.convertsArguments
        super.init(qualifiedName: qualifiedName)
    }
}

/// A bound property of a class, as the value of its name in the class's getter table; the
/// setter table holds its `cSetter`.
final class PropertyEntry: CallSite {
    let property: APIProperty
    let getter: PropertyGetter
    let setter: PropertySetter?
    /// nil when the setter converts its value itself (declared with an `Argument`).
    let valueCheck: TypeCheck?
    /// Overridable properties: the check of what a subclass's getter method returns, made
    /// once here so reading an overridden property allocates nothing.
    let overrideCheck: TypeCheck?
    /// The setter for a value the C path read (CLua/assignment.c). Not optional: calling a
    /// closure unwrapped from an optional retains its context, on the hottest write.
    let checkedSetter: CheckedPropertySetter
    /// What C reads for the setter and where this entry is (the setter table's light
    /// userdata); owned by the entry. Where its value type's field names are is filled in with
    /// its class's __newindex, its value metatable once every class is installed
    /// (ClassInstallation.swift).
    let cSetter: UnsafeMutablePointer<transit_Setter>
    /// The value type whose fields C reads, if any.
    let valueType: (any BridgedValue.Type)?

    init(_ property: APIProperty, qualifiedName: String, api: APIDescription, limits: UnsafeMutablePointer<transit_Limits>) {
        self.property = property
        getter = property.getter
        setter = property.setter
        valueCheck = property.convertsValue ? nil : TypeCheck(property.type, api: api)
        overrideCheck = property.isOverridable ? TypeCheck(property.type, api: api) : nil
        // Unwrapped with `if let`: `??` or `?.` on the optional would wrap the closure in a
        // reabstraction thunk, one more call on every write.
        var kind = Int32(TRANSIT_VALUE_OTHER)
        if let setterInC = property.setterInC {
            checkedSetter = setterInC.set
            kind = setterInC.kind
            valueType = setterInC.valueType
        } else {
            checkedSetter = { call, _, _ in
                throw LuaCallError("\(call.name) was given a value read in C, which it does not take (a Transit bug)")
            }
            valueType = nil
        }
        cSetter = .allocate(capacity: 1)
        cSetter.initialize(to: transit_Setter(
            kind: kind, fieldCount: Int32(valueType?.fieldNames.count ?? 0), firstField: 0, valueMetatable: nil,
            set: { L, entry, object, numbers in assignChecked(L, entry, object, numbers) }, entry: nil, limits: limits))
        super.init(qualifiedName: qualifiedName)
        cSetter.pointee.entry = lightUserdata
    }

    deinit { cSetter.deallocate() }
}

/// A bound object class: its index is what every userdata of the class records (ObjectBox).
final class BoundClass {
    let name: String
    let index: Int
    /// Registry reference of the metatable its userdata get.
    var metatableReference: Int32 = LUA_NOREF
    /// The overridable properties of the class and its ancestors, by name: what the engine
    /// may ask a subclass instance for (`LuaRuntime.overriddenProperty`).
    var overridableProperties: [String: PropertyEntry] = [:]

    init(name: String, index: Int) { self.name = name; self.index = index }
}

/// A declared type reduced to what a check needs on the common path: the Lua type tag to
/// compare. Anything the tag cannot settle (values, objects, enums, unions) goes to the full
/// check, which also words every message, so messages stay exactly those of `check(_:at:)`.
struct TypeCheck {
    enum Kind { case anything, number, boolean, string, function, table, object, full }
    let kind: Kind
    let acceptsNil: Bool
    let type: APIType
    /// For `.object`: the class's matcher, found once rather than by name on every call.
    let matchesObject: ((AnyObject) -> Bool)?

    init(_ type: APIType, api: APIDescription) {
        self.type = type
        var inner = type
        if case .optional(let wrapped) = type { inner = wrapped; acceptsNil = true } else { acceptsNil = false }
        var matcher: ((AnyObject) -> Bool)?
        switch inner {
        case .any: kind = .anything
        case .number: kind = .number
        case .boolean: kind = .boolean
        case .string: kind = .string
        case .function: kind = .function
        case .table, .list, .options: kind = .table
        case .object(let name):
            matcher = api.cls(name)?.matches
            kind = matcher == nil ? .full : .object
        default: kind = .full
        }
        matchesObject = matcher
    }

    /// nil when the value at `index` fits, else what was expected (as `check(_:at:)` words it).
    @inline(__always)
    func problem(_ runtime: LuaRuntime, at index: Int32) -> String? {
        let L = runtime.L
        let luaType = lua_type(L, index)
        if acceptsNil && luaType <= LUA_TNIL { return nil }
        switch kind {
        case .anything: return nil
        case .number: if luaType == LUA_TNUMBER { return nil }
        case .boolean: if luaType == LUA_TBOOLEAN { return nil }
        case .string: if luaType == LUA_TSTRING { return nil }
        case .function: if luaType == LUA_TFUNCTION { return nil }
        case .table: if luaType == LUA_TTABLE { return nil }
        case .object:
            if let raw = runtime.objectBox(at: index)?.pointee.object, let matches = matchesObject,
               Unmanaged<AnyObject>.borrow(raw, matches) { return nil }
        case .full: break
        }
        return runtime.check(type, at: index)
    }
}

/// A declared parameter with its check prepared.
struct ParameterCheck {
    let name: String
    let check: TypeCheck
    init(_ parameter: APIParameter, api: APIDescription) { name = parameter.name; check = TypeCheck(parameter.type, api: api) }
}

extension Unmanaged {
    /// Borrows the instance behind a light userdata without retaining it: the runtime keeps
    /// every entry alive for as long as Lua can reach it.
    @inline(__always)
    static func borrow<Result>(_ pointer: UnsafeMutableRawPointer, _ body: (Instance) throws -> Result) rethrows -> Result {
        try fromOpaque(pointer)._withUnsafeGuaranteedRef(body)
    }
}
