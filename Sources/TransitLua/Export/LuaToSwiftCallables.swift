import Foundation

// Functions of a script that no UIKit declaration types (docs/export.md, "Lua → Swift"): a
// method that is not a hook (`function PortalAnimator:executeForwardsAnimation(ctx, from, to)`),
// a function stored in a class table (`function EdgeInteraction.attach(presented)`), a local
// function inside a function (`local function square(picture, x, y)`) or a closure bound to a
// local. Lua declares no types, so their calls give them: the arguments of the first call type
// the parameters, the body's first `return` the result, and every other call must agree (an
// argument of another type is refused, naming the call).
//
// A call may come before the definition it calls (a method calls one defined further down), so
// the types are found over several passes (SwiftExporter.swift): each pass records the calls'
// argument types and the results of the definitions it translated, and the next starts from
// them, until a pass finds nothing new. A definition is translated where it stands, in the
// scope it has in Lua, once some pass has typed it.
//
// Also here: values stored in a class table (`HHTransitionAnimator.TypePresent = "present"`, a
// `static let`), fields stored on a Lua object that is not `self` (`controller.model = model`),
// and `X.super.method(self, ...)` (`super.method(...)`).

/// A function typed by its calls: its parameters' Swift types (`numberMarker` for a number that
/// waits for its use in the body to know its type), its result once its body was translated.
struct CallableSignature {
    var parameters: [String]
    var result: String?
    /// The call that typed the parameters: named when another call disagrees with it.
    var firstCall: Int
    /// The fewest arguments a call passes, when a call leaves out the last parameters (Lua passes
    /// nil for them): those are optional Swift parameters defaulting to nil.
    var required: Int? = nil
}

/// What the passes of one export learn and hand to the next (SwiftExporter.swift).
struct ExportSeeds {
    var fields: [String: [(name: String, type: String)]] = [:]
    var signatures: [String: CallableSignature] = [:]
    /// Why an assignment to a field of a Lua object could not be translated, by the field's
    /// name: a later read of the field is refused with this reason, the real one.
    var fieldErrors: [String: SwiftExportError] = [:]
    /// The key and value types of the file's tables used as maps, from their first assignment.
    var maps: [String: (key: String, value: String)] = [:]
    /// Why a function typed by its calls could not be translated, by its key: a call before
    /// the definition, whose result type it needs, is refused with this reason.
    var definitionErrors: [String: SwiftExportError] = [:]
    /// The file's locals assigned in its functions (`local transtion = nil`), by name: the type of
    /// what is assigned (LuaToSwiftFileVariables.swift).
    var fileVariables: [String: String] = [:]
    /// The tables of named fields (records, LuaToSwiftStructs.swift), by the site that makes them,
    /// and the sites found to be one Swift struct (each site's link towards its representative).
    var records: [String: RecordSite] = [:]
    var recordLinks: [String: String] = [:]
    /// Tables of named constants read with a dynamic key (`hero.OPPOSITE[params.direction]`): Swift
    /// dictionaries rather than enums, by their Swift path.
    var dictionaries = Set<String>()
    /// Helper methods an action names (`Class:method`): `@objc` (LuaToSwiftActions.swift).
    var objcMethods = Set<String>()

    /// How much is known: a pass that adds nothing ends the passes.
    var extent: Int {
        fields.values.map(\.count).reduce(0, +) + maps.count + fileVariables.count + recordLinks.count + dictionaries.count + objcMethods.count
            + records.values.map(\.extent).reduce(0, +)
            + signatures.values.map { s in
                1 + (s.result == nil ? 0 : 1) + (s.required == nil ? 0 : 1)
                    + s.parameters.filter { $0 != CallableState.numberMarker && $0 != CallableState.omittedMarker }.count
            }.reduce(0, +)
    }

    /// Adds what a pass found; true when something is new.
    mutating func merge(_ other: ExportSeeds) -> Bool {
        let before = extent
        for (name, list) in other.fields {
            for field in list where !(fields[name] ?? []).contains(where: { $0.name == field.name }) { fields[name, default: []].append(field) }
        }
        for (key, found) in other.signatures {
            guard var known = signatures[key] else { signatures[key] = found; continue }
            if known.result == nil { known.result = found.result }
            if let r = found.required { known.required = min(known.required ?? r, r) }
            if known.parameters.count == found.parameters.count {
                for (index, type) in found.parameters.enumerated()
                where [CallableState.numberMarker, CallableState.omittedMarker].contains(known.parameters[index]) && type != CallableState.omittedMarker {
                    known.parameters[index] = type
                }
            }
            signatures[key] = known
        }
        for (key, error) in other.fieldErrors where fieldErrors[key] == nil { fieldErrors[key] = error }
        for (name, types) in other.maps where maps[name] == nil { maps[name] = types }
        for (key, error) in other.definitionErrors where definitionErrors[key] == nil { definitionErrors[key] = error }
        for (name, type) in other.fileVariables where fileVariables[name] == nil { fileVariables[name] = type }
        for (site, record) in other.records { records[site, default: RecordSite(line: record.line)].merge(record) }
        for (site, link) in other.recordLinks where recordLinks[site] == nil { recordLinks[site] = link }
        dictionaries.formUnion(other.dictionaries)
        objcMethods.formUnion(other.objcMethods)
        return extent > before
    }
}

/// The translator's state for the functions typed by their calls.
struct CallableState {
    static let numberMarker = "#number"
    /// A parameter the first call leaves out (nil in Lua): typed by a later call that passes it.
    static let omittedMarker = "#omitted"

    var seeds = ExportSeeds()
    /// This pass's findings (handed to the next pass).
    var found = ExportSeeds()
    /// `function X:name(...)` and `function X.name(...)` at the top of the file, by the Lua
    /// class's name: a call may come before the definition.
    var methods: [String: [String: LuaFunctionBody]] = [:]
    var classFunctions: [String: [String: LuaFunctionBody]] = [:]
    /// Local functions inside functions (and closures bound to locals), by key.
    var nested: [String: LuaFunctionBody] = [:]
    /// Definitions no call typed in this pass, with their lines and what they are.
    var untyped: [String: (line: Int, what: String, body: LuaFunctionBody)] = [:]
    /// `X.name = value` at the top: a static constant of the class, by the Lua class's name.
    var statics: [String: [String: (type: String, isVar: Bool)]] = [:]
    /// A field given a value on the file's instance at the top (`delegate.targetEdge = "right"`):
    /// the stored property's initial value, by the Lua class's name.
    var initialValues: [String: [String: String]] = [:]
    /// Locals whose declaration a discovery pass skipped, with the reason.
    var skippedLocals: [String: SwiftExportError] = [:]
    /// The modules the effect requires, by name (LuaToSwiftModules.swift), those translated (their
    /// namespaces), and each namespace's members.
    var modules: [String: LuaModule] = [:]
    var translatedModules: [String: String] = [:]
    var modulesInProgress = Set<String>()
    /// The statements a discovery pass skipped, in order, with their reasons.
    var skipped: [SwiftExportError] = []
    /// The file's tables used as maps (`fileMap`).
    var mapNames = Set<String>()
    var namespaces: [String: [String: NamespaceMember]] = [:]
    /// The keys of the constant tables translated as dictionaries (`ExportSeeds.dictionaries`).
    var dictionaryKeys: [String: Set<String>] = [:]
    /// The comments a statement the expansion of a factory made may take as its own, by its line.
    var leadWindows: [Int: [ClosedRange<Int>]] = [:]
    var leadRanges: [ClosedRange<Int>]? = nil
    /// Where a statement of a branch the expansion kept (or the one after a branch it dropped)
    /// starts and ends for the blank lines between statements: its `if`'s lines.
    var visualStart: [Int: Int] = [:]
    var visualEnd: [Int: Int] = [:]

    /// The lines of the function bodies at the top of the file (LuaToSwift.functionBodies).
    var functionBodies: [ClosedRange<Int>] = []
    /// The first comment the top of the file has not looked at (LuaToSwift.comments(before:)).
    var topLevelCommentCursor = 0

    mutating func prepare(_ chunk: LuaChunk) {
        functionBodies = LuaToSwift.functionBodies(chunk)
        for case .function(let path, let isMethod, let body, _) in chunk.block where path.count == 2 {
            if isMethod { methods[path[0], default: [:]][path[1]] = body } else { classFunctions[path[0], default: [:]][path[1]] = body }
        }
    }

    func signature(_ key: String) -> CallableSignature? { found.signatures[key] ?? seeds.signatures[key] }
}

extension LuaToSwift {
    /// Starts a pass from what the previous ones found.
    mutating func seed(_ seeds: ExportSeeds) {
        seededFields = seeds.fields
        callables.seeds = seeds
    }

    /// What this pass found, its numbers' types resolved as far as the pass resolved them.
    func discoveries() -> ExportSeeds {
        var out = callables.found
        // A field assigned only by a function no call typed: a use of it is refused with why.
        for entry in callables.untyped.values.sorted(by: { $0.line < $1.line }) {
            for key in Self.selfFieldsAssigned(entry.body.block) where out.fieldErrors[key] == nil { out.fieldErrors[key] = untypedRefusal(entry.line, entry.what) }
        }
        for (name, cls) in classes { out.fields[name] = cls.fields }
        for (key, s) in out.signatures {
            var resolved = s
            resolved.parameters = s.parameters.map { $0 == CallableState.omittedMarker ? $0 : resolvedType($0) ?? CallableState.numberMarker }
            resolved.result = s.result.flatMap { resolvedType($0) }
            out.signatures[key] = resolved
        }
        return out
    }

    /// A type with the numbers waiting for a use replaced by what this pass made of them; nil
    /// when part of it is still unknown.
    func resolvedType(_ type: String) -> String? {
        var t = resolvingDeclared(type)
        for id in 0..<nextPending { t = t.replacingOccurrences(of: "\(Self.pendingMark)\(id)\u{1}", with: pendingTypes[id] ?? pendingDefaults[id] ?? "Double") }
        // A string constant's type (String or an enumeration's case) as this pass decided it:
        // its mark numbers an entry of this pass's table, which the next pass does not have.
        for (id, constant) in stringConstants.enumerated() { t = t.replacingOccurrences(of: "\(Self.stringMark)\(id)\u{4}", with: constant.type ?? "String") }
        for (id, list) in optionLists.enumerated() { t = t.replacingOccurrences(of: "\(Self.listMark)\(id)\u{4}", with: list.type ?? "[String]") }
        return t.contains("\u{1}") || t.contains("\u{2}") || t.contains("\u{4}") ? nil : t
    }

    // MARK: Comments

    /// Whether a comment on `line` may be written now (`commentWindow`).
    func mayWriteComment(at line: Int) -> Bool {
        if let window = commentWindow { return window.contains(line) }
        if let ranges = callables.leadRanges { return ranges.contains { $0.contains(line) } }
        // A module's comments are written with what they are about, never swept up at the top.
        return line < LuaModule.lineStride && !callables.functionBodies.contains { $0.contains(line) }
    }

    /// The lines of the function bodies at the top of the file (their comments are theirs).
    static func functionBodies(_ chunk: LuaChunk) -> [ClosedRange<Int>] {
        var ranges: [ClosedRange<Int>] = []
        func visit(_ e: LuaExpr) {
            switch e {
            case .function(let body): ranges.append(body.line...max(body.line, body.endLine))
            case .call(let f, let args, _): visit(f); args.forEach(visit)
            case .method(let o, _, let args, _): visit(o); args.forEach(visit)
            case .table(let fields, _):
                for field in fields {
                    switch field {
                    case .positional(let v), .named(_, let v): visit(v)
                    case .keyed(let k, let v): visit(k); visit(v)
                    }
                }
            case .paren(let inner, _), .unary(_, let inner, _): visit(inner)
            case .binary(_, let l, let r, _): visit(l); visit(r)
            default: break
            }
        }
        for stat in chunk.block {
            switch stat {
            case .function(_, _, let body, _), .localFunction(_, let body, _): ranges.append(body.line...max(body.line, body.endLine))
            case .local(_, let values, _), .returnStat(let values, _): values.forEach(visit)
            case .assign(_, let values, _): values.forEach(visit)
            case .call(let e, _): visit(e)
            default: break
            }
        }
        return ranges
    }

    /// A function's body, writing the comments inside it and no others.
    mutating func functionBlock(_ body: LuaFunctionBody) throws -> [String] {
        let saved = commentWindow
        commentWindow = body.line...max(body.line, body.endLine)
        functionStack.append(body)
        defer { commentWindow = saved; functionStack.removeLast() }
        return try block(body.block, endLine: body.endLine)
    }

    // MARK: Definitions

    /// `function X:name(...)` that is not a UIKit hook: a method of the Swift class, in the
    /// member slot of its place in the file.
    mutating func helperMethod(_ cls: ClassInfo, _ name: String, _ body: LuaFunctionBody, line: Int, lead: [String]) throws {
        cls.members.append([])
        let slot = cls.members.count - 1
        let key = "\(cls.luaName):\(name)"
        // A method an action names is called by UIKit through its selector.
        let objc = callables.seeds.objcMethods.contains(key) || callables.found.objcMethods.contains(key)
        guard let lines = try typedFunction(key: key, what: "the method \(cls.luaName):\(name)", head: (objc ? "@objc " : "") + "func \(name)", body: body, line: line, selfClass: cls, nested: false) else { return }
        cls.members[slot] = lead + lines
    }

    /// `function X.name(...)` on a Lua class: a static function of the Swift class.
    mutating func classFunction(_ cls: ClassInfo, _ name: String, _ body: LuaFunctionBody, line: Int, lead: [String]) throws {
        guard name != "new" else { throw refuse(line, "function \(cls.luaName).new", "X.new makes the object; its Swift counterpart is the initialiser (write function \(cls.luaName):init)") }
        cls.members.append([])
        let slot = cls.members.count - 1
        let key = "\(cls.luaName).\(name)"
        guard let lines = try typedFunction(key: key, what: "the function \(cls.luaName).\(name)", head: "static func \(name)", body: body, line: line, selfClass: nil, nested: false) else { return }
        cls.members[slot] = lead + lines
    }

    /// `local function f(...)` inside a function, or `local f = function(...) ... end`: a Swift
    /// nested function, which captures the enclosing locals as the Lua closure does.
    mutating func nestedFunction(_ name: String, _ body: LuaFunctionBody, line: Int, recursive: Bool) throws -> [String] {
        let key = "\(name)@\(line)"
        callables.nested[key] = body
        // `local function f` sees itself; `local f = function` does not (a call of f in its body
        // is the global f).
        if recursive { declare(name, Variable(swift: name, type: nil, callable: key)) }
        defer { if !recursive { declare(name, Variable(swift: name, type: nil, callable: key)) } }
        return try typedFunction(key: key, what: "the local function \(name)", head: "func \(name)", body: body, line: line, selfClass: currentClass, nested: true) ?? []
    }

    /// The Swift of a function typed by its calls, or nil when no call has typed it yet (a later
    /// pass will, or the end of the pass refuses it).
    mutating func typedFunction(key: String, what: String, head: String, body: LuaFunctionBody, line: Int, selfClass: ClassInfo?, nested: Bool,
                                onlyIfCalled: Bool = false) throws -> [String]? {
        if body.isVararg { throw refuse(line, "varargs (...)", "a Swift function has a fixed parameter list") }
        var types: [String]
        if let annotated = try annotatedParameters(body, line: line, what: what) {
            // Declared for LuaLS above the definition (LuaToSwiftAnnotations.swift): the calls must agree.
            types = annotated
            if callables.found.signatures[key]?.parameters != annotated {
                callables.found.signatures[key] = CallableSignature(parameters: annotated, result: callables.signature(key)?.result, firstCall: line)
            }
        } else if let s = callables.signature(key) { types = s.parameters } else if body.parameters.isEmpty && !onlyIfCalled { types = [] } else {
            // A module's function the effect does not call is left out.
            if !onlyIfCalled { callables.untyped[key] = (line, what, body) }
            return nil
        }
        callables.untyped[key] = nil
        guard types.count == body.parameters.count else {
            throw refuse(line, what, "its calls pass \(types.count) arguments for its \(body.parameters.count) parameters")
        }
        // Parameters some call leaves out are optional, defaulting to nil (Lua's value for them).
        let required = callables.signature(key)?.required ?? types.count
        for index in required..<types.count where types[index] == CallableState.omittedMarker {
            throw refuse(line, "the parameter \(body.parameters[index]) of \(what)", "no call passes it (Lua passes nil), so nothing gives it a Swift type")
        }
        // A number the calls pass waits for its use in the body to know its Swift type.
        for (index, type) in types.enumerated() where type == CallableState.numberMarker {
            types[index] = try literalWithPendingType(.number("0", line: line)).1
        }
        for index in required..<types.count { types[index] = Self.optional(types[index]) }
        let saved = (scopes, currentClass, reassigned, nilTested, assignedNil, returnType, inferringResult, mutatedFields, directFieldTargets)
        defer { (scopes, currentClass, reassigned, nilTested, assignedNil, returnType, inferringResult, mutatedFields, directFieldTargets) = saved }
        if nested {
            scopes.append([:])
        } else {
            scopes = [scopes[0], selfClass.map { ["self": Variable(swift: "self", type: $0.swiftName)] } ?? [:]]
            currentClass = selfClass
        }
        for (parameter, type) in zip(body.parameters, types) {
            declare(parameter, Variable(swift: parameter, type: type))
            nameRecord(type, priority: 0, line: line, parameter)
        }
        // Typed before its body, so that a recursive call is checked against it.
        callables.found.signatures[key] = CallableSignature(parameters: types, result: callables.signature(key)?.result, firstCall: callables.signature(key)?.firstCall ?? line)
        analyse(body)
        returnType = nil
        inferringResult = true
        let lines: [String]
        let skippedBefore = callables.skipped.count
        do { lines = try functionBlock(body) } catch let error as SwiftExportError {
            if discovery { callables.found.definitionErrors[key] = error }
            throw error
        }
        // A discovery pass that skipped a statement of the body (a `return` among them, maybe)
        // knows no result: the reason of the first skip is the definition's.
        if callables.skipped.count > skippedBefore {
            if callables.found.definitionErrors[key] == nil { callables.found.definitionErrors[key] = callables.skipped[skippedBefore] }
            return nil
        }
        var result = returnType ?? "Void"
        // A function that returns nil on some path returns an optional (Lua's nil).
        if result != "Void", !SwiftType.isOptional(result), returnsNil(body.block) {
            result = result.contains(" ") ? "(\(result))?" : result + "?"
        }
        callables.found.signatures[key]?.result = result
        let parameters = zip(body.parameters, types).enumerated().map { index, pair in
            "_ \(pair.0): \(pair.1)" + (index >= required ? " = nil" : "")
        }.joined(separator: ", ")
        return ["\(head)(\(parameters))\(result == "Void" ? "" : " -> " + result) {"] + indent(lines) + ["}"]
    }

    /// Whether a block (not the functions inside it) has a `return nil`.
    func returnsNil(_ block: [LuaStat]) -> Bool {
        for stat in block {
            switch stat {
            case .returnStat(let values, _): if values.count == 1, case .nilValue = values[0] { return true }
            case .doBlock(let b, _), .whileLoop(_, let b, _), .repeatLoop(let b, _, _), .numericFor(_, _, _, _, let b, _), .genericFor(_, _, let b, _):
                if returnsNil(b) { return true }
            case .ifStat(let clauses, let e, _, _):
                if clauses.contains(where: { returnsNil($0.1) }) || e.map(returnsNil) == true { return true }
            default: break
            }
        }
        return false
    }

    /// At the end of a pass: a definition no call typed.
    func refuseUntypedFunctions() throws {
        guard let (_, entry) = callables.untyped.min(by: { $0.value.line < $1.value.line }) else { return }
        throw untypedRefusal(entry.line, entry.what)
    }

    func untypedRefusal(_ line: Int, _ what: String) -> SwiftExportError {
        refuse(line, what, "nothing in the file calls it with arguments (UIKit does not: it is not a hook), so no call gives its parameters Swift types")
    }

    // MARK: Calls

    /// The helper method `name` of a Lua class or of one of its Lua ancestors: its key and body.
    func helperMethod(of cls: ClassInfo, _ name: String) -> (key: String, body: LuaFunctionBody)? {
        var current: ClassInfo? = cls
        while let c = current {
            if let body = callables.methods[c.luaName]?[name] { return ("\(c.luaName):\(name)", body) }
            current = c.superIsLua ? classes.values.first { $0.swiftName == c.superclass } : nil
        }
        return nil
    }

    /// `object:name(args)` on a Lua object whose class defines `name` and UIKit does not.
    mutating func callHelperMethod(_ receiver: Code, _ cls: ClassInfo, _ name: String, _ args: [LuaExpr], line: Int) throws -> Code? {
        guard let (key, body) = helperMethod(of: cls, name) else { return nil }
        let (text, result) = try typedCall(key, "\(cls.luaName):\(name)", args, parameters: body.parameters.count, line: line)
        return Code(text: "\(receiverText(receiver)).\(name)(\(text))", type: result)
    }

    /// `X.name(args)` on a Lua class that defines the function `name`.
    mutating func callClassFunction(_ luaClass: String, _ name: String, _ args: [LuaExpr], line: Int) throws -> Code? {
        guard let cls = classes[luaClass], let body = callables.classFunctions[luaClass]?[name] else { return nil }
        let (text, result) = try typedCall("\(luaClass).\(name)", "\(luaClass).\(name)", args, parameters: body.parameters.count, line: line)
        return Code(text: "\(cls.swiftName).\(name)(\(text))", type: result)
    }

    /// `f(args)` of a local function inside a function.
    mutating func callNestedFunction(_ name: String, _ key: String, _ args: [LuaExpr], line: Int) throws -> Code {
        let count = callables.nested[key]?.parameters.count ?? args.count
        let (text, result) = try typedCall(key, name, args, parameters: count, line: line)
        return Code(text: "\(lookup(name)?.swift ?? name)(\(text))", type: result)
    }

    /// The arguments of a call of a function typed by its calls, and its result type. The first
    /// call types the parameters; the others must pass the same types.
    mutating func typedCall(_ key: String, _ display: String, _ args: [LuaExpr], parameters: Int, line: Int) throws -> (text: String, result: String?) {
        let args = droppingExtraArguments(args, parameters: parameters)
        guard args.count <= parameters else {
            throw refuse(line, "\(display) called with \(args.count) arguments", "it declares \(parameters); Lua evaluates and drops the others, Swift does not")
        }
        if args.count < parameters {
            // Lua passes nil for the others: a Swift parameter defaulting to nil, when the function
            // handles nil there.
            guard let body = definition(key), body.parameters.count == parameters else {
                throw refuse(line, "\(display) called with \(args.count) arguments", "it declares \(parameters); Lua passes nil for the others, Swift needs them")
            }
            for p in body.parameters[args.count...] {
                if let why = Self.nilUse(body, p) {
                    throw refuse(line, "\(display) called with \(args.count) arguments", "it declares \(parameters) and Lua passes nil for \(p), which \(display) \(why); only a parameter it compares or tests for nil, and never assigns, becomes a Swift optional defaulting to nil")
                }
            }
        }
        defer {
            if args.count < parameters, callables.found.signatures[key] != nil {
                callables.found.signatures[key]!.required = min(callables.signature(key)?.required ?? args.count, args.count)
            }
        }
        var parts: [String] = []
        if let s = callables.signature(key) {
            for (index, (argument, type)) in zip(args, s.parameters).enumerated() {
                if type == CallableState.omittedMarker {
                    // Left out by the first call: this one types it.
                    let c = try expr(argument, expected: nil)
                    guard let t = c.type, !t.hasSuffix(".Type"), !SwiftType.isClosure(t), !t.contains("\u{2}"), !t.hasPrefix(Self.pendingMark) else {
                        throw refuse(line, "the argument \(describe(argument)) of \(display)", "its Swift type is not known, and a Lua function's parameters have none")
                    }
                    if callables.found.signatures[key] == nil { callables.found.signatures[key] = s }
                    callables.found.signatures[key]!.parameters[index] = t
                    parts.append(c.text)
                    continue
                }
                if type == CallableState.numberMarker {
                    let c = try expr(argument, expected: nil)
                    guard SwiftType.isNumeric(c.type) else { throw disagreement(display, index, c.type, "a number", s, line: line) }
                    parts.append(c.text)
                    continue
                }
                let c = try expr(argument, expected: type)
                try uniteRecords(c.type, type, line: line)
                guard agree(c, type, argument: argument) else { throw disagreement(display, index, c.type, type, s, line: line) }
                parts.append(c.text)
            }
            if s.result == nil && !discovery, let error = callables.seeds.definitionErrors[key] { throw error }
            return (parts.joined(separator: ", "), s.result)
        }
        // Parameters declared for LuaLS (LuaToSwiftAnnotations.swift) are typed before any call.
        if let body = definition(key), let annotated = try annotatedParameters(body, line: body.line, what: display) {
            callables.found.signatures[key] = CallableSignature(parameters: annotated, result: nil, firstCall: body.line)
            return try typedCall(key, display, args, parameters: parameters, line: line)
        }
        // The first call: its arguments type the parameters.
        var types: [String] = []
        for argument in args {
            let c = try expr(argument, expected: nil)
            if isNumberExpression(argument) || (c.type?.hasPrefix(Self.pendingMark) ?? false) {
                types.append(CallableState.numberMarker)
            } else {
                guard let t = c.type, !t.hasSuffix(".Type"), !SwiftType.isClosure(t), !t.contains("\u{2}") else {
                    throw refuse(line, "the argument \(describe(argument)) of \(display)", "its Swift type is not known, and a Lua function's parameters have none")
                }
                types.append(t)
            }
            parts.append(c.text)
        }
        types += Array(repeating: CallableState.omittedMarker, count: parameters - args.count)
        callables.found.signatures[key] = CallableSignature(parameters: types, result: nil, firstCall: line)
        return (parts.joined(separator: ", "), nil)
    }

    /// Whether a function handles a nil `parameter` wherever it uses it: compares it (`p == true`,
    /// `p ~= nil`), tests its truth (`if p`, `not p`, `p and ...`), or defaults it (`p or x`).
    static func handlesNil(_ body: LuaFunctionBody, _ parameter: String) -> Bool { nilUse(body, parameter) == nil }

    /// Why a function does not handle a nil `parameter` (`handlesNil`): nil when it does.
    static func nilUse(_ body: LuaFunctionBody, _ parameter: String) -> String? {
        var reason: String?
        // Inside `if p then` (or `p ~= nil`, or a conjunct of either) the parameter is not nil.
        var guarded = 0
        func guards(_ c: LuaExpr) -> Bool {
            switch c {
            case .name(let n, _): return n == parameter
            case .binary("~=", .name(let n, _), .nilValue, _), .binary("~=", .nilValue, .name(let n, _), _): return n == parameter
            case .binary("and", let l, let r, _): return guards(l) || guards(r)
            case .paren(let inner, _): return guards(inner)
            default: return false
            }
        }
        func expr(_ e: LuaExpr, _ allowed: Bool) {
            switch e {
            case .name(let n, let line): if n == parameter && !allowed && guarded == 0 && reason == nil { reason = "uses at line \(line) without testing for nil" }
            case .binary(let op, let l, let r, _):
                let compared = op == "==" || op == "~="
                expr(l, compared || op == "and" || op == "or")
                expr(r, compared || ((op == "and" || op == "or") && allowed))
            case .unary("not", let inner, _): expr(inner, true)
            case .unary(_, let inner, _): expr(inner, false)
            case .paren(let inner, _): expr(inner, allowed)
            case .function(let b): if !b.parameters.contains(parameter) { visit(b.block) }
            default:
                var children: [LuaExpr] = []
                switch e {
                case .field(let o, _, _): children = [o]
                case .index(let o, let k, _): children = [o, k]
                case .call(let f, let a, _): children = [f] + a
                case .method(let o, _, let a, _): children = [o] + a
                case .table(let fields, _):
                    for f in fields {
                        switch f {
                        case .positional(let v), .named(_, let v): children.append(v)
                        case .keyed(let k, let v): children += [k, v]
                        }
                    }
                default: break
                }
                children.forEach { expr($0, false) }
            }
        }
        func visit(_ block: [LuaStat]) {
            for stat in block {
                switch stat {
                case .assign(let targets, let values, _):
                    for t in targets {
                        if case .name(let n, let line) = t, n == parameter {
                            if reason == nil { reason = "assigns at line \(line) (a Swift parameter is a constant)" }
                        } else { expr(t, false) }
                    }
                    values.forEach { expr($0, false) }
                case .local(let names, let values, _):
                    values.forEach { expr($0, false) }
                    if names.contains(where: { $0.name == parameter }) { return }
                case .call(let e, _): expr(e, false)
                case .returnStat(let values, _): values.forEach { expr($0, false) }
                case .doBlock(let b, _): visit(b)
                case .whileLoop(let c, let b, _): expr(c, true); visit(b)
                case .repeatLoop(let b, let c, _): visit(b); expr(c, true)
                case .ifStat(let clauses, let e, _, _):
                    for (c, b) in clauses {
                        expr(c, true)
                        let isGuard = guards(c)
                        if isGuard { guarded += 1 }
                        visit(b)
                        if isGuard { guarded -= 1 }
                    }
                    if let e { visit(e) }
                case .numericFor(_, let a, let b, let c, let body, _): [a, b].forEach { expr($0, false) }; c.map { expr($0, false) }; visit(body)
                case .genericFor(_, let values, let body, _): values.forEach { expr($0, false) }; visit(body)
                case .function(_, _, let b, _), .localFunction(_, let b, _): if !b.parameters.contains(parameter) { visit(b.block) }
                default: break
                }
            }
        }
        // `p = p or default` first: p is not nil after it (the function's later uses are its own).
        if let first = body.block.first(where: { LuaToSwift.mentions($0, parameter) }),
           case .assign(let targets, let values, _) = first, targets.count == 1, values.count == 1,
           case .name(let t, _) = targets[0], t == parameter, case .binary("or", .name(let v, _), _, _) = values[0], v == parameter {
            return nil
        }
        visit(body.block)
        return reason
    }

    /// The value of a call that returns nothing, kept: Lua's nil, which has no Swift type there.
    func voidValueRefusal(_ value: LuaExpr, line: Int) -> SwiftExportError {
        refuse(line, "the value of \(describe(value))", "it returns nothing (Lua's nil), which has no Swift type to keep")
    }

    /// The body of the function typed by its calls whose key is `key`.
    func definition(_ key: String) -> LuaFunctionBody? {
        if let body = callables.nested[key] { return body }
        if let colon = key.firstIndex(of: ":"), !key.contains("@") {
            return callables.methods[String(key[..<colon])]?[String(key[key.index(after: colon)...])]
        }
        if let dot = key.firstIndex(of: "."), !key.contains("@"), !key.contains(":") {
            return callables.classFunctions[String(key[..<dot])]?[String(key[key.index(after: dot)...])]
        }
        return nil
    }

    /// A call with more arguments than the function has parameters: Lua evaluates the extra ones
    /// and drops them, so an extra local, literal or property read (nothing happens when it is
    /// evaluated) is left out; any other extra argument is kept, for the call to be refused.
    func droppingExtraArguments(_ args: [LuaExpr], parameters: Int) -> [LuaExpr] {
        func inert(_ e: LuaExpr) -> Bool {
            switch e {
            case .name(let n, _): return lookup(n) != nil
            case .field(let o, _, _): return inert(o)  // a property read: UIKit's getters change nothing
            default: return isLiteral(e)
            }
        }
        guard args.count > parameters, args[parameters...].allSatisfy(inert) else { return args }
        return Array(args.prefix(parameters))
    }

    /// Whether an argument of type `c.type` may be passed where the first call passed `type`:
    /// the same type, a number for a number, a subclass, nil or a value for an optional.
    func agree(_ c: Code, _ type: String, argument: LuaExpr) -> Bool {
        if case .nilValue = argument { return SwiftType.isOptional(type) }
        guard let t = c.type else { return false }
        if SwiftType.isNumeric(t) && SwiftType.isNumeric(type) { return true }
        if let a = Self.recordSite(t), let b = Self.recordSite(type) {
            return recordRoot(a) == recordRoot(b) && (!SwiftType.isOptional(t) || SwiftType.isOptional(type))
        }
        if SwiftType.isOptional(t) && !SwiftType.isOptional(type) { return false }
        let given = SwiftType.nominal(t), wanted = SwiftType.nominal(type)
        if given == wanted { return true }
        // A subclass: of an API class, or a Lua class whose ancestry reaches it.
        var current = given
        while let cls = classes.values.first(where: { $0.swiftName == current }) {
            if cls.superclass == wanted { return true }
            current = cls.superclass
        }
        let apiName = SwiftInterfaceGenerator.typeNames.first(where: { $0.value == current })?.key ?? current
        let wantedAPI = SwiftInterfaceGenerator.typeNames.first(where: { $0.value == wanted })?.key ?? wanted
        return api.isSubclass(apiName, of: wantedAPI)
    }

    func disagreement(_ display: String, _ index: Int, _ given: String?, _ wanted: String, _ s: CallableSignature, line: Int) -> SwiftExportError {
        refuse(line, "the call \(display)(...)", "its argument \(index + 1) is \(given.map { "a " + $0 } ?? "of unknown type") where the call at line \(s.firstCall) passed \(wanted.hasPrefix("a ") ? wanted : "a " + wanted), and a Swift parameter has one type")
    }

    // MARK: Class constants, fields, super

    /// `X.name = value` at the top of the file, on a Lua class: a static constant of its Swift
    /// class (a `static var` when a function assigns it again).
    mutating func classConstant(_ cls: ClassInfo, _ key: String, _ value: LuaExpr, line: Int, lead: [String]) throws {
        if case .nilValue = value { throw refuse(line, "\(cls.luaName).\(key) = nil", "a nil constant has no Swift type") }
        let (code, type) = try constant(value)
        let isVar = assignedInFunctions(cls.luaName, key)
        callables.statics[cls.luaName, default: [:]][key] = (type, isVar)
        // A number's Swift type is not its literal's; a string's or a boolean's is.
        let annotation = isNumberExpression(value) ? ": " + type : ""
        let declaration = "static \(isVar ? "var" : "let") \(key)\(annotation) = \(code)" + (trailingComment(on: line).map { " " + $0 } ?? "")
        // Constants one after another are one group, as a Swift class lists them.
        if lead.isEmpty, let last = cls.members.last, !last.isEmpty, last.allSatisfy({ $0.hasPrefix("static let ") || $0.hasPrefix("static var ") || $0.hasPrefix("//") }) {
            cls.members[cls.members.count - 1].append(declaration)
        } else {
            cls.members.append(lead + [declaration])
        }
    }

    /// Whether a function body assigns `object.key`.
    func assignedInFunctions(_ object: String, _ key: String) -> Bool {
        var found = false
        func visit(_ block: [LuaStat], inFunction: Bool) {
            for stat in block {
                switch stat {
                case .assign(let targets, _, _) where inFunction:
                    for case .field(.name(let n, _), let k, _) in targets where n == object && k == key { found = true }
                case .function(_, _, let body, _), .localFunction(_, let body, _): visit(body.block, inFunction: true)
                case .doBlock(let b, _), .whileLoop(_, let b, _), .repeatLoop(let b, _, _), .numericFor(_, _, _, _, let b, _), .genericFor(_, _, let b, _):
                    visit(b, inFunction: inFunction)
                case .ifStat(let clauses, let e, _, _): clauses.forEach { visit($0.1, inFunction: inFunction) }; if let e { visit(e, inFunction: inFunction) }
                default: break
                }
            }
        }
        visit(chunk.block, inFunction: false)
        return found
    }

    /// `X.key` read on a Lua class: its static constant.
    func classConstantRead(_ receiver: Code, _ luaClass: ClassInfo, _ key: String) -> (code: Code, readOnly: Bool)? {
        guard let entry = callables.statics[luaClass.luaName]?[key] else { return nil }
        return (Code(text: receiver.text + "." + key, type: entry.type), !entry.isVar)
    }

    /// `local T = {}` at the top of the file, used only as `T[key]` with keys that are objects or
    /// strings: a Swift dictionary, `@MainActor var T: [Key: Value] = [:]`, typed by its first
    /// assignment. A Lua table keeps its keys and values alive and finds an object key by identity,
    /// as a dictionary keyed by a UIKit object (NSObject's hash and isEqual are its identity) does.
    mutating func fileMap(_ name: String, _ value: LuaExpr, line: Int) throws -> [String]? {
        guard case .table(let fields, _) = value, fields.isEmpty else { return nil }
        var uses = 0, indexed = 0
        LuaWalk.expressions(in: chunk.block) { e in
            if case .name(let n, _) = e, n == name { uses += 1 }
            if case .index(.name(let n, _), let key, _) = e, n == name, !isLiteral(key) { indexed += 1 }
        }
        guard uses > 0, uses == indexed else { return nil }
        callables.mapNames.insert(name)
        declare(name, Variable(swift: name, type: nil))
        guard let types = callables.found.maps[name] ?? callables.seeds.maps[name] else {
            throw callables.seeds.fieldErrors["[\(name)]"] ?? refuse(line, "the table \(name) used as a map", "no assignment \(name)[key] = value gives its key and value types")
        }
        return ["@MainActor", "var \(name): [\(types.key): \(types.value)] = [:]" + (trailingComment(on: line).map { " " + $0 } ?? "")]
    }

    /// `T[key]` on a file map: the value, or nil.
    mutating func mapRead(_ object: LuaExpr, _ key: LuaExpr, line: Int) throws -> Code? {
        guard case .name(let name, _) = object, callables.mapNames.contains(name), lookup(name)?.swift == name else { return nil }
        guard let types = callables.found.maps[name] ?? callables.seeds.maps[name] else {
            throw callables.seeds.fieldErrors["[\(name)]"] ?? refuse(line, "\(name)[\(describe(key))]", "no assignment \(name)[key] = value gives the map's key and value types")
        }
        let k = try expr(key, expected: types.key)
        guard agree(k, types.key, argument: key) else { throw refuse(line, "\(name)[\(describe(key))]", "its key is not a \(types.key), the map's key type") }
        return Code(text: "\(name)[\(requiredArgument(k, types.key))]", type: types.value + "?")
    }

    /// `T[key] = value` on a file map; the first one types the map.
    mutating func mapAssignment(_ target: LuaExpr, _ value: LuaExpr, line: Int) throws -> [String]? {
        guard case .index(.name(let name, _), let key, _) = target, callables.mapNames.contains(name), lookup(name)?.swift == name else { return nil }
        if let types = callables.found.maps[name] ?? callables.seeds.maps[name] {
            let k = try expr(key, expected: types.key)
            guard agree(k, types.key, argument: key) else { throw refuse(line, "\(name)[\(describe(key))] = ...", "its key is not a \(types.key), the map's key type") }
            let v = try expr(value, expected: types.value + "?")
            if case .nilValue = value {} else if !agree(v, types.value, argument: value) {
                throw refuse(line, "\(name)[\(describe(key))] = ...", "its value is not a \(types.value), the map's value type")
            }
            return ["\(name)[\(requiredArgument(k, types.key))] = \(v.text)"]
        }
        let k = try expr(key, expected: nil), v = try expr(value, expected: nil)
        guard let keyType = k.type.map(SwiftType.unwrapped), owner(of: keyType).api != nil || owner(of: keyType).lua != nil || keyType == "String" else {
            throw refuse(line, "\(name)[\(describe(key))] = ...", "a map is translated with object or string keys (Lua's number keys are not Swift's)")
        }
        guard let valueType = v.type.map(SwiftType.unwrapped), !valueType.hasSuffix(".Type"), !SwiftType.isClosure(valueType), !valueType.contains("\u{1}") else {
            throw refuse(line, "\(name)[\(describe(key))] = ...", "the type of its value is not known from the API description")
        }
        callables.found.maps[name] = (keyType, valueType)
        return ["\(name)[\(requiredArgument(k, keyType))] = \(v.text)"]
    }

    /// `object.key = value` where `object` is a Lua object other than the method's `self` and
    /// `key` none of its properties yet: a stored property of its class, typed by this value.
    mutating func luaObjectFieldAssignment(_ target: LuaExpr, _ value: LuaExpr, line: Int) throws -> [String]? {
        if let map = try mapAssignment(target, value, line: line) { return map }
        guard case .field(let object, let key, _) = target else { return nil }
        if case .name("self", _) = object, currentClass != nil, lookup("self")?.type == currentClass?.swiftName { return nil }
        let receiver = try expr(object, expected: nil)
        guard let cls = owner(of: receiver.type).lua, !(receiver.type?.hasSuffix(".Type") ?? true),
              try property(receiver, key, line: line) == nil else { return nil }
        var c = try expr(value, expected: nil)
        if isLiteral(value) && SwiftType.isNumeric(c.type) {
            let (code, type) = try literalWithPendingType(value)
            c = Code(text: code, type: type)
        }
        if c.type == "Void" { throw voidValueRefusal(value, line: line) }
        guard let type = c.type, !type.hasSuffix(".Type"), !SwiftType.isClosure(type) else {
            throw refuse(line, "the field \(key) of \(describe(object))", "the type of its value is not known from the API description")
        }
        cls.fields.append((key, testedSelfFields.contains(key) ? Self.optional(type) : type))
        return ["\(receiverText(receiver)).\(key) = \(c.text)"]
    }

    /// `instance.key = value` at the top of the file, on the instance the file returns: the
    /// initial value of a stored property of its class.
    mutating func initialValue(_ cls: ClassInfo, _ key: String, _ value: LuaExpr, line: Int) throws {
        let receiver = Code(text: cls.swiftName + "()", type: cls.swiftName)
        if let existing = try property(receiver, key, line: line) {
            guard !existing.readOnly, cls.fields.contains(where: { $0.name == key }) else {
                throw refuse(line, "the property \(key) set on the file's \(cls.luaName)", "UIKit's properties of an instance are set where the app makes it; only a field the script adds becomes a Swift property with an initial value")
            }
            let c = try expr(value, expected: existing.code.type)
            callables.initialValues[cls.luaName, default: [:]][key] = c.text + (trailingComment(on: line).map { " " + $0 } ?? "")
            return
        }
        var c = try expr(value, expected: nil)
        if isLiteral(value) && SwiftType.isNumeric(c.type) { c = Code(text: try number(value), type: "Double") }
        guard let type = c.type, !type.hasSuffix(".Type"), !SwiftType.isClosure(type) else {
            throw refuse(line, "the field \(key) of \(cls.luaName)", "the type of its value is not known from the API description")
        }
        cls.fields.append((key, type))
        callables.initialValues[cls.luaName, default: [:]][key] = c.text + (trailingComment(on: line).map { " " + $0 } ?? "")
    }

    /// A stored property's declaration: nil until the first assignment (reading one before it
    /// traps, as Lua raises), or the initial value the file gives it.
    func fieldDeclaration(_ cls: ClassInfo, _ field: (name: String, type: String)) -> String {
        let type = field.type.hasSuffix("?") ? field.type : field.type.contains(" ") ? "(\(field.type))!" : field.type + "!"
        guard let value = callables.initialValues[cls.luaName]?[field.name] else { return "var \(field.name): \(type)" }
        return "var \(field.name): \(type) = \(value)"
    }

    /// The refusal of `object.key` that is no property: the reason an assignment to it could
    /// not be translated, when there was one.
    func unknownField(_ key: String, _ object: LuaExpr, _ receiver: Code, line: Int) -> SwiftExportError {
        if owner(of: receiver.type).lua != nil, var error = callables.seeds.fieldErrors[key] {
            // That reason may be another field's absence, which has a reason of its own.
            var seen: Set<String> = [key]
            while error.reason.hasPrefix("it is not a property of"), error.construct.hasPrefix("the field "),
                  let other = error.construct.dropFirst("the field ".count).split(separator: " ").first.map(String.init),
                  !seen.contains(other), let deeper = callables.seeds.fieldErrors[other] {
                seen.insert(other)
                error = deeper
            }
            return error
        }
        return refuse(line, "the field \(key) of \(describe(object))", "it is not a property of \(receiver.type.map(SwiftType.nominal) ?? "a known type") in the API description, so its Swift type is unknown")
    }

    /// In a discovery pass, a statement skipped: an assignment to a field keeps its reason.
    /// A local whose declaration was skipped makes later uses fail as "the global x": the
    /// declaration's reason is the one kept.
    mutating func noteSkipped(_ stat: LuaStat, _ error: SwiftExportError) {
        callables.skipped.append(error)
        var error = error
        if error.construct.hasPrefix("the global "), let cause = callables.skippedLocals[String(error.construct.dropFirst("the global ".count))] { error = cause }
        // A function the statement would have typed by its call (an init, a helper) is not
        // translated: the fields it assigns keep this reason too.
        var untyped: [LuaFunctionBody] = []
        LuaWalk.expressions(in: [stat]) { e in
            switch e {
            case .call(.field(.name(let n, _), "new", _), _, _):
                if let cls = classes[n], let initBody = cls.initBody, cls.initTypes == nil { untyped.append(initBody.body) }
            case .call(.field(.name(let n, _), let f, _), _, _):
                if let body = callables.classFunctions[n]?[f], callables.signature("\(n).\(f)") == nil { untyped.append(body) }
            case .method(_, let m, _, _):
                for (luaClass, methods) in callables.methods {
                    if let body = methods[m], callables.signature("\(luaClass):\(m)") == nil { untyped.append(body) }
                }
            default: break
            }
        }
        for body in untyped {
            for key in Self.selfFieldsAssigned(body.block) where callables.found.fieldErrors[key] == nil { callables.found.fieldErrors[key] = error }
        }
        switch stat {
        case .local(let names, _, _):
            for n in names where callables.skippedLocals[n.name] == nil { callables.skippedLocals[n.name] = error }
        case .assign(let targets, _, _):
            for case .field(_, let key, _) in targets where callables.found.fieldErrors[key] == nil { callables.found.fieldErrors[key] = error }
            // (A map's assignment, under its name in brackets.)
            for case .index(.name(let n, _), _, _) in targets where callables.found.fieldErrors["[\(n)]"] == nil { callables.found.fieldErrors["[\(n)]"] = error }
        default: break
        }
    }

    /// The fields `self.key = ...` a function body assigns.
    static func selfFieldsAssigned(_ block: [LuaStat]) -> [String] {
        var keys: [String] = []
        func visit(_ b: [LuaStat]) {
            for stat in b {
                switch stat {
                case .assign(let targets, _, _): for case .field(.name("self", _), let k, _) in targets { keys.append(k) }
                case .doBlock(let x, _), .whileLoop(_, let x, _), .repeatLoop(let x, _, _), .numericFor(_, _, _, _, let x, _), .genericFor(_, _, let x, _): visit(x)
                case .ifStat(let clauses, let e, _, _): clauses.forEach { visit($0.1) }; if let e { visit(e) }
                default: break
                }
            }
        }
        visit(block)
        return keys
    }

    /// `X.super.name(self, ...)` in a method of X: `super.name(...)`, UIKit's implementation.
    mutating func superCall(_ luaClass: String, _ name: String, _ args: [LuaExpr], line: Int) throws -> Code {
        guard let cls = classes[luaClass], currentClass === cls, case .name("self", _)? = args.first, lookup("self")?.type == cls.swiftName else {
            throw refuse(line, "\(luaClass).super.\(name)(...)", "Swift's super.\(name)(...) exists only in a method of \(luaClass) calling it on self")
        }
        var declaration: String?
        if cls.superIsLua, let parent = classes.values.first(where: { $0.swiftName == cls.superclass }) {
            declaration = hookDeclaration(parent, name)?.declaration
            if declaration == nil, helperMethod(of: parent, name) != nil {
                throw refuse(line, "\(luaClass).super.\(name)(...)", "\(name) is a helper of the Lua superclass, which Swift's class already inherits: call self:\(name)(...)")
            }
        } else {
            for c in api.lineage(cls.superclass) {
                if let d = c.hooks.first(where: { $0.name == name })?.swiftDeclaration { declaration = d; break }
                if let f = c.methods.first(where: { $0.name == name }), let d = f.swiftDeclaration ?? SwiftNames.declarations["\(c.name).\(name)"] { declaration = d; break }
            }
        }
        guard let declaration else {
            throw refuse(line, "\(luaClass).super.\(name)(...)", "\(cls.superclass) has no method \(name) in the API description")
        }
        let (s, text) = try arguments(declaration, Array(args.dropFirst()), key: "\(cls.superclass).\(name)", line: line)
        if s.keyword == "var" { return Code(text: "super.\(s.baseName)", type: s.result) }
        return Code(text: "super.\(s.baseName)(\(text))", type: s.result)
    }

    /// `X.new(a, b)` of a Lua class over a UIKit class, with no init of its own: Transit makes the
    /// superclass's part from the arguments (Runtime/Subclassing.swift), as the Swift class's
    /// inherited initialiser does (`QPresentationController(presentedViewController:presenting:)`).
    mutating func inheritedInitializer(_ cls: ClassInfo, _ args: [LuaExpr], line: Int) throws -> Code? {
        guard let base = baseWithInitializer(cls),
              let declarations = api.lineage(base).compactMap({ SwiftNames.initializers[$0.name] }).first else { return nil }
        let (_, text) = try arguments(declarations.joined(separator: "\n"), args, key: "\(cls.luaName).new", line: line)
        return Code(text: "\(cls.swiftName)(\(text))", type: cls.swiftName)
    }

    /// Whether the UIKit class under a Lua class has a method `name` of its own (its protocol
    /// method is then an override in Swift).
    func superclassImplements(_ cls: ClassInfo, _ name: String) -> Bool {
        guard let base = owner(of: cls.swiftName).api else { return false }
        return api.lineage(base).contains { c in c.methods.contains { $0.name == name } }
    }

    /// Why a top-level local that is no class, instance, module or constant is refused.
    func topLevelLocalRefusal(_ name: String, _ value: LuaExpr, line: Int) -> SwiftExportError {
        if case .table(let fields, _) = value, fields.isEmpty {
            return refuse(line, "the empty table \(name) at the top of the file", "it is used otherwise than as a map (\(name)[key] with object or string keys), so its Swift type (an array, a dictionary, a record) is not known")
        }
        return refuse(line, "the top-level local \(name)", "only classes, their instances, modules and constants that nothing assigns are translated at the top of a file")
    }

    /// An optional passed where UIKit's parameter is not: unwrapped at the call, where Transit
    /// raises for a nil argument (`ctx.finalFrame(for: ctx.viewController(forKey: .to)!)`).
    func requiredArgument(_ c: Code, _ parameter: String) -> String {
        guard let t = c.type, SwiftType.isOptional(t), !SwiftType.isOptional(parameter), c.text != "nil" else { return c.text }
        return forced(c).text
    }

    /// The Swift name of a local the script calls `self` outside a method (`local self =
    /// EdgeInteraction.new()` in a class function): `self` is Swift's keyword, so the local is
    /// named after its class (`edgePanInteraction`).
    func selfLocalName(_ type: String) -> String {
        let nominal = SwiftType.nominal(type)
        guard let first = nominal.first, first.isLetter else { return "instance" }
        return first.lowercased() + nominal.dropFirst()
    }
}

extension LuaToSwift {
    /// A local function passed by its name where UIKit takes a closure
    /// (`CATransaction.setCompletionBlock(finish)`): the Swift nested function is that closure,
    /// when its parameters and result are the closure's.
    mutating func localFunctionValue(_ name: String, _ key: String, expected: String?, line: Int) throws -> Code {
        let swift = lookup(name)?.swift ?? name
        guard let expected, SwiftType.isClosure(expected) else {
            throw refuse(line, "the local function \(name) used as a value", "only a local function passed where UIKit takes a closure is translated as one")
        }
        let parameters = SwiftType.closureParameters(expected)
        let result = SwiftType.closureResult(expected)
        guard let s = callables.signature(key), s.parameters.count == parameters.count,
              zip(s.parameters, parameters).allSatisfy({ $0 == $1 || $0 == CallableState.numberMarker && SwiftType.isNumeric($1) }),
              (s.result ?? "Void") == result || s.result == nil && result == "Void" else {
            let own = callables.signature(key).map { "(\($0.parameters.map { $0 == CallableState.numberMarker ? "a number" : $0 }.joined(separator: ", "))) -> \($0.result ?? "Void")" } ?? "no type (no call types it)"
            throw refuse(line, "the local function \(name) passed as a \(SwiftType.unwrapped(expected))", "Swift passes a function as a closure of its own type, and \(name)'s is \(own)")
        }
        return Code(text: swift, type: expected)
    }
}
