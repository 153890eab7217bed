import Foundation

// The modules an effect requires (docs/export.md, "Modules and class factories"), translated
// into the same Swift file: `require("lib.x")` finds the module as Transit's sandbox does (beside
// the effect, then in scripts/), once however often it is required.
//
// A module is a table of functions and constants: it becomes a Swift namespace, an `enum` named
// after the module's file (`lib/views.lua` → `enum Views`), its functions `static func`s typed by
// their calls (LuaToSwiftCallables.swift), its constants `static let`s. What the effect does not
// use is left out: the Swift is the effect's, not the library's.
//
// A module function that makes a class (`presentr.controller(name, options)`, whose body is
// `local Controller = UIPresentationController:subclass(name)` and its methods) is a class
// factory: each call at the top of the effect becomes that class, with the call's arguments
// applied where the factory reads them (FactoryExpansion below). The class is the one a UIKit
// developer would write for that effect: its name is the call's, the numbers the effect passes
// are its constants, the functions it passes its methods, and the branches an absent option
// turns off are not there.
//
// A module's lines are numbered after the effect's (each module from a multiple of
// `LuaModule.lineStride`), so that the one translation of the effect and its modules tells every
// line's file; a refusal inside a module names the module's file and line.

struct LuaModule {
    static let lineStride = 1_000_000

    /// The name `require` was given (`lib.presentr`).
    var name: String
    /// How a message names its file (relative to the current directory where it can be).
    var displayPath: String
    var chunk: LuaChunk
    /// Its lines are `base + line`.
    var base: Int
    /// Its namespace's Swift name: its file's name, capitalised (`Presentr`).
    var swiftName: String
    /// The local the module's table is (`local presentr = {}` ... `return presentr`).
    var table: String?

    /// The last component of the name (`presentr`): the prefix of the module's names in the
    /// effect's scope (`presentr.belowTheBottom`, which no Lua name can be).
    var shortName: String { String(name.split(separator: ".").last ?? Substring(name)) }
    func qualified(_ local: String) -> String { "\(shortName).\(local)" }
}

/// Finds and parses the modules an effect requires.
struct ModuleLoader {
    /// Where `require` looks: the effect's directory, then Transit's scripts/ (docs/sandbox.md).
    var directories: [URL]
    var modules: [String: LuaModule] = [:]

    /// The modules `chunk` requires, and theirs; a name `require` would not find is refused.
    mutating func load(requiredBy chunk: LuaChunk) throws {
        for (name, line) in Self.requiredNames(chunk.block) where modules[name] == nil {
            if let problem = LuaRuntime.moduleNameProblem(name) { throw SwiftExportError(line: line, construct: "require(\"\(name)\")", reason: problem) }
            guard let url = LuaRuntime.resolveModule(name, in: directories) else {
                throw SwiftExportError(line: line, construct: "require(\"\(name)\")", reason: "no module \(name) is beside the effect or in Transit's scripts/")
            }
            guard let source = try? String(contentsOf: url, encoding: .utf8) else {
                throw SwiftExportError(line: line, construct: "require(\"\(name)\")", reason: "\(url.path) cannot be read")
            }
            let base = (modules.count + 1) * LuaModule.lineStride
            let parsed: LuaChunk
            do { parsed = try LuaParser.parse(source, firstLine: base + 1) } catch let error as LuaSyntaxError {
                throw SwiftExportError(line: error.line, construct: "a syntax error (\(error.message))", reason: "the module is not valid Lua 5.4")
            }
            let stem = url.deletingPathExtension().lastPathComponent
            var table: String?
            if case .returnStat(let values, _)? = parsed.block.last, values.count == 1, case .name(let n, _) = values[0] { table = n }
            modules[name] = LuaModule(name: name, displayPath: Self.display(url), chunk: parsed, base: base,
                                      swiftName: stem.prefix(1).uppercased() + stem.dropFirst(), table: table)
            try load(requiredBy: parsed)
        }
    }

    /// The module a line belongs to, if it is a module's.
    func module(ofLine line: Int) -> LuaModule? {
        guard line >= LuaModule.lineStride else { return nil }
        return modules.values.first { $0.base == line / LuaModule.lineStride * LuaModule.lineStride }
    }

    static func display(_ url: URL) -> String {
        let cwd = FileManager.default.currentDirectoryPath
        let path = url.standardizedFileURL.path
        return path.hasPrefix(cwd + "/") ? String(path.dropFirst(cwd.count + 1)) : path
    }

    /// `require("name")` with a literal name, anywhere in a block, with its line.
    static func requiredNames(_ block: [LuaStat]) -> [(String, Int)] {
        var found: [(String, Int)] = []
        LuaWalk.expressions(in: block) { e in
            if case .call(.name("require", _), let args, let line) = e, args.count == 1, case .string(let name, _) = args[0] { found.append((name, line)) }
        }
        return found
    }
}

/// Walks a block: every expression (functions' bodies included), and assignments' targets.
enum LuaWalk {
    static func expressions(in block: [LuaStat], _ visit: (LuaExpr) -> Void) {
        func e(_ x: LuaExpr) {
            visit(x)
            switch x {
            case .function(let body): s(body.block)
            case .table(let fields, _):
                for f in fields {
                    switch f {
                    case .positional(let v), .named(_, let v): e(v)
                    case .keyed(let k, let v): e(k); e(v)
                    }
                }
            case .binary(_, let l, let r, _): e(l); e(r)
            case .unary(_, let i, _), .paren(let i, _): e(i)
            case .index(let o, let k, _): e(o); e(k)
            case .field(let o, _, _): e(o)
            case .call(let f, let a, _): e(f); a.forEach(e)
            case .method(let o, _, let a, _): e(o); a.forEach(e)
            default: break
            }
        }
        func s(_ b: [LuaStat]) {
            for st in b {
                switch st {
                case .local(_, let vs, _), .returnStat(let vs, _): vs.forEach(e)
                case .assign(let ts, let vs, _): ts.forEach(e); vs.forEach(e)
                case .call(let x, _): e(x)
                case .doBlock(let b, _): s(b)
                case .whileLoop(let c, let b, _): e(c); s(b)
                case .repeatLoop(let b, let c, _): s(b); e(c)
                case .ifStat(let cs, let el, _, _): cs.forEach { e($0.0); s($0.1) }; if let el { s(el) }
                case .numericFor(_, let a, let b, let c, let body, _): e(a); e(b); c.map(e); s(body)
                case .genericFor(_, let vs, let body, _): vs.forEach(e); s(body)
                case .function(_, _, let body, _), .localFunction(_, let body, _): s(body.block)
                default: break
                }
            }
        }
        s(block)
    }

    /// Whether any assignment in `block` (nested blocks, functions and closures included) has a
    /// target for which `matches` is true.
    static func assigns(in block: [LuaStat], _ matches: (LuaExpr) -> Bool) -> Bool {
        var found = false
        func visit(_ stats: [LuaStat]) {
            for stat in stats {
                switch stat {
                case .assign(let targets, _, _): if targets.contains(where: matches) { found = true }
                case .doBlock(let b, _), .whileLoop(_, let b, _), .repeatLoop(let b, _, _), .numericFor(_, _, _, _, let b, _), .genericFor(_, _, let b, _): visit(b)
                case .ifStat(let clauses, let e, _, _): clauses.forEach { visit($0.1) }; if let e { visit(e) }
                case .function(_, _, let b, _), .localFunction(_, let b, _): visit(b.block)
                default: break
                }
            }
            var closures: [[LuaStat]] = []
            expressions(in: stats) { e in if case .function(let b) = e { closures.append(b.block) } }
            closures.forEach(visit)
        }
        visit(block)
        return found
    }
}

// MARK: - The translator's side

/// A name bound to a module's namespace or to one of its failed constants.
enum ModuleBinding {
    /// A module's table (or a table of functions in it): its Swift namespace.
    case namespace(String)
    /// A module constant the exporter could not translate: a use of it is refused with why.
    case failedConstant(SwiftExportError)
}

/// The members of a module namespace, by Lua key.
enum NamespaceMember {
    case constant(swift: String, type: String)
    case function(key: String, swift: String, parameters: Int)
    case namespace(String)
    case failed(SwiftExportError)
    /// A class factory: called only at the effect's top level, where it is expanded.
    case factory
}

extension LuaToSwift {
    /// `local name = require("module")` at the top of the effect (or the one the expansion of a
    /// factory puts before it): the module's namespace, translated once; nil when the value is
    /// not a require.
    mutating func requireLocal(_ name: String, _ value: LuaExpr, line: Int) throws -> [String]? {
        guard case .call(.name("require", _), let args, _) = value, args.count == 1, case .string(let moduleName, _) = args[0] else { return nil }
        guard let module = callables.modules[moduleName] else {
            throw refuse(line, "require(\"\(moduleName)\")", "the module was not found")
        }
        guard let table = module.table else {
            throw refuse(module.chunk.block.last?.line ?? module.base + 1, "the module \(moduleName)", "it does not end with `return` of its table, so it is not a namespace")
        }
        let namespace = module.swiftName
        var lines: [String] = []
        if callables.modulesInProgress.contains(moduleName) {
            throw refuse(line, "require(\"\(moduleName)\")", "\(moduleName) is being loaded: it requires this module, which requires it back, and Transit's require would load them again without end")
        }
        if callables.translatedModules[moduleName] == nil {
            callables.modulesInProgress.insert(moduleName)
            defer { callables.modulesInProgress.remove(moduleName) }
            lines = try translateModule(module, table: table)
            callables.translatedModules[moduleName] = namespace
        }
        declare(name, Variable(swift: namespace, type: nil, binding: .namespace(namespace)))
        return lines
    }

    /// A module's top level: its namespace enum (only what the effect uses), its names declared
    /// in the effect's scope under qualified names (`presentr.belowTheBottom`) for the expanded
    /// factories.
    mutating func translateModule(_ module: LuaModule, table: String) throws -> [String] {
        let effectScopes = scopes, effectWindow = commentWindow, effectClass = currentClass
        scopes = [[:]]
        currentClass = nil
        let lines: [String]
        do { lines = try moduleLines(module, table: table) } catch {
            (scopes, commentWindow, currentClass) = (effectScopes, effectWindow, effectClass)
            throw error
        }
        let moduleScope = scopes[0]
        (scopes, commentWindow, currentClass) = (effectScopes, effectWindow, effectClass)
        for (name, variable) in moduleScope { scopes[0][module.qualified(name)] = variable }
        return lines
    }

    mutating func moduleLines(_ module: LuaModule, table: String) throws -> [String] {
        var members: [[String]] = []
        var otherModules: [String] = []
        var subNamespaces: [(name: String, members: [[String]])] = []
        let root = module.swiftName
        callables.namespaces[root] = [:]
        declare(table, Variable(swift: root, type: nil, binding: .namespace(root)))
        func indented(_ lines: [String]) -> [String] { lines.map { $0.isEmpty ? "" : "    " + $0 } }
        let firstLine = module.chunk.block.first?.line ?? module.base + 1
        var previousEnd = firstLine - 1
        for stat in module.chunk.block {
            // The comments between the previous statement and this one are this one's.
            commentWindow = (previousEnd + 1)...max(previousEnd + 1, stat.line - 1)
            let lead = previousEnd < firstLine ? [] : comments(before: stat.line)
            commentWindow = nil
            previousEnd = endLine(of: stat)
            switch stat {
            case .local(let names, let values, let line) where names.count == 1 && values.count == 1:
                let name = names[0].name
                if name == table { continue }
                if let required = try requireLocal(name, values[0], line: line) {
                    // Another module, required by this one: its namespace comes first, beside this one's.
                    if !required.isEmpty { otherModules += required + [""] }
                    continue
                }
                if case .table(let fields, _) = values[0], fields.isEmpty {
                    // A table filled with functions: a namespace inside the module's.
                    let swift = "\(root).\(name)"
                    callables.namespaces[swift] = [:]
                    declare(name, Variable(swift: swift, type: nil, binding: .namespace(swift)))
                    subNamespaces.append((name, []))
                    continue
                }
                if let lines = moduleConstant(name, values[0], namespace: root, line: line) { members.append(lead + lines) }
            case .assign(let targets, let values, let line) where targets.count == 1 && values.count == 1:
                guard case .field(.name(let owner, _), let key, _) = targets[0], case .namespace(let ns)? = lookup(owner)?.binding else {
                    throw refuse(line, "an assignment at the top of the module", "only its table's fields are translated (constants and functions)")
                }
                if case .name(let n, _) = values[0], case .namespace(let inner)? = lookup(n)?.binding {
                    callables.namespaces[ns, default: [:]][key] = .namespace(inner)
                    continue
                }
                if case .function(let body) = values[0] {
                    if let lines = try moduleFunction(module, ns: ns, key, body, line: line) { members.append(lead + lines) }
                    continue
                }
                if let lines = moduleConstant(key, values[0], namespace: ns, line: line, field: true) { members.append(lead + lines) }
            case .function(let path, let isMethod, let body, let line):
                guard path.count == 2, !isMethod, case .namespace(let ns)? = lookup(path[0])?.binding else {
                    throw refuse(line, "function \(path.joined(separator: isMethod ? ":" : "."))", "a module's functions are translated as its table's (function M.name) and its local functions")
                }
                guard let lines = try moduleFunction(module, ns: ns, path[1], body, line: line) else { continue }
                if ns == root { members.append(lead + lines) } else if let index = subNamespaces.firstIndex(where: { "\(root).\($0.name)" == ns }) {
                    subNamespaces[index].members.append(lead + lines)
                }
            case .localFunction(let name, let body, let line):
                let key = "\(module.name):\(name)@\(line)"
                callables.nested[key] = body
                declare(name, Variable(swift: "\(root).\(name)", type: nil, callable: key))
                guard let lines = try typedFunction(key: key, what: "the local function \(name) of \(module.name)", head: "static func \(name)",
                                                    body: body, line: line, selfClass: nil, nested: false, onlyIfCalled: true) else { continue }
                members.append(lead + lines)
            case .returnStat:
                continue
            default:
                throw refuse(stat.line, "a statement at the top of the module", "a module is translated as its constants and functions")
            }
        }
        for sub in subNamespaces where !sub.members.isEmpty {
            // A nested type is not isolated with the one around it: on the main actor too.
            members.append(["@MainActor", "enum \(sub.name) {"] + sub.members.enumerated().flatMap { index, lines in (index > 0 ? [""] : []) + indented(lines) } + ["}"])
        }
        guard !members.isEmpty else { return otherModules.dropLast() }
        // The module's description (its first comment paragraph) above its namespace.
        commentWindow = module.base...max(module.base, firstLine - 1)
        var out = otherModules + comments(before: firstLine)
        commentWindow = nil
        out += ["@MainActor", "enum \(root) {"]
        for (index, member) in members.enumerated() {
            if index > 0 { out.append("") }
            out += indented(member)
        }
        out.append("}")
        return out
    }

    /// A module function: a static func of its namespace, typed by its calls and written only
    /// when the effect calls it; a class factory is expanded where the effect calls it.
    mutating func moduleFunction(_ module: LuaModule, ns: String, _ name: String, _ body: LuaFunctionBody, line: Int) throws -> [String]? {
        if FactoryExpansion.isFactory(body) {
            callables.namespaces[ns, default: [:]][name] = .factory
            return nil
        }
        let key = "\(module.name):\(ns).\(name)"
        callables.nested[key] = body
        callables.namespaces[ns, default: [:]][name] = .function(key: key, swift: "\(ns).\(name)", parameters: body.parameters.count)
        return try typedFunction(key: key, what: "the function \(ns).\(name)", head: "static func \(name)", body: body, line: line,
                                 selfClass: nil, nested: false, onlyIfCalled: true)
    }

    /// A module constant: a `static let` of its namespace; one the exporter cannot translate is
    /// refused only where it is used.
    mutating func moduleConstant(_ name: String, _ value: LuaExpr, namespace: String, line: Int, field: Bool = false) -> [String]? {
        do {
            if case .table(let fields, _) = value, !fields.isEmpty, fields.allSatisfy({ if case .named = $0 { return true }; return false }),
               callables.seeds.dictionaries.contains("\(namespace).\(name)") {
                // Read with a dynamic key somewhere: a dictionary (LuaToSwiftStructs.swift, `dictionaryRead`).
                let (code, type) = try constantDictionary(fields, line: line)
                callables.dictionaryKeys["\(namespace).\(name)"] = Set(fields.compactMap { if case .named(let k, _) = $0 { return k }; return nil })
                if field { callables.namespaces[namespace, default: [:]][name] = .constant(swift: "\(namespace).\(name)", type: type) }
                else { declare(name, Variable(swift: "\(namespace).\(name)", type: type)) }
                return ["static let \(name) = \(code)" + (trailingComment(on: line).map { " " + $0 } ?? "")]
            }
            if case .table(let fields, _) = value, !fields.isEmpty, fields.allSatisfy({ if case .named = $0 { return true }; return false }) {
                // A record of named constants: a nested enum, as the effect's own (`SHADOW.radius`).
                var lines = ["enum \(name) {"]
                var types: [String: String] = [:]
                for case .named(let key, let v) in fields {
                    if case .nilValue = v { throw refuse(v.line, "the field \(key) = nil of \(name)", "a nil constant has no Swift type") }
                    let (code, type) = try constant(v)
                    types[key] = type
                    lines.append("    static let \(key)\(isNumberExpression(v) ? ": " + type : "") = \(code)")
                }
                lines.append("}")
                if field { callables.namespaces[namespace, default: [:]][name] = .namespace("\(namespace).\(name)") }
                declare(name, Variable(swift: "\(namespace).\(name)", type: nil, fields: types))
                return lines
            }
            let (code, type) = try constant(value)
            if field { callables.namespaces[namespace, default: [:]][name] = .constant(swift: "\(namespace).\(name)", type: type) }
            else { declare(name, Variable(swift: "\(namespace).\(name)", type: type)) }
            return ["static let \(name)\(isNumberExpression(value) ? ": " + type : "") = \(code)" + (trailingComment(on: line).map { " " + $0 } ?? "")]
        } catch let error as SwiftExportError {
            if field { callables.namespaces[namespace, default: [:]][name] = .failed(error) }
            else { declare(name, Variable(swift: "\(namespace).\(name)", type: nil, binding: .failedConstant(error))) }
            return nil
        } catch { return nil }
    }

    // MARK: Uses

    /// The namespace an expression names (`hero`, `hero.types`), if it names one.
    func namespacePath(_ e: LuaExpr) -> String? {
        switch e {
        case .name(let n, _):
            if case .namespace(let ns)? = lookup(n)?.binding { return ns }
            return nil
        case .field(let o, let key, _):
            guard let ns = namespacePath(o), case .namespace(let inner)? = callables.namespaces[ns]?[key] else { return nil }
            return inner
        case .call(.name("require", _), let args, _):
            guard args.count == 1, case .string(let name, _) = args[0] else { return nil }
            return callables.translatedModules[name]
        case .paren(let inner, _): return namespacePath(inner)
        default: return nil
        }
    }

    /// `M.key` read on a module namespace.
    mutating func namespaceMember(_ ns: String, _ key: String, line: Int) throws -> Code {
        switch callables.namespaces[ns]?[key] {
        case .constant(let swift, let type)?: return Code(text: swift, type: type)
        case .failed(let error)?: throw error
        case .namespace?: throw refuse(line, "the table \(ns).\(key) used as a value", "a module's table is translated as a namespace")
        case .function?, .factory?: throw refuse(line, "the function \(ns).\(key) used as a value", "a module's functions are translated as static functions, called by name")
        case nil: throw refuse(line, "\(ns).\(key)", "the module defines no \(key)")
        }
    }

    /// `M.f(args)` on a module namespace.
    mutating func callNamespaceFunction(_ ns: String, _ name: String, _ args: [LuaExpr], line: Int) throws -> Code {
        switch callables.namespaces[ns]?[name] {
        case .function(let key, let swift, let parameters)?:
            let (text, result) = try typedCall(key, "\(ns).\(name)", args, parameters: parameters, line: line)
            return Code(text: "\(swift)(\(text))", type: result)
        case .factory?:
            throw refuse(line, "the class factory \(ns).\(name)", "a factory's class is translated where the effect's top level calls it (local X = \(name)(...) or return \(name)(...)), with literal, table, name or function arguments")
        case .failed(let error)?: throw error
        default:
            throw refuse(line, "\(ns).\(name)(...)", "the module defines no function \(name)")
        }
    }

}

// MARK: - Class factories

/// Expands each call of a class factory at the effect's top level (`return
/// require("lib.presentr").controller("AlertPresentationController", { ... })`) into the
/// factory's statements with the call's arguments applied, so that the translator sees the class
/// as if the effect had written it: the name is the call's string; `options.key` is the value the
/// call gives (a number a constant named after the key, a function a method of the class named
/// after the key, an absent key nil); `a or b`, `a and b`, `not a` and `if` on what is then known
/// are decided here, so the class has only the code this call runs.
struct FactoryExpansion {
    let modules: [String: LuaModule]
    /// The comments each made statement takes, by its line (LuaToSwift's `leadWindows`).
    var leadWindows: [Int: [ClosedRange<Int>]] = [:]
    /// The lines the branches it decided leave for the blank lines (LuaToSwift's `visualStart`).
    var visualStart: [Int: Int] = [:]
    var visualEnd: [Int: Int] = [:]
    /// Modules an expansion has required (or the effect, by a local).
    var requiredModules = Set<String>()
    /// The top-level names the expansions have declared: a second expansion may not declare one
    /// again (two calls of one factory would make two `let dimAlpha`).
    var declaredNames = Set<String>()

    init(modules: [String: LuaModule]) { self.modules = modules }

    /// Whether a function makes a class: `local C = Base:subclass(...)` at the top of its body.
    static func isFactory(_ body: LuaFunctionBody) -> Bool {
        body.block.contains { if case .local(_, let values, _) = $0, values.count == 1, case .method(_, "subclass", _, _) = values[0] { return true }; return false }
    }

    /// A value the factory's code sees for one of its names.
    enum Binding {
        /// An options table of the call: its keys' values (absent keys are nil).
        case options([String: LuaExpr])
        /// A value put where the name is read.
        case value(LuaExpr)
        /// A function of the call that became the method `name` of the made class.
        case method(String)
    }

    mutating func expand(_ block: [LuaStat]) throws -> [LuaStat] {
        var out: [LuaStat] = []
        var requireLocals: [String: String] = [:]
        var previousEnd = 0
        var effectNames = Set<String>()
        for stat in block {
            if case .local(let names, _, _) = stat { names.forEach { effectNames.insert($0.name) } }
            if case .localFunction(let name, _, _) = stat { effectNames.insert(name) }
        }
        for (index, stat) in block.enumerated() {
            defer { previousEnd = endLine(stat, in: block, index) }
            switch stat {
            case .local(let names, let values, _) where names.count == 1 && values.count == 1:
                if case .call(.name("require", _), let args, _) = values[0], args.count == 1, case .string(let m, _) = args[0] {
                    requireLocals[names[0].name] = m
                    requiredModules.insert(m)
                }
                if let call = factoryCall(values[0], requireLocals) {
                    out += try specialize(call, as: names[0].name, effectNames: effectNames, effectLead: (previousEnd + 1)...max(previousEnd + 1, stat.line - 1))
                    continue
                }
            case .returnStat(let values, let line) where values.count == 1:
                if let call = factoryCall(values[0], requireLocals) {
                    let made = try specialize(call, as: nil, effectNames: effectNames, effectLead: (previousEnd + 1)...max(previousEnd + 1, stat.line - 1))
                    out += made.dropLast()
                    // The factory's `return C`, at the effect's return line.
                    if case .returnStat(let returned, _)? = made.last { out.append(.returnStat(returned, line: line)) }
                    continue
                }
            default: break
            }
            out.append(stat)
        }
        return out
    }

    func endLine(_ stat: LuaStat, in block: [LuaStat], _ index: Int) -> Int {
        index + 1 < block.count ? block[index + 1].line - 1 : stat.line
    }

    struct Call {
        var module: LuaModule
        var function: LuaFunctionBody
        var name: String
        var args: [LuaExpr]
        var line: Int
    }

    /// `M.f(args)` or `require("m").f(args)` where `f` is a class factory of the module.
    func factoryCall(_ e: LuaExpr, _ requireLocals: [String: String]) -> Call? {
        guard case .call(.field(let target, let name, _), let args, let line) = e else { return nil }
        var moduleName: String?
        if case .name(let n, _) = target { moduleName = requireLocals[n] }
        if case .call(.name("require", _), let a, _) = target, a.count == 1, case .string(let m, _) = a[0] { moduleName = m }
        guard let moduleName, let module = modules[moduleName], let table = module.table else { return nil }
        for case .function(let path, false, let body, _) in module.chunk.block where path == [table, name] && Self.isFactory(body) {
            return Call(module: module, function: body, name: name, args: args, line: line)
        }
        return nil
    }

    /// The factory's statements with the call applied; the last is its `return`.
    mutating func specialize(_ call: Call, as localName: String?, effectNames: Set<String>, effectLead: ClosedRange<Int>) throws -> [LuaStat] {
        let body = call.function
        let refuse = { (line: Int, construct: String, reason: String) in SwiftExportError(line: line, construct: construct, reason: reason) }
        // The module itself (its namespace, the names the factory uses): required once, under a
        // name no Lua local can have.
        var required: [LuaStat] = []
        if let table = call.module.table, !requiredModules.contains(call.module.name) {
            requiredModules.insert(call.module.name)
            required = [.local([LuaAttribName(name: call.module.qualified(table), attrib: nil)],
                               [.call(.name("require", line: call.line), [.string(call.module.name, line: call.line)], line: call.line)], line: call.line)]
        }
        guard call.args.count <= body.parameters.count else {
            throw refuse(call.line, "\(call.module.name).\(call.name) called with \(call.args.count) arguments", "it declares \(body.parameters.count)")
        }
        var env: [String: Binding] = [:]
        var methods: [(name: String, body: LuaFunctionBody)] = []
        for (index, parameter) in body.parameters.enumerated() {
            let arg = index < call.args.count ? call.args[index] : .nilValue(line: call.line)
            switch arg {
            case .table(let fields, _) where fields.allSatisfy({ if case .named = $0 { return true }; return false }):
                var values: [String: LuaExpr] = [:]
                for case .named(let k, let v) in fields { values[k] = v }
                env[parameter] = .options(values)
            case .nilValue, .boolean, .number, .string, .name, .function, .unary("-", .number, _):
                env[parameter] = .value(arg)
            default:
                throw refuse(arg.line, "the argument \(index + 1) of the class factory \(call.module.name).\(call.name)",
                             "a factory is expanded with literal, table, name or function arguments (this one would be evaluated where the factory reads it)")
            }
        }
        // The module's top-level names: qualified, as the translator declares them.
        var moduleNames = Set<String>()
        for stat in call.module.chunk.block {
            if case .local(let names, _, _) = stat { names.forEach { moduleNames.insert($0.name) } }
            if case .localFunction(let name, _, _) = stat { moduleNames.insert(name) }
        }
        var classLocal: String?
        var returned: [LuaExpr] = []
        var out: [LuaStat] = []
        var rewriter = FactoryRewriter(env: env, moduleNames: moduleNames, module: call.module)
        defer {
            visualStart.merge(rewriter.visualStart) { a, _ in a }
            visualEnd.merge(rewriter.visualEnd) { a, _ in a }
        }
        var previousEnd = body.line
        var first = true
        for stat in body.block {
            let lead: [ClosedRange<Int>] = (first ? [effectLead] : []) + [(previousEnd + 1)...max(previousEnd + 1, stat.line - 1)]
            first = false
            previousEnd = max(stat.line, nextLine(after: stat, in: body.block) - 1)
            switch stat {
            case .local(let names, let values, let line) where names.count == 1 && values.count == 1:
                let name = names[0].name
                if case .method(_, "subclass", _, _) = values[0] {
                    classLocal = name
                    let newName = localName ?? name
                    if localName == nil, effectNames.contains(name) || declaredNames.contains(name) {
                        throw refuse(line, "the class \(name) of the factory", "the effect (or another call of a factory) has a top-level name \(name) too")
                    }
                    declaredNames.insert(newName)
                    rewriter.renames[name] = newName
                    out.append(.local([LuaAttribName(name: newName, attrib: nil)], [try rewriter.expr(values[0])], line: line))
                    leadWindows[line] = lead
                    continue
                }
                let value = rewriter.fold(try rewriter.expr(values[0]))
                switch value {
                case .nilValue:
                    rewriter.shadowed.remove(name)
                    rewriter.env[name] = .value(.nilValue(line: line))
                case .name:
                    rewriter.shadowed.remove(name)
                    rewriter.env[name] = .value(value)
                case .function(let f):
                    rewriter.shadowed.remove(name)
                    methods.append((name, f))
                    rewriter.env[name] = .method(name)
                default:
                    if effectNames.contains(name) || declaredNames.contains(name) {
                        throw refuse(line, "the local \(name) of the factory", "the effect (or another call of a factory) has a top-level name \(name) too, and the expansion makes it the file's")
                    }
                    declaredNames.insert(name)
                    out.append(.local(names, [value], line: line))
                    leadWindows[line] = lead
                    rewriter.shadowed.insert(name)
                }
            case .function(let path, let isMethod, let f, let line):
                guard path.count == 2, path[0] == classLocal else {
                    throw refuse(line, "function \(path.joined(separator: isMethod ? ":" : ".")) in the class factory", "a factory's functions are its class's methods")
                }
                rewriter.inMethod = isMethod
                let rewritten = try rewriter.body(f)
                rewriter.inMethod = false
                out.append(.function([rewriter.renames[path[0]] ?? path[0], path[1]], isMethod: isMethod, rewritten, line: line))
                leadWindows[line] = lead
            case .assign(let targets, let values, let line):
                out.append(.assign(try targets.map { try rewriter.expr($0) }, try values.map { rewriter.fold(try rewriter.expr($0)) }, line: line))
                leadWindows[line] = lead
            case .returnStat(let values, let line):
                returned = try values.map { try rewriter.expr($0) }
                if let localName, values.count == 1, case .name(let n, _) = values[0], n != classLocal {
                    // `local X = factory(...)` where the factory returns an instance it made: X is it.
                    rewriter.renames[n] = localName
                    out = try out.map { try rename($0, n, localName) }
                    returned = [.name(localName, line: line)]
                }
                _ = line
            default:
                let line = stat.line
                throw refuse(line, "a statement at the top of the class factory", "a factory is expanded as its class, its methods, its constants and the settings of what it returns")
            }
        }
        guard let classLocal else { throw refuse(call.line, "the class factory \(call.name)", "it makes no class") }
        // The functions the call passes (and the factory's locals bound to them): methods of the
        // made class, placed after its declaration.
        let className = rewriter.renames[classLocal] ?? classLocal
        guard let declaration = out.firstIndex(where: { if case .local(let n, _, _) = $0 { return n.first?.name == className }; return false }) else {
            throw refuse(call.line, "the class factory \(call.name)", "its class is made after it is used")
        }
        var made: [LuaStat] = []
        for (name, f) in methods + rewriter.optionMethods where !made.contains(where: { if case .function(let p, _, _, _) = $0 { return p.last == name }; return false }) {
            // A function from the effect sees the effect's names, not the factory's: it is the
            // effect's code as written.
            var inner = rewriter
            inner.inMethod = true
            let rewritten = f.line < LuaModule.lineStride ? f : try inner.body(f)
            visualStart.merge(inner.visualStart) { a, _ in a }
            visualEnd.merge(inner.visualEnd) { a, _ in a }
            made.append(.function([className, name], isMethod: true, rewritten, line: f.line))
            leadWindows[f.line] = [(f.line - 1)...(f.line - 1)]
        }
        out.insert(contentsOf: made, at: declaration + 1)
        if localName == nil { out.append(.returnStat(returned, line: call.line)) }
        return required + out
    }

    func nextLine(after stat: LuaStat, in block: [LuaStat]) -> Int {
        guard let index = block.firstIndex(where: { $0.line == stat.line }), index + 1 < block.count else { return stat.line + 1 }
        return block[index + 1].line
    }

    func rename(_ stat: LuaStat, _ from: String, _ to: String) throws -> LuaStat {
        var r = FactoryRewriter(env: [from: .value(.name(to, line: 0))], moduleNames: [], module: nil)
        r.renames[from] = to
        return try r.statement(stat)
    }
}

/// Rewrites a factory's code with the call applied (FactoryExpansion).
struct FactoryRewriter {
    var env: [String: FactoryExpansion.Binding]
    var moduleNames: Set<String>
    let module: LuaModule?
    /// Names the factory's own code binds again (a parameter, a local): not substituted there.
    var shadowed = Set<String>()
    var renames: [String: String] = [:]
    /// In a method of the made class, where `self` is it.
    var inMethod = false
    /// For the blank lines: where kept branches' statements start and end (their `if`'s lines).
    var visualStart: [Int: Int] = [:]
    var visualEnd: [Int: Int] = [:]
    /// The functions of the options the factory calls (`options.frame(bounds)`): methods of the
    /// made class named after their keys.
    var optionMethods: [(name: String, body: LuaFunctionBody)] = []

    init(env: [String: FactoryExpansion.Binding], moduleNames: Set<String>, module: LuaModule?) {
        self.env = env
        self.moduleNames = moduleNames
        self.module = module
    }

    func refuse(_ line: Int, _ construct: String, _ reason: String) -> SwiftExportError {
        SwiftExportError(line: line, construct: construct, reason: reason)
    }

    mutating func body(_ f: LuaFunctionBody) throws -> LuaFunctionBody {
        let saved = shadowed
        defer { shadowed = saved }
        f.parameters.forEach { shadowed.insert($0) }
        return LuaFunctionBody(parameters: f.parameters, isVararg: f.isVararg, block: try block(f.block), line: f.line, endLine: f.endLine)
    }

    mutating func block(_ statements: [LuaStat]) throws -> [LuaStat] {
        let saved = shadowed
        defer { shadowed = saved }
        var out: [LuaStat] = []
        var dropped: Int?
        for stat in statements {
            // An `if` whose condition the call decides: only the branch it takes.
            if case .ifStat(let clauses, let elseBlock, let line, let endLine) = stat, let chosen = try decidedBranch(clauses, elseBlock) {
                let kept = try block(chosen)
                out += kept
                if let first = kept.first, let last = kept.last {
                    visualStart[first.line] = min(visualStart[first.line] ?? first.line, dropped ?? line)
                    visualEnd[last.line] = endLine
                    dropped = nil
                } else {
                    dropped = dropped ?? line
                }
                continue
            }
            if let start = dropped { visualStart[stat.line] = start; dropped = nil }
            out.append(try statement(stat))
        }
        return out
    }

    /// The branch of an `if` the call decides, when the first undecided clause is none.
    mutating func decidedBranch(_ clauses: [(LuaExpr, [LuaStat])], _ elseBlock: [LuaStat]?) throws -> [LuaStat]? {
        guard let first = clauses.first, let truth = Self.truth(fold(try expr(first.0))) else { return nil }
        if truth { return first.1 }
        if clauses.count == 1 { return elseBlock ?? [] }
        // `if false then ... elseif c then ...`: the rest as an if of its own.
        let rest = Array(clauses.dropFirst())
        if let chosen = try decidedBranch(rest, elseBlock) { return chosen }
        return [.ifStat(rest, elseBlock, line: rest[0].0.line, endLine: rest.last?.1.last?.line ?? rest[0].0.line)]
    }

    mutating func statement(_ stat: LuaStat) throws -> LuaStat {
        switch stat {
        case .local(let names, let values, let line):
            let v = try values.map { fold(try expr($0)) }
            names.forEach { shadowed.insert($0.name) }
            return .local(names.map { LuaAttribName(name: renames[$0.name] ?? $0.name, attrib: $0.attrib) }, v, line: line)
        case .assign(let targets, let values, let line):
            return .assign(try targets.map { try expr($0) }, try values.map { fold(try expr($0)) }, line: line)
        case .call(let e, let line): return .call(try expr(e), line: line)
        case .doBlock(let b, let line): return .doBlock(try block(b), line: line)
        case .whileLoop(let c, let b, let line): return .whileLoop(fold(try expr(c)), try block(b), line: line)
        case .repeatLoop(let b, let c, let line): return .repeatLoop(try block(b), try expr(c), line: line)
        case .ifStat(let clauses, let e, let line, let endLine):
            var out: [(LuaExpr, [LuaStat])] = []
            for (c, b) in clauses { out.append((fold(try expr(c)), try block(b))) }
            return .ifStat(out, try e.map { try block($0) }, line: line, endLine: endLine)
        case .numericFor(let n, let a, let b, let c, let body, let line):
            let (x, y, z) = (try expr(a), try expr(b), try c.map { try expr($0) })
            let saved = shadowed
            shadowed.insert(n)
            defer { shadowed = saved }
            return .numericFor(n, x, y, z, try block(body), line: line)
        case .genericFor(let names, let values, let body, let line):
            let v = try values.map { try expr($0) }
            let saved = shadowed
            names.forEach { shadowed.insert($0) }
            defer { shadowed = saved }
            return .genericFor(names, v, try block(body), line: line)
        case .function(let path, let isMethod, let f, let line):
            return .function(path, isMethod: isMethod, try body(f), line: line)
        case .localFunction(let name, let f, let line):
            shadowed.insert(name)
            return .localFunction(name, try body(f), line: line)
        case .returnStat(let values, let line): return .returnStat(try values.map { fold(try expr($0)) }, line: line)
        default: return stat
        }
    }

    mutating func expr(_ e: LuaExpr) throws -> LuaExpr {
        switch e {
        case .name(let n, let line):
            if shadowed.contains(n) { return e }
            if let to = renames[n] { return .name(to, line: line) }
            switch env[n] {
            case .value(let v)?: return v
            case .options?: throw refuse(line, "the options table \(n) used as a value", "a factory's options are expanded where it reads their keys")
            case .method(let m)?: throw refuse(line, "the function \(n) used as a value", "it is the method \(m) of the made class, which Swift calls by name")
            case nil: break
            }
            if moduleNames.contains(n), let module { return .name(module.qualified(n), line: line) }
            return e
        case .field(.name(let n, _), let key, let line) where !shadowed.contains(n):
            if case .options(let values)? = env[n] {
                guard let v = values[key] else { return .nilValue(line: line) }
                return v
            }
            return .field(try expr(.name(n, line: line)), key, line: line)
        case .call(.field(.name(let n, _), let key, _), let args, let line) where !shadowed.contains(n):
            if case .options(let values)? = env[n] {
                guard let v = values[key] else { throw refuse(line, "\(n).\(key)(...)", "the call passes no \(key), so Lua would call nil") }
                // A function the effect names (`frame = centred`): a call of it.
                if case .name = v { return .call(v, try args.map { try expr($0) }, line: line) }
                guard case .function(let f) = v else { throw refuse(line, "\(n).\(key)(...)", "the call's \(key) is not a function") }
                return try methodCall(key, f, args, line: line)
            }
            return .call(try expr(.field(.name(n, line: line), key, line: line)), try args.map { try expr($0) }, line: line)
        case .call(.name(let n, _), let args, let line) where !shadowed.contains(n):
            if case .method(let m)? = env[n] {
                guard inMethod else { throw refuse(line, "\(n)(...)", "it is the method \(m) of the made class: only its methods can call it") }
                return .method(.name("self", line: line), m, try args.map { try expr($0) }, line: line)
            }
            return .call(try expr(.name(n, line: line)), try args.map { try expr($0) }, line: line)
        case .function(let f): return .function(try body(f))
        case .table(let fields, let line):
            return .table(try fields.map { field in
                switch field {
                case .positional(let v): return .positional(try expr(v))
                case .named(let k, let v): return .named(k, try expr(v))
                case .keyed(let k, let v): return .keyed(try expr(k), try expr(v))
                }
            }, line: line)
        case .binary(let op, let l, let r, let line): return fold(.binary(op, try expr(l), try expr(r), line: line))
        case .unary(let op, let i, let line): return fold(.unary(op, try expr(i), line: line))
        case .paren(let i, let line): return .paren(try expr(i), line: line)
        case .index(let o, let k, let line): return .index(try expr(o), try expr(k), line: line)
        case .field(let o, let k, let line): return .field(try expr(o), k, line: line)
        case .call(let f, let args, let line): return .call(try expr(f), try args.map { try expr($0) }, line: line)
        case .method(let o, let name, let args, let line): return .method(try expr(o), name, try args.map { try expr($0) }, line: line)
        default: return e
        }
    }

    /// `options.key(args)` where the call's key is a function: the method of the made class.
    mutating func methodCall(_ key: String, _ f: LuaFunctionBody, _ args: [LuaExpr], line: Int) throws -> LuaExpr {
        guard inMethod else { throw refuse(line, "the function \(key) of the options", "it is a method of the made class: only its methods can call it") }
        if !optionMethods.contains(where: { $0.name == key }) { optionMethods.append((key, f)) }
        return .method(.name("self", line: line), key, try args.map { try expr($0) }, line: line)
    }

    /// What Lua's truth makes of an expression the call decides: nil when it does not.
    static func truth(_ e: LuaExpr) -> Bool? {
        switch e {
        case .nilValue: return false
        case .boolean(let b, _): return b
        case .number, .string, .function, .table: return true
        case .unary("-", .number, _): return true
        default: return nil
        }
    }

    /// `a or b`, `a and b`, `not a` decided by a known `a`.
    func fold(_ e: LuaExpr) -> LuaExpr {
        switch e {
        case .binary("or", let l, let r, _):
            guard let t = Self.truth(l) else { return e }
            return t ? l : r
        case .binary("and", let l, let r, _):
            guard let t = Self.truth(l) else { return e }
            return t ? r : l
        case .unary("not", let i, let line):
            guard let t = Self.truth(i) else { return e }
            return .boolean(!t, line: line)
        case .paren(let i, let line):
            let inner = fold(i)
            if Self.truth(inner) != nil, case .paren = e { return inner }
            return .paren(inner, line: line)
        default: return e
        }
    }
}
