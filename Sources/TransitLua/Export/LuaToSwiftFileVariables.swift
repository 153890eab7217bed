import Foundation

// A local at the top of the file that the file's functions assign (docs/export.md, "Lua → Swift"):
// `local transtion = nil` and `function QTranstionAnimation.shareInstance() if transtion == nil
// then transtion = QTranstionAnimation.new() end return transtion end`, the singleton of seed 000.
// It is a variable of the file, nil until a function assigns it: a Swift global
// `@MainActor var transtion: QTranstionAnimation? = nil` (on the main actor, as the hooks that use
// it), typed by the first assignment the passes find (SwiftExporter.swift). Also here: a local at
// the top bound to what a class function of the file returns (`local animation =
// QTranstionAnimation.shareInstance()`), which is the file's instance, as `X.new()` is.

extension LuaToSwift {
    /// Whether `local name` or `local name = nil` at the top of the file is a variable that the
    /// file's functions assign.
    func isFileVariable(_ name: String, _ value: LuaExpr?) -> Bool {
        if let value { guard case .nilValue = value else { return false } }
        var found = false
        func visit(_ block: [LuaStat], inFunction: Bool) {
            for stat in block {
                switch stat {
                case .assign(let targets, _, _) where inFunction:
                    for case .name(let n, _) in targets where n == name { found = true }
                case .function(_, _, let body, _), .localFunction(_, let body, _): visit(body.block, inFunction: true)
                case .doBlock(let b, _), .whileLoop(_, let b, _), .repeatLoop(let b, _, _), .numericFor(_, _, _, _, let b, _), .genericFor(_, _, let b, _):
                    visit(b, inFunction: inFunction)
                case .ifStat(let clauses, let e, _, _): clauses.forEach { visit($0.1, inFunction: inFunction) }; if let e { visit(e, inFunction: inFunction) }
                default: break
                }
            }
            // Functions written as values (`local f = function() ... end`, a closure passed to a call).
            LuaWalk.expressions(in: block.filter { if case .function = $0 { return false }; if case .localFunction = $0 { return false }; return true }) { e in
                if case .function(let body) = e { visit(body.block, inFunction: true) }
            }
        }
        visit(chunk.block, inFunction: false)
        return found
    }

    /// The declaration of a file variable: typed by what its functions assign it.
    mutating func fileVariable(_ name: String, initialisedToNil: Bool, line: Int) throws -> [String] {
        let type = callables.found.fileVariables[name] ?? callables.seeds.fileVariables[name]
        var variable = Variable(swift: name, type: type.map(Self.optional))
        variable.fileVariable = true
        declare(name, variable)
        guard let type else {
            throw refuse(line, "the file's local \(name)", "no function assigns it a value whose Swift type is known")
        }
        let trailing = trailingComment(on: line).map { " " + $0 } ?? ""
        // nil until a function assigns it, as in Lua.
        return ["@MainActor", "var \(name): \(Self.optional(type))\(initialisedToNil ? " = nil" : "")" + trailing]
    }

    /// `name = value` in a function, `name` a file variable: the first assignment the passes find
    /// types it; the others must agree.
    mutating func fileVariableAssignment(_ target: LuaExpr, _ value: LuaExpr, line: Int) throws -> [String]? {
        guard case .name(let n, _) = target, let v = lookup(n), v.fileVariable else { return nil }
        let known = callables.found.fileVariables[n] ?? callables.seeds.fileVariables[n]
        let c = try expr(value, expected: known.map(Self.optional))
        if case .nilValue = value {
            guard known != nil else { throw refuse(line, "the assignment of nil to \(n)", "no other assignment gives the variable a Swift type") }
            return ["\(n) = nil"]
        }
        guard let t = c.type, !t.hasSuffix(".Type"), !SwiftType.isClosure(t), !Self.hasLateMark(t) else {
            throw refuse(line, "the assignment to \(n)", "the Swift type of its value is not known")
        }
        if let known {
            guard agree(c, Self.optional(known), argument: value) else {
                throw refuse(line, "the assignment to \(n)", "its value is a \(t) where another assignment gives a \(known), and a Swift variable has one type")
            }
        } else {
            callables.found.fileVariables[n] = SwiftType.unwrapped(t)
        }
        return ["\(n) = \(c.text)"]
    }

    /// `local x = X.f(...)` at the top of the file, `f` a function of the Lua class `X` that
    /// returns an instance of it: the file's instance (`instances`), as `local x = X.new()` is.
    /// The call itself is the app's to make where it needs the object.
    mutating func classFunctionInstance(_ name: String, _ value: LuaExpr, line: Int) throws -> Bool {
        guard case .call(.field(.name(let cname, _), let function, _), _, _) = value, function != "new",
              let cls = classes[cname], callables.classFunctions[cname]?[function] != nil else { return false }
        let made = try expr(value, expected: nil)
        guard let t = made.type, SwiftType.unwrapped(t) == cls.swiftName else {
            throw refuse(line, "the top-level local \(name)", "\(cname).\(function) does not return an instance of \(cname) (its Swift result is \(made.type ?? "not known"))")
        }
        instances[name] = cls
        return true
    }
}
