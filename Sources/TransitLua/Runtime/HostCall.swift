import CLua
import TransitCore

/// One call from Lua into a bound function: checked access to its arguments and pushing of
/// results. Argument numbers in messages count from the first argument after `self`.
///
/// A call is made on every crossing, so it holds no strong references: the runtime outlives
/// every call into it, and the call site is an entry the runtime keeps (or, for names made up
/// on the spot, one this call keeps in `ownedSite`).
struct HostCall {
    unowned(unsafe) let runtime: LuaRuntime
    let L: OpaquePointer
    unowned(unsafe) let site: CallSite
    private let ownedSite: CallSite?
    /// Stack index of argument 1 (2 for methods, where `self` is at 1).
    let base: Int32

    /// "UIView.insertSubviewBelow", as messages name it.
    var name: String { site.qualifiedName }

    /// A call of a bound function or property: its entry names it.
    init(runtime: LuaRuntime, site: CallSite, base: Int32) {
        self.runtime = runtime; self.L = runtime.L; self.site = site; self.ownedSite = nil; self.base = base
    }

    /// A call named on the spot (options, constants, constructors).
    init(runtime: LuaRuntime, name: String, base: Int32) {
        let site = CallSite(qualifiedName: name)
        self.runtime = runtime; self.L = runtime.L; self.site = site; self.ownedSite = site; self.base = base
    }

    var argumentCount: Int32 { max(0, lua_gettop(L) - base + 1) }

    func index(_ argument: Int) -> Int32 { base + Int32(argument) - 1 }

    func isNil(_ argument: Int) -> Bool { transit_isnoneornil(L, index(argument)) != 0 }

    /// The error every check raises: `Name: argument N must be T (got U)`.
    func argumentError(_ argument: Int, _ expected: String) -> LuaCallError {
        fail(argument: argument, "must be \(expected) (got \(runtime.typeDescription(at: index(argument))))")
    }

    /// `Name: message`, an error of this function.
    func fail(_ message: String) -> LuaCallError { LuaCallError("\(name): \(message)", subject: .function(name)) }

    /// `Name: argument N words`, an error about one argument (`words` is what follows the
    /// number: "(view) must be a UIView (got nil)").
    func fail(argument: Int, _ words: String) -> LuaCallError {
        LuaCallError("\(name): argument \(argument) \(words)", subject: .argument(function: name, index: argument))
    }

    // MARK: - Reading checked arguments

    func number(_ argument: Int) throws -> Double {
        var isNumber: Int32 = 0
        let value = lua_tonumberx(L, index(argument), &isNumber)
        guard isNumber != 0, lua_type(L, index(argument)) == LUA_TNUMBER else { throw argumentError(argument, "a number") }
        return value
    }

    /// A finite number; NaN and infinities are rejected with the argument's name.
    func finite(_ argument: Int, _ what: String) throws -> Double {
        try requireFinite(try number(argument), what)
    }

    func boolean(_ argument: Int) throws -> Bool {
        guard lua_type(L, index(argument)) == LUA_TBOOLEAN else { throw argumentError(argument, "a boolean") }
        return lua_toboolean(L, index(argument)) != 0
    }

    func string(_ argument: Int) throws -> String {
        guard lua_type(L, index(argument)) == LUA_TSTRING, let text = runtime.string(at: index(argument)) else {
            throw argumentError(argument, "a string")
        }
        return text
    }

    func enumeration<E: RawRepresentable>(_ argument: Int, _ type: E.Type, _ enumName: String) throws -> E where E.RawValue == String {
        let text = try string(argument)
        guard let value = E(rawValue: text) else {
            throw fail(runtime.unknownEnumMessage(enumName, text, argument: argument))
        }
        return value
    }

    func object<T: HostObject>(_ argument: Int, _ type: T.Type) throws -> T {
        guard let object = runtime.object(at: index(argument)) as? T else {
            throw argumentError(argument, "a \(type.className)")
        }
        return object
    }

    func optionalObject<T: HostObject>(_ argument: Int, _ type: T.Type) throws -> T? {
        isNil(argument) ? nil : try object(argument, type)
    }

    func function(_ argument: Int) throws -> LuaFunction {
        guard lua_type(L, index(argument)) == LUA_TFUNCTION else { throw argumentError(argument, "a function") }
        return LuaFunction(runtime: runtime, index: index(argument), origin: .argument(function: name, index: argument))
    }

    func optionalFunction(_ argument: Int) throws -> LuaFunction? {
        isNil(argument) ? nil : try function(argument)
    }

    func isTable(_ argument: Int) -> Bool { lua_type(L, index(argument)) == LUA_TTABLE }

    /// A value of a registered value type (CGRect, UIColor, ...): `call.value(1, Rect.self)`.
    func value<V: BridgedValue>(_ argument: Int, _ type: V.Type) throws -> V {
        guard let value = runtime.read(V.self, at: index(argument)) else { throw argumentError(argument, "a \(V.luaName)") }
        return value
    }

    /// A value with every component finite, or an error naming `what` (the property's own
    /// name for a setter says nothing more).
    func finite<V: BridgedValue>(_ argument: Int, _ what: String, _ type: V.Type) throws -> V {
        try requireFinite(try value(argument, V.self), what)
    }

    // MARK: - The finite check (one wording for declared arguments and hand reads alike)

    /// `value`, or the error naming `what` (a property's own name says nothing more): NaN and
    /// infinities would poison the layout and the rasterizer far from the line that set them.
    func requireFinite(_ value: Double, _ what: String) throws -> Double {
        guard value.isFinite else { throw fail("\(subject(what))must be a finite number (got \(formatNumber(value)))") }
        return value
    }

    func requireFinite<V: BridgedValue>(_ value: V, _ what: String) throws -> V {
        guard value.isFinite else {
            // A transform's sixteen numbers would drown the message; the others are short.
            let detail = V.self == Transform3D.self ? "" : " (got \(value))"
            throw fail("\(subject(what))\(V.finiteRequirement)\(detail)")
        }
        return value
    }

    // MARK: - Options tables

    /// Reads field `key` of the options table at `argument` onto the stack, raw (no
    /// metamethods), and returns whether it is present. The caller pops it.
    func field(_ argument: Int, _ key: String) -> Bool {
        lua_pushstring(L, key)
        lua_rawget(L, index(argument))
        return lua_type(L, -1) != LUA_TNIL
    }

    /// Keys of an options table that are not in `known`: each is a mistake worth reporting.
    func unknownKeys(_ argument: Int, known: Set<String>) -> [String] {
        var unknown: [String] = []
        let table = index(argument)
        lua_pushnil(L)
        while lua_next(L, table) != 0 {
            if lua_type(L, -2) == LUA_TSTRING, let key = runtime.string(at: -2) {
                if !known.contains(key) { unknown.append(key) }
            } else {
                unknown.append("[\(runtime.typeDescription(at: -2)) key]")
            }
            transit_pop(L, 1)
        }
        return unknown.sorted()
    }

    /// Rejects the options table at `argument` if it has a key outside `accepted`: for tables
    /// whose keys follow from something else (a class's settable properties, a layout's sides);
    /// a table of fixed keys is an `OptionTable`, checked by `checkOptions`.
    func rejectUnknownOptions(_ argument: Int, accepted: Set<String>) throws {
        if let key = unknownKeys(argument, known: accepted).first { throw unknownOption(key, accepted: accepted, argument: argument) }
    }

    // MARK: - Results

    func push(_ value: Double) { lua_pushnumber(L, value) }
    func push(_ value: Bool) { lua_pushboolean(L, value ? 1 : 0) }
    func push(_ value: String?) {
        if let value { lua_pushstring(L, value) } else { lua_pushnil(L) }
    }
    func pushNil() { lua_pushnil(L) }
    func push(_ object: AnyObject?) { runtime.push(object) }
    func push<V: BridgedValue>(_ value: V) { runtime.push(value) }
    func push<V: BridgedValue>(_ value: V?) { if let value { runtime.push(value) } else { lua_pushnil(L) } }
}

/// An error raised into Lua by a bound function; the dispatcher adds file and line.
///
/// `message` is the text as Lua sees it; `subject` says, as data, what the error is about, for
/// code that adds to an error (the dispatcher's Lua forms of overloaded names, ObjectDispatch),
/// so nothing reads that back out of the text.
struct LuaCallError: Error, CustomStringConvertible {
    /// What an error is about, when it is about one function's call.
    enum Subject: Equatable {
        /// Argument `index` (1-based, after `self`) of `function` ("UIView.insertSubview").
        case argument(function: String, index: Int)
        /// `function` was given `got` arguments and takes at most `accepted`.
        case argumentCount(function: String, accepted: Int, got: Int)
        /// An option of the options table at argument `index` of `function`: a key it does not
        /// take (`key`), with the keys it does (`accepted`, sorted).
        case unknownOption(function: String, index: Int, key: String, accepted: [String])
        /// Anything else `function` refused; the message begins with its name.
        case function(String)

        /// The function the message names first.
        var function: String {
            switch self {
            case .argument(let function, _), .argumentCount(let function, _, _),
                 .unknownOption(let function, _, _, _), .function(let function):
                return function
            }
        }
    }

    var message: String
    /// Nil for errors about no one call (a member lookup, a released object).
    var subject: Subject?
    init(_ message: String, subject: Subject? = nil) { self.message = message; self.subject = subject }
    var description: String { message }

    /// The same error with `sentence` after its message (a hint), keeping its subject.
    func adding(_ sentence: String, separator: String = "; ") -> LuaCallError {
        LuaCallError(message + separator + sentence, subject: subject)
    }
}

/// A Lua function the host keeps to call later (completions, gesture actions).
final class LuaFunction {
    let reference: LuaValueReference
    /// The file the function's code comes from ("@fade.lua") and the reload generation it
    /// was stored in: a callback of a version a reload replaced is never called (HotSwap.swift).
    let source: String?
    let generation: Int
    let origin: CallbackOrigin?
    /// For a host function given as a callback (`UIView.animate(0.3, f, transit.now)`): the
    /// line that gave it. Its errors have no Lua line of their own, so they name this one.
    let givenAt: SourceLocation?

    init(runtime: LuaRuntime, index: Int32, origin: CallbackOrigin? = nil) {
        reference = LuaValueReference(runtime: runtime, index: index)
        source = runtime.functionSource(at: index)
        generation = runtime.hotSwap.generation
        self.origin = origin
        givenAt = lua_iscfunction(runtime.L, index) != 0 ? runtime.sourceLocation() : nil
    }

    /// Where the function was defined ("fade.lua:12"), for messages about what it returned.
    var definedAt: SourceLocation? {
        guard let runtime = reference.runtime else { return nil }
        let L = runtime.L
        let top = lua_gettop(L)
        defer { lua_settop(L, top) }
        reference.push()
        var record = lua_Debug()
        guard lua_getinfo(L, ">S", &record) != 0, record.linedefined > 0 else { return nil }
        return SourceLocation(file: record.shortSource, line: Int(record.linedefined))
    }

    /// Calls the function with arguments pushed by `pushArguments`; errors come back as
    /// ScriptError with the script's traceback.
    func call(results: Int32 = 0, _ pushArguments: (LuaRuntime) -> Int32 = { _ in 0 }) throws {
        guard let runtime = reference.runtime else { return }
        let L = runtime.L
        if let source, runtime.isStale(source: source, generation: generation) {
            runtime.noteSkippedCallback(source: source, origin: origin)
            for _ in 0..<max(0, results) { lua_pushnil(L) }
            return
        }
        let top = lua_gettop(L)
        reference.push()
        let count = pushArguments(runtime)
        if transit_pcall(L, count, results) != LUA_OK {
            let error = runtime.takeError()
            lua_settop(L, top)
            if let givenAt { throw error.cause(of: "the host function given here as a callback failed: ", at: givenAt) }
            throw error
        }
        if results == 0 { lua_settop(L, top) }
    }
}

extension LuaRuntime {
    /// "nil", "number", "UIView", "CGRect": what messages say a value was.
    func typeDescription(at index: Int32) -> String {
        let type = lua_type(L, index)
        if type == LUA_TUSERDATA, let name = objectClassName(at: index) { return name }
        if type == LUA_TTABLE, let name = valueClassName(at: index) { return name }
        return String(cString: lua_typename(L, type))
    }

    func unknownEnumMessage(_ enumName: String, _ value: String, argument: Int? = nil) -> String {
        let cases = api.enumeration(enumName)?.cases ?? []
        let prefix = argument.map { "argument \($0): " } ?? ""
        return "\(prefix)unknown \(enumName) \"\(value)\"; expected one of: " + cases.map { "\"\($0)\"" }.joined(separator: ", ")
    }
}
