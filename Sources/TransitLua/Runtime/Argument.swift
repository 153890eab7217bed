import CLua
import TransitCore

// Declared parameters that convert themselves. An `Argument<Value>` is one parameter of a bound
// function (or the value of a property setter): the declaration the stubs, docs and checker
// read (name, type, doc) together with the one read that checks the Lua value and converts it
// to `Value`. A binding declared with arguments receives typed values:
//
//     method("insertSubview", .object("view", View.self), .integer("index"), doc: "...", of: View.self) { call, v, view, index in ... }
//
// so the type is written once, the value is checked once, and the message of a wrong argument
// comes from the same declaration (`UIView.insertSubview: argument 2 (index) must be an integer
// (got string)`). This is Transit's `luaL_check*` / LÖVE `luax_checktype<T>`: small checked
// readers, one message shape.

struct Argument<Value> {
    let parameter: APIParameter
    /// Reads argument `position` (1-based, after `self`) of the call, or throws its mismatch.
    let read: (HostCall, Int) throws -> Value
    /// The same read done in C by a property write's fast path, for the readers of numbers,
    /// booleans and value tables; nil for the rest.
    var readInC: ReadInC<Value>?

    init(_ name: String, _ type: APIType, _ doc: String, read: @escaping (HostCall, Int) throws -> Value) {
        parameter = APIParameter(name, type, doc)
        self.read = read
    }

    /// A declared parameter whose value is `nil` when the argument is nil or absent.
    static func optional<Wrapped>(_ inner: Argument<Wrapped>) -> Argument<Wrapped?> where Value == Wrapped? {
        var argument = Argument<Wrapped?>(inner.parameter.name, .optional(inner.parameter.type), inner.parameter.doc) { call, position in
            call.isNil(position) ? nil : try inner.read(call, position)
        }
        // nil is left to `read`; a value the C path takes is the inner reader's.
        argument.readInC = inner.readInC.map { inner in ReadInC(inner.kind, inner.valueType) { .some(inner.make($0)) } }
        return argument
    }

    /// A declared optional parameter that reads as `value` when nil or absent.
    static func optional(_ inner: Argument<Value>, default value: Value) -> Argument<Value> {
        var argument = Argument(inner.parameter.name, .optional(inner.parameter.type), inner.parameter.doc) { call, position in
            call.isNil(position) ? value : try inner.read(call, position)
        }
        argument.readInC = inner.readInC
        return argument
    }

    /// A parameter the declaration checks (unions, options tables, lists) and the body reads
    /// itself at the stack index it receives: for shapes no single Swift type fits.
    static func checked(_ name: String, _ type: APIType, _ doc: String = "") -> Argument<Int32> where Value == Int32 {
        Argument<Int32>(name, type, doc) { call, position in
            let index = call.index(position)
            if call.runtime.check(type, at: index) != nil { throw call.mismatch(position, type) }
            return index
        }
    }
}

/// How the C path of a property write (CLua/assignment.c) reads a value without Swift: which Lua
/// values it takes (`kind`, a TRANSIT_VALUE_ constant; for a value table, the registered type
/// whose fields it reads) and the `Value` the numbers it read make. The C checks are those of
/// the reader that declares it, so what the C path takes is what `read` would accept, made
/// into the same value; whatever it does not take goes to `read`, which words the mismatch.
struct ReadInC<Value> {
    let kind: Int32
    let valueType: (any BridgedValue.Type)?
    let make: (UnsafePointer<Double>) -> Value

    init(_ kind: Int32, _ valueType: (any BridgedValue.Type)? = nil, make: @escaping (UnsafePointer<Double>) -> Value) {
        self.kind = kind; self.valueType = valueType; self.make = make
    }
}

extension Argument {
    /// A reader of one Lua type: another type is a mismatch, and so is a value `convert` turns
    /// down (returns nil for); `convert` may also throw words of its own.
    init(_ name: String, _ type: APIType, _ doc: String, tag: Int32,
         convert: @escaping (HostCall, _ index: Int32) throws -> Value?) {
        self.init(name, type, doc) { call, position in
            let index = call.index(position)
            guard lua_type(call.L, index) == tag, let value = try convert(call, index) else {
                throw call.mismatch(position, type)
            }
            return value
        }
    }
}

extension Argument where Value == Double {
    /// Any number (NaN and infinities included: for values the model clamps or rejects itself).
    static func number(_ name: String = "", _ doc: String = "") -> Self {
        var argument = Argument(name, .number, doc, tag: LUA_TNUMBER) { call, index in lua_tonumberx(call.L, index, nil) }
        argument.readInC = ReadInC(Int32(TRANSIT_VALUE_NUMBER)) { $0[0] }
        return argument
    }

    /// A finite number: NaN and infinities are an error naming the parameter.
    static func finite(_ name: String = "", _ doc: String = "") -> Self {
        var argument = Argument(name, .number, doc, tag: LUA_TNUMBER) { call, index in try call.requireFinite(lua_tonumberx(call.L, index, nil), name) }
        argument.readInC = ReadInC(Int32(TRANSIT_VALUE_FINITE)) { $0[0] }
        return argument
    }
}

extension Argument where Value == Int {
    static func integer(_ name: String = "", _ doc: String = "") -> Self {
        var argument = Argument(name, .integer, doc, tag: LUA_TNUMBER) { call, index in
            let value = lua_tonumberx(call.L, index, nil)
            return value == value.rounded() && abs(value) < 1e15 ? Int(value) : nil
        }
        argument.readInC = ReadInC(Int32(TRANSIT_VALUE_INTEGER)) { Int($0[0]) }
        return argument
    }
}

extension Argument where Value == Bool {
    static func boolean(_ name: String = "", _ doc: String = "") -> Self {
        var argument = Argument(name, .boolean, doc, tag: LUA_TBOOLEAN) { call, index in lua_toboolean(call.L, index) != 0 }
        argument.readInC = ReadInC(Int32(TRANSIT_VALUE_BOOLEAN)) { $0[0] != 0 }
        return argument
    }
}

extension Argument where Value == String {
    static func string(_ name: String = "", _ doc: String = "") -> Self {
        Argument(name, .string, doc, tag: LUA_TSTRING) { call, index in call.runtime.string(at: index) }
    }
}

extension Argument where Value == LuaFunction {
    /// A function the host keeps to call later (it remembers where it came from for messages).
    static func function(_ name: String = "", _ doc: String = "") -> Self {
        Argument(name, .function, doc, tag: LUA_TFUNCTION) { call, index in
            LuaFunction(runtime: call.runtime, index: index, origin: .argument(function: call.name, index: Int(index - call.base) + 1))
        }
    }
}

extension Argument where Value: HostObject {
    /// A host object of `type` (or a subclass), declared under the Lua name the type gives
    /// itself (`View.className` is "UIView"): the class name is never restated beside the type.
    static func object(_ name: String, _ type: Value.Type, _ doc: String = "") -> Self {
        let declared = APIType.object(type.className)
        return Argument(name, declared, doc) { call, position in
            guard let box = call.runtime.objectBox(at: call.index(position)), let raw = box.pointee.object,
                  Unmanaged<AnyObject>.borrow(raw, { $0 is Value }) else {
                throw call.mismatch(position, declared)
            }
            return unsafeDowncast(Unmanaged<AnyObject>.fromOpaque(raw).takeUnretainedValue(), to: Value.self)
        }
    }
}

extension Argument where Value == AnyObject {
    /// An object implementing protocol `protocolName`: a host object as itself, a Lua table as
    /// a script object the engine calls hooks on (`LuaRuntime.protocolObject`).
    static func protocolObject(_ name: String, _ protocolName: String, _ doc: String = "") -> Self {
        let declared = APIType.protocol(protocolName)
        return Argument(name, declared, doc) { call, position in
            let index = call.index(position)
            let luaType = lua_type(call.L, index)
            guard luaType == LUA_TTABLE || luaType == LUA_TUSERDATA else { throw call.mismatch(position, declared) }
            return call.runtime.protocolObject(at: index)
        }
    }
}

extension Argument where Value: BridgedValue {
    /// A property's value (CGRect, UIColor, ...) with every component finite.
    static func value(_ type: Value.Type) -> Self { value("", type) }

    /// A value (CGRect, UIColor, ...) with every component finite.
    static func value(_ name: String, _ type: Value.Type, _ doc: String = "") -> Self {
        var argument = Argument(name, .value(Value.luaName), doc) { call, position in
            guard let value = readValue(Value.self, in: call.L, at: call.index(position)) else {
                throw call.mismatch(position, .value(Value.luaName))
            }
            return try call.requireFinite(value, name)
        }
        // Every field a finite number: `isFinite` of every registered type asks no more.
        argument.readInC = ReadInC(Int32(TRANSIT_VALUE_FIELDS), Value.self) { fields in Value(fields: { fields[$0] }) }
        return argument
    }
}

extension Argument where Value: RawRepresentable, Value.RawValue == String {
    /// One of the named enumeration's strings, as the Swift enum with those raw values.
    static func enumeration(_ name: String, _ type: Value.Type, _ enumName: String, _ doc: String = "") -> Self {
        Argument(name, .enumeration(enumName), doc, tag: LUA_TSTRING) { call, index in
            call.runtime.string(at: index).flatMap(Value.init(rawValue:))
        }
    }
}

extension HostCall {
    /// The error of a declared argument, or of a property's value, that does not fit `type`:
    /// worded by the same check the declaration drives, so every binding says it alike.
    func mismatch(_ position: Int, _ type: APIType) -> LuaCallError {
        let index = index(position)
        let problem = runtime.check(type, at: index) ?? type.phrase
        let got = runtime.typeDescription(at: index)
        if site is PropertyEntry { return LuaCallError("\(name) must be \(problem) (got \(got))") }
        let parameterName = (site as? HostFunctionEntry).flatMap { entry in
            position <= entry.function.parameters.count ? entry.function.parameters[position - 1].name : nil
        }
        let label = parameterName.map { "(\($0)) " } ?? ""
        let hint = argumentCount < Int32(position) && base == 2 ? "; did you call it with '.' instead of ':'?" : ""
        return fail(argument: position, "\(label)must be \(problem) (got \(got))\(hint)")
    }

    /// "index " for an argument's own words, nothing for a property (its name says which).
    func subject(_ what: String) -> String { what.isEmpty || what == name ? "" : what + " " }
}
