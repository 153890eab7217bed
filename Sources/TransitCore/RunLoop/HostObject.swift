// The base of every model object a script can hold (views, view controllers, contexts, ...).
//
// TransitCore knows nothing of Lua: a script layer plugs in through `Scripting`, which the model
// asks whether a hook is overridden and calls it. The model itself only stores its class name;
// `ObjectGraph` lists its strong references, so a bridge can tell what the model holds.

open class HostObject {
    /// UIKit's class name as scripts see it ("UIView", "UIPresentationController", ...).
    open class var className: String { "NSObject" }
    public unowned let world: World
    /// Where this object's bytes are counted (the world's; kept by the object, so it can be
    /// credited when the object outlives its world).
    private let memory: HostMemory
    /// The bytes charged for this object: its own size and the strings it holds.
    public private(set) var chargedBytes: Int

    /// What an object of this class costs the host, roughly (HostMemory.swift).
    open class var estimatedBytes: Int { 256 }

    /// A Lua subclass name (`UIView:subclass("Card")`), shown in messages and traces.
    public var scriptClassName: String? {
        didSet { recharge(from: oldValue, to: scriptClassName) }
    }

    /// UIKit's own object implemented by a system script (a sheet's controller): scripts see it
    /// as a built-in instance, so a field it does not have is a mistake, not a free field.
    public var isSystemObject = false

    public init(world: World) {
        self.world = world
        memory = world.hostMemory
        chargedBytes = Self.estimatedBytes
        memory.charge(chargedBytes)
    }

    deinit { memory.credit(chargedBytes) }

    /// Counts a string this object now holds instead of another (a name, a title, a text).
    public func recharge(from old: String?, to new: String?) {
        let delta = HostMemory.cost(of: new) - HostMemory.cost(of: old)
        chargedBytes += delta
        memory.charge(delta)
    }

    /// Counts `delta` more bytes held by this object (an image's pixels).
    public func recharge(bytes delta: Int) {
        chargedBytes += delta
        memory.charge(delta)
    }

    /// The name shown in traces and errors: the script subclass if any, else UIKit's class.
    public var displayClassName: String { scriptClassName ?? type(of: self).className }

    /// How traces and messages name this object, e.g. `UIView "card"`.
    open var traceName: String { displayClassName }

    /// Calls a hook the script may override; nil when it does not, so the caller runs UIKit's
    /// behaviour. Every call is traced.
    public func callOverride(_ hook: some HookName, _ arguments: [ScriptValue] = []) throws -> ScriptValue? {
        guard let scripting = world.scripting, scripting.overrides(self, hook.rawValue) else { return nil }
        return try world.callScript(self, hook, arguments)
    }
}

/// A value crossing between the model and a script: arguments to hooks and their results.
public enum ScriptValue {
    case none
    case boolean(Bool)
    case number(Double)
    case string(String)
    case point(Point)
    case size(Size)
    case rect(Rect)
    case vector(Vector)
    case transform2D(Transform2D)
    case transform3D(Transform3D)
    case color(Color)
    /// A model object (HostObject) or a script object (ScriptObject).
    case object(AnyObject)
    /// A zero-based position (a list's section) that the script layer shows in its own
    /// convention (Lua's: one-based).
    case index(Int)
    /// A list's index path (zero-based in the model, shown one-based to Lua).
    case indexPath(ListIndexPath)

    public var isNone: Bool { if case .none = self { return true } else { return false } }
    public var object: AnyObject? { if case .object(let o) = self { return o } else { return nil } }
    public var boolean: Bool? { if case .boolean(let b) = self { return b } else { return nil } }
    public var number: Double? { if case .number(let n) = self { return n } else { return nil } }
    public var rect: Rect? { if case .rect(let r) = self { return r } else { return nil } }
    public var size: Size? { if case .size(let s) = self { return s } else { return nil } }

    /// Short text for the trace.
    public var traceDescription: String {
        switch self {
        case .none: return "nil"
        case .boolean(let b): return b ? "true" : "false"
        case .number(let n): return formatNumber(n)
        case .string(let s): return "\"\(s)\""
        case .point(let p): return "CGPoint\(p)"
        case .size(let s): return "CGSize\(s)"
        case .rect(let r): return "CGRect\(r)"
        case .vector(let v): return "CGVector\(v)"
        case .transform2D(let t): return "CGAffineTransform\(t)"
        case .transform3D: return "CATransform3D"
        case .color(let c): return c.description
        case .index(let i): return String(i + 1)
        case .indexPath(let p): return p.description
        case .object(let o):
            if let host = o as? HostObject { return host.traceName }
            if let script = o as? ScriptObject { return script.scriptDescription }
            return "object"
        }
    }
}

/// A script-side object the model holds without knowing its language: a Lua table used as an
/// animator, delegate or interaction controller.
public protocol ScriptObject: AnyObject {
    var scriptDescription: String { get }
}

/// What the script layer provides to the model.
public protocol Scripting: AnyObject {
    /// Whether a script override of `hook` exists on this model object.
    func overrides(_ object: HostObject, _ hook: String) -> Bool
    /// Whether a script object (or an overriding model object) implements `hook`.
    /// Throws when finding out fails (a script's `__index` raised an error).
    func responds(_ object: AnyObject, _ hook: String) throws -> Bool
    /// Calls `hook` on the object with `self` first. Errors carry the script's message.
    func call(_ object: AnyObject, _ hook: String, _ arguments: [ScriptValue]) throws -> ScriptValue
    /// Where the script defined `hook` (fade.lua:3), for messages about what it returned.
    func location(of object: AnyObject, _ hook: String) -> SourceLocation?
    /// A run-loop turn ended: no model code is running, so the script layer may look at the
    /// object graph (ObjectGraph) to free what only scripts kept alive.
    func turnDidEnd()
    /// Runs the `deinit` of script objects that went away, at the end of a turn (no model code
    /// is running); a deinit's error is the turn's.
    func runPendingDeinits() throws
    /// A property UIKit reads from a protocol object (`wantsInteractiveStart`): a script
    /// object's field, or the result of its getter method; a model object's script override
    /// (a getter method). nil when the script does not provide it.
    func property(_ object: AnyObject, _ name: String) throws -> ScriptValue?
}

/// The model asks by hook case; the requirements take the name because the script layer looks
/// names up in Lua tables, and because a renamed hook's former name is no case.
extension Scripting {
    public func overrides(_ object: HostObject, _ hook: some HookName) -> Bool { overrides(object, hook.rawValue) }
    public func responds(_ object: AnyObject, _ hook: some HookName) throws -> Bool { try responds(object, hook.rawValue) }
    public func location(of object: AnyObject, _ hook: some HookName) -> SourceLocation? { location(of: object, hook.rawValue) }
    public func property(_ object: AnyObject, _ name: Hook.OverridableProperty) throws -> ScriptValue? { try property(object, name.rawValue) }
}

extension Scripting {
    public func location(of object: AnyObject, _ hook: String) -> SourceLocation? { nil }
    public func turnDidEnd() {}
    public func runPendingDeinits() throws {}
    public func property(_ object: AnyObject, _ name: String) throws -> ScriptValue? { nil }
}
