import CLua

// The one description of the Lua API. Each bound class, function, property and enum is
// declared once here (in the Bindings files) with its types and documentation; the same
// declaration checks arguments at run time and generates the LuaLS stubs and the docs.

public indirect enum APIType: Equatable, Sendable {
    case number
    case integer
    case boolean
    case string
    case function
    case table
    case any
    /// A geometry or timing value (CGRect, UIColor, ...), passed by value as a table.
    case value(String)
    /// A host object of this class or a subclass (UIView, UIViewController, ...).
    case object(String)
    /// A string from the named enumeration.
    case enumeration(String)
    case optional(APIType)
    case list(APIType)
    /// A host object, or a Lua table implementing the named protocol.
    case `protocol`(String)
    case union([APIType])
    /// A table of declared keys (OptionTable.swift): checked as a table by the argument check,
    /// its keys by the function (`HostCall.checkOptions`).
    case options(OptionTable)

    /// How messages name the type ("a UIView", "a number", "one of ...").
    var phrase: String {
        switch self {
        case .number: return "a number"
        case .integer: return "an integer"
        case .boolean: return "a boolean"
        case .string: return "a string"
        case .function: return "a function"
        case .table, .options: return "a table"
        case .any: return "a value"
        case .value(let name), .object(let name): return "a \(name)"
        case .enumeration(let name): return "a \(name) string"
        case .optional(let inner): return inner.phrase
        case .list(let inner): return "a list of \(inner.phrase.dropFirst(2))s"
        case .protocol(let name): return "a \(name) (table or object)"
        case .union(let types):
            // Several options tables (UIBezierPath's forms) are each "a table": said once.
            var phrases: [String] = []
            for phrase in types.map(\.phrase) where !phrases.contains(phrase) { phrases.append(phrase) }
            return phrases.joined(separator: " or ")
        }
    }

    /// LuaLS type syntax.
    var luals: String {
        switch self {
        case .number: return "number"
        case .integer: return "integer"
        case .boolean: return "boolean"
        case .string: return "string"
        case .function: return "function"
        case .table: return "table"
        case .any: return "any"
        case .value(let name), .object(let name), .protocol(let name): return name
        case .enumeration(let name): return name
        case .optional(let inner): return inner.luals + "?"
        case .list(let inner): return inner.luals + "[]"
        case .union(let types): return types.map(\.luals).joined(separator: "|")
        case .options(let table): return table.name
        }
    }

    var isOptional: Bool {
        if case .optional = self { return true }
        if case .any = self { return true }
        return false
    }
}

public struct APIParameter {
    public var name: String
    public var type: APIType
    public var doc: String
    public init(_ name: String, _ type: APIType, _ doc: String = "") {
        self.name = name; self.type = type; self.doc = doc
    }
}

/// Runs a bound function: arguments are already checked against the declaration.
typealias HostImplementation = (inout HostCall) throws -> Int32

public struct APIFunction {
    public enum Kind { case method, function, hook }
    public var name: String
    public var kind: Kind
    public var parameters: [APIParameter]
    public var returns: APIType?
    public var doc: String
    /// Accepts more arguments than declared (callbacks, varargs); nothing beyond is checked.
    public var variadic = false
    /// Hooks: UIKit's Swift declaration ("animateTransition(using:)"), for readers who port code.
    public var swiftName: String?
    /// UIKit's whole Swift declaration ("func insertSubview(_ view: UIView, belowSubview siblingSubview: UIView)"),
    /// from which `swiftName` is read; overloads are further lines (SwiftDeclaration.swift).
    public var swiftDeclaration: String?
    /// Hooks of a protocol: whether UIKit requires it (a non-`optional` protocol member).
    public var isRequired = false
    /// Hooks renamed by the naming rule (docs/porting.md, "Hook names"): the new name. The engine
    /// still calls this one when an object defines only it; the stubs mark it `---@deprecated`.
    public var renamedTo: String?
    var implementation: HostImplementation?
    /// Declared with `Argument`s: the implementation reads (checks and converts) its arguments
    /// itself, so the dispatcher checks only their number.
    var convertsArguments = false

    init(_ name: String, _ kind: Kind, _ parameters: [APIParameter], returns: APIType? = nil, doc: String,
         variadic: Bool = false, implementation: HostImplementation?) {
        self.name = name; self.kind = kind; self.parameters = parameters; self.returns = returns
        self.doc = doc; self.variadic = variadic; self.implementation = implementation
    }
}

typealias PropertyGetter = (inout HostCall, AnyObject) throws -> Void
typealias PropertySetter = (inout HostCall, AnyObject, Int32) throws -> Void
/// A setter called with a value already read and checked in C (CLua/assignment.c): the numbers
/// its argument's `ReadInC` makes the value from.
typealias CheckedPropertySetter = (inout HostCall, AnyObject, UnsafePointer<Double>) throws -> Void

/// What the C path of a property write reads (`ReadInC.kind`; for a value table, its type) and
/// the setter it calls with the numbers.
struct SetterInC {
    let kind: Int32
    let valueType: (any BridgedValue.Type)?
    let set: CheckedPropertySetter
}

public struct APIProperty {
    public var name: String
    public var type: APIType
    public var doc: String
    var getter: PropertyGetter
    var setter: PropertySetter?
    /// Declared with an `Argument`: the setter checks and converts the value itself.
    var convertsValue = false
    /// Declared with an `Argument` C can read (a number, a boolean, a value table): what the C
    /// path of a write reads and the setter it then calls.
    var setterInC: SetterInC?
    /// A property UIKit lets a subclass override (`override var preferredContentSize`): on an
    /// instance of a Lua subclass that defines a method of this name, the engine and scripts
    /// read what the method returns, checked against `type` (ObjectDispatch.swift).
    public var isOverridable = false
    public var isReadOnly: Bool { setter == nil }
    /// UIKit's Swift declaration ("var superview: UIView? { get }"), from SwiftNames.properties.
    public var swiftDeclaration: String?

    /// This property, declared overridable.
    func overridable() -> APIProperty {
        var property = self
        property.isOverridable = true
        return property
    }
}

public struct APIClass {
    public var name: String
    public var superclass: String?
    public var doc: String
    /// Value classes (CGRect, UIColor, ...) are tables; object classes are userdata.
    public var isValue: Bool
    public var properties: [APIProperty] = []
    public var methods: [APIFunction] = []
    /// Functions on the class table (constructors, `UIView.animate`, constants).
    public var functions: [APIFunction] = []
    /// Constants on the class table (`CGRect.zero`, `UIColor.red`), pushed by a closure.
    var constants: [(name: String, type: APIType, doc: String, push: (inout HostCall) -> Void)] = []
    /// Hooks the host calls and scripts may override.
    public var hooks: [APIFunction] = []
    /// Whether `Class:subclass(name)` is offered.
    public var isSubclassable = false
    /// Builds the Swift object for `Class.new(...)` (object classes).
    var construct: ((inout HostCall) throws -> AnyObject)?
    var constructorParameters: [APIParameter] = []
    /// Matches Swift objects of this class, for argument checks.
    var matches: (AnyObject) -> Bool = { _ in false }
    /// Value classes: extra metamethods of their values (`__add` of DispatchTime).
    var metamethods: [(name: String, function: transit_HostFunction)] = []
}

/// A protocol scripts implement (an animator, a delegate): tables or objects with these hooks.
/// The engine calls the hooks by the names in TransitCore's `Hook`.
public struct APIProtocol {
    public var name: String
    public var doc: String
    public var hooks: [APIFunction]
    /// Where scripts hand such an object to the engine ("viewController.transitioningDelegate").
    public var usedAs: String
}

public struct APIEnum {
    public var name: String
    public var cases: [String]
    public var doc: String
}

/// The whole API: classes in declaration order (superclasses first), enums, the `transit`
/// namespace functions.
public struct APIDescription {
    public var classes: [APIClass] = [] { didSet { if !classIndex.isEmpty { classIndex = [:]; settableIndex = [:] } } }
    public var enums: [APIEnum] = [] { didSet { if !enumIndex.isEmpty { enumIndex = [:] } } }
    /// Name → position of its first declaration, built by `indexNames()` once the description is
    /// complete: `cls` and `enumeration` run for every checked argument (the debug build's
    /// hook-call check among them), where a linear search copying each class it passed made a
    /// fuzz script's hooks cost seconds. Any later change empties it and lookups search again
    /// (rebuilding it on every change was a fifth of start-up, while the description is built).
    private var classIndex: [String: Int] = [:]
    private var enumIndex: [String: Int] = [:]
    /// Each class's settable properties by name (`settableProperties(of:)`), built with the
    /// name index: every `UIView.new{…}` reads them, and gathering them along the lineage into
    /// a new dictionary each time was a sixth of a scene that builds 440 views.
    private(set) var settableIndex: [String: [String: APIProperty]] = [:]

    /// Indexes the classes and enumerations by name; called when the description is complete.
    mutating func indexNames() {
        classIndex = Self.firstIndex(of: classes.map(\.name))
        enumIndex = Self.firstIndex(of: enums.map(\.name))
        var settable: [String: [String: APIProperty]] = [:]
        for cls in classes where settable[cls.name] == nil { settable[cls.name] = gatherSettableProperties(of: cls.name) }
        settableIndex = settable
    }

    /// The protocols scripts implement (animators, interaction controllers, delegates).
    public var protocols: [APIProtocol] = []
    /// Well-known UIKit members Transit does not provide, by class (UnavailableMembers.swift).
    public var unavailable: [String: [String]] = [:]
    /// Well-known UIKit classes Transit does not provide (their globals say so when read).
    public var unavailableClasses: [String] = []
    /// Well-known UIKit class methods Transit does not provide, by class.
    public var unavailableStatics: [String: [String]] = [:]
    /// UIKit's free functions (`UIGraphicsBeginImageContextWithOptions`), installed as globals.
    public var globals: [APIFunction] = []
    /// The `transit` namespace (scenes and tools).
    public var namespace: APIClass = APIClass(name: "transit", superclass: nil, doc: "", isValue: false)

    public func enumeration(_ name: String) -> APIEnum? {
        if enumIndex.isEmpty { return enums.first { $0.name == name } }
        return enumIndex[name].map { enums[$0] }
    }
    public func cls(_ name: String) -> APIClass? {
        if classIndex.isEmpty { return classes.first { $0.name == name } }
        return classIndex[name].map { classes[$0] }
    }

    private static func firstIndex(of names: [String]) -> [String: Int] {
        var index: [String: Int] = [:]
        for (position, name) in names.enumerated() where index[name] == nil { index[name] = position }
        return index
    }
    public func protocolNamed(_ name: String) -> APIProtocol? { protocols.first { $0.name == name } }

    /// The class and its ancestors, nearest first.
    func lineage(_ name: String) -> [APIClass] {
        var chain: [APIClass] = []
        var current = cls(name)
        while let c = current {
            chain.append(c)
            current = c.superclass.flatMap(cls)
        }
        return chain
    }

    func isSubclass(_ name: String, of ancestor: String) -> Bool {
        lineage(name).contains { $0.name == ancestor }
    }
}
