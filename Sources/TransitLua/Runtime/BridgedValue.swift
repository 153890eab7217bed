import CLua
import TransitCore

// The value types that cross into Lua as tables (CGRect, UIColor, CATransform3D, ...), each
// registered once: its Lua class name, its numeric fields, how to build it from them and how a
// hook's result wraps it. Everything that reads, pushes, checks, compares or prints a value
// goes through this one description, so adding a value type is one conformance and one line in
// `BridgedValues.all` (the class's methods are declared in Bindings/Values.swift as before).
//
// Values have Swift value semantics: every push makes a fresh table, and a read accepts a
// table of the class or a plain table with the same numeric fields.

protocol BridgedValue: Equatable, CustomStringConvertible {
    /// The Lua class name ("CGRect"), as messages, stubs and `__name` say it.
    static var luaName: String { get }
    /// Whether `description` already begins with the class name (UIColor's does), so
    /// `describe` does not add it again.
    static var descriptionNamesClass: Bool { get }
    /// The table's numeric fields, in the order `field(_:)` and `init(fields:)` use.
    static var fieldNames: [String] { get }
    /// Builds the value from its fields, read one at a time (no array is made per read).
    init(fields: (Int) -> Double)
    func field(_ index: Int) -> Double
    /// Whether every component is finite; a NaN or infinite geometry value is always a mistake.
    var isFinite: Bool { get }
    /// How a check words a non-finite component ("must be finite").
    static var finiteRequirement: String { get }
    /// The value as a hook argument or result for the model; nil for types the model never
    /// receives from a hook (they reach it as a reference to the Lua table).
    var scriptValue: ScriptValue? { get }
    /// Whether the fields are pushed as Lua integers (an IndexPath's item prints as 3, not 3.0).
    static var hasIntegerFields: Bool { get }
}

extension BridgedValue {
    static var descriptionNamesClass: Bool { false }
    static var finiteRequirement: String { "must be finite" }
    static var hasIntegerFields: Bool { false }
}

/// The registry: every value type the bridge knows, found by Lua class name.
enum BridgedValues {
    nonisolated(unsafe) static let all: [any BridgedValue.Type] = [
        Rect.self, Point.self, Size.self, Vector.self, Color.self, Transform2D.self, Transform3D.self, EdgeInsets.self,
        DirectionalEdgeInsets.self, TimingFunction.self, Spring.self, LuaIndexPath.self,
    ]
    nonisolated(unsafe) static let byName: [String: any BridgedValue.Type] =
        Dictionary(uniqueKeysWithValues: all.map { ($0.luaName, $0) })
}

// MARK: - Conformances: the only place each type's fields are listed

extension Rect: BridgedValue {
    static let luaName = "CGRect"
    static let fieldNames = ["x", "y", "width", "height"]
    init(fields f: (Int) -> Double) { self.init(x: f(0), y: f(1), width: f(2), height: f(3)) }
    func field(_ i: Int) -> Double { i == 0 ? x : i == 1 ? y : i == 2 ? width : height }
    var scriptValue: ScriptValue? { .rect(self) }
}

extension Point: BridgedValue {
    static let luaName = "CGPoint"
    static let fieldNames = ["x", "y"]
    init(fields f: (Int) -> Double) { self.init(x: f(0), y: f(1)) }
    func field(_ i: Int) -> Double { i == 0 ? x : y }
    var scriptValue: ScriptValue? { .point(self) }
}

extension Size: BridgedValue {
    static let luaName = "CGSize"
    static let fieldNames = ["width", "height"]
    init(fields f: (Int) -> Double) { self.init(width: f(0), height: f(1)) }
    func field(_ i: Int) -> Double { i == 0 ? width : height }
    var scriptValue: ScriptValue? { .size(self) }
}

extension Vector: BridgedValue {
    static let luaName = "CGVector"
    static let fieldNames = ["dx", "dy"]
    init(fields f: (Int) -> Double) { self.init(dx: f(0), dy: f(1)) }
    func field(_ i: Int) -> Double { i == 0 ? dx : dy }
    var scriptValue: ScriptValue? { .vector(self) }
}

extension Color: BridgedValue {
    static var descriptionNamesClass: Bool { true }
    static let luaName = "UIColor"
    static let fieldNames = ["red", "green", "blue", "alpha"]
    static var finiteRequirement: String { "must have finite components" }
    init(fields f: (Int) -> Double) { self.init(red: f(0), green: f(1), blue: f(2), alpha: f(3)) }
    func field(_ i: Int) -> Double { i == 0 ? red : i == 1 ? green : i == 2 ? blue : alpha }
    var scriptValue: ScriptValue? { .color(self) }
}

extension Transform2D: BridgedValue {
    static let luaName = "CGAffineTransform"
    static let fieldNames = ["a", "b", "c", "d", "tx", "ty"]
    init(fields f: (Int) -> Double) { self.init(a: f(0), b: f(1), c: f(2), d: f(3), tx: f(4), ty: f(5)) }
    func field(_ i: Int) -> Double {
        switch i { case 0: a; case 1: b; case 2: c; case 3: d; case 4: tx; default: ty }
    }
    var scriptValue: ScriptValue? { .transform2D(self) }
}

extension Transform3D: BridgedValue {
    static let luaName = "CATransform3D"
    static var fieldNames: [String] { elementNames }
    init(fields f: (Int) -> Double) { self.init((0..<16).map(f)) }
    func field(_ i: Int) -> Double {
        switch i {
        case 0: m11; case 1: m12; case 2: m13; case 3: m14
        case 4: m21; case 5: m22; case 6: m23; case 7: m24
        case 8: m31; case 9: m32; case 10: m33; case 11: m34
        case 12: m41; case 13: m42; case 14: m43; default: m44
        }
    }
    var scriptValue: ScriptValue? { .transform3D(self) }
}

extension EdgeInsets: BridgedValue {
    static let luaName = "UIEdgeInsets"
    static let fieldNames = ["top", "left", "bottom", "right"]
    init(fields f: (Int) -> Double) { self.init(top: f(0), left: f(1), bottom: f(2), right: f(3)) }
    func field(_ i: Int) -> Double { i == 0 ? top : i == 1 ? left : i == 2 ? bottom : right }
    var scriptValue: ScriptValue? { nil }
}

extension DirectionalEdgeInsets: BridgedValue {
    static let luaName = "NSDirectionalEdgeInsets"
    static let fieldNames = ["top", "leading", "bottom", "trailing"]
    init(fields f: (Int) -> Double) { self.init(top: f(0), leading: f(1), bottom: f(2), trailing: f(3)) }
    func field(_ i: Int) -> Double { i == 0 ? top : i == 1 ? leading : i == 2 ? bottom : trailing }
    var scriptValue: ScriptValue? { nil }
}

extension TimingFunction: BridgedValue {
    static let luaName = "CAMediaTimingFunction"
    static let fieldNames = ["c1x", "c1y", "c2x", "c2y"]
    init(fields f: (Int) -> Double) {
        self.init(controlPoint1: Point(x: f(0), y: f(1)), controlPoint2: Point(x: f(2), y: f(3)))
    }
    func field(_ i: Int) -> Double {
        i == 0 ? controlPoint1.x : i == 1 ? controlPoint1.y : i == 2 ? controlPoint2.x : controlPoint2.y
    }
    var isFinite: Bool { controlPoint1.isFinite && controlPoint2.isFinite }
    var scriptValue: ScriptValue? { nil }
    public var description: String { "(\(controlPoint1), \(controlPoint2))" }
}

extension Spring: BridgedValue {
    static let luaName = "UISpringTimingParameters"
    static let fieldNames = ["mass", "stiffness", "damping", "initialVelocity"]
    init(fields f: (Int) -> Double) { self.init(mass: f(0), stiffness: f(1), damping: f(2), initialVelocity: f(3)) }
    func field(_ i: Int) -> Double { i == 0 ? mass : i == 1 ? stiffness : i == 2 ? damping : initialVelocity }
    var isFinite: Bool { mass.isFinite && stiffness.isFinite && damping.isFinite && initialVelocity.isFinite }
    var scriptValue: ScriptValue? { nil }
    public var description: String {
        "(mass: \(formatNumber(mass)), stiffness: \(formatNumber(stiffness)), damping: \(formatNumber(damping)), initialVelocity: \(formatNumber(initialVelocity)))"
    }
}

// MARK: - Pushing and reading, written once for every registered type

extension LuaRuntime {
    /// Pushes a fresh table of the value's class.
    func push<V: BridgedValue>(_ value: V) {
        let names = V.fieldNames
        lua_createtable(L, 0, Int32(names.count))
        for (i, key) in names.enumerated() {
            let number = value.field(i)
            if V.hasIntegerFields, number == number.rounded(), abs(number) < 1e15 {
                lua_pushinteger(L, lua_Integer(number))
            } else {
                lua_pushnumber(L, number)
            }
            key.withCString { lua_setfield(L, -2, $0) }  // no heap copy of the name (see readValue)
        }
        pushValueMetatable(V.luaName)
        lua_setmetatable(L, -2)
    }

    /// The value at `index` if it is a table of class `V` (or a plain table) with every field a number.
    func read<V: BridgedValue>(_: V.Type, at index: Int32) -> V? { readValue(V.self, in: L, at: index) }
}

/// `LuaRuntime.read` on a state: what a host call uses (`call.L`), since going through
/// `call.runtime` retains the runtime, whose weak references make that an atomic on its side
/// table, twice per `v.frame = r`.
func readValue<V: BridgedValue>(_: V.Type, in L: OpaquePointer, at index: Int32) -> V? {
    guard lua_type(L, index) == LUA_TTABLE else { return nil }
    let table = lua_absindex(L, index)
    if hasOtherValueClass(L, at: table, than: V.luaName) { return nil }
    // Raw reads (a value's metatable has an __index for its methods), each field read once
    // into a buffer on the stack and checked there, since `init(fields:)` cannot fail.
    // Keys are pushed from the names' own UTF-8: passing a String where C wants a pointer
    // makes a NUL-terminated copy on the heap per call (bench `bridge.frame_write`).
    let names = V.fieldNames
    return withUnsafeTemporaryAllocation(of: Double.self, capacity: names.count) { buffer -> V? in
        for (i, var key) in names.enumerated() {
            key.withUTF8 { bytes in _ = lua_pushlstring(L, bytes.baseAddress, bytes.count) }
            let type = lua_rawget(L, table)
            buffer[i] = lua_tonumberx(L, -1, nil)
            transit_pop(L, 1)
            if type != LUA_TNUMBER { return nil }
        }
        return V(fields: { buffer[$0] })
    }
}

/// Whether the table at `table` (an absolute index) names a class other than `name` in its
/// metatable's `__name` (a string, or a number as `valueClassName` reads it): `valueClassName`'s
/// check, comparing bytes where it would make a String per read.
private func hasOtherValueClass(_ L: OpaquePointer, at table: Int32, than name: String) -> Bool {
    guard lua_getmetatable(L, table) != 0 else { return false }
    defer { transit_pop(L, 2) }
    lua_pushstring(L, "__name")
    let type = lua_rawget(L, -2)
    guard type == LUA_TSTRING || type == LUA_TNUMBER else { return false }
    var length = 0
    guard let pointer = transit_tostring(L, -1, &length) else { return false }
    var name = name
    return name.withUTF8 { bytes in !bytes.elementsEqual(UnsafeRawBufferPointer(start: pointer, count: length)) }
}

extension BridgedValue {
    // Operations on a type found by name at run time (`any BridgedValue.Type`): checks,
    // hook results, `==` and `tostring` of values.
    static func canRead(_ runtime: LuaRuntime, at index: Int32) -> Bool { runtime.read(Self.self, at: index) != nil }
    /// nil: not readable as this type; .some(nil): readable, but not a model value.
    static func scriptValue(_ runtime: LuaRuntime, at index: Int32) -> ScriptValue?? { runtime.read(Self.self, at: index).map(\.scriptValue) }
    static func equal(_ runtime: LuaRuntime, _ a: Int32, _ b: Int32) -> Bool {
        runtime.read(Self.self, at: a) == runtime.read(Self.self, at: b)
    }
    static func describe(_ runtime: LuaRuntime, at index: Int32) -> String {
        guard let value = runtime.read(Self.self, at: index) else { return luaName + "(?)" }
        return descriptionNamesClass ? value.description : luaName + value.description
    }
}
