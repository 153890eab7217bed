import Foundation

// Target-action in LuaToSwift (LuaToSwift.swift). Transit lets a script give a gesture
// recognizer a Lua function as its action (`UITapGestureRecognizer.new(function() ... end)`);
// UIKit calls a method of a target object, named by a selector. The function becomes an `@objc`
// method of the class whose method made the recognizer, `self` its target, named with
// `#selector` (docs/export.md, "Target-action"). That is what the function is: Transit calls it
// on each state change with the recognizer, as UIKit calls the action method, and its `self` is
// the object the target is. It may read only what the method sees: `self`, its own parameter and
// the file's names; a local of the enclosing function is not in the method's scope, and is refused.

extension LuaToSwift {
    /// `UIXGestureRecognizer.new(function(g) ... end)` as `UIXGestureRecognizer(target: self,
    /// action: #selector(handleX(_:)))`; nil when `cls` is not a gesture recognizer or the
    /// arguments are an options table.
    mutating func gestureRecognizerInit(_ cls: APIClass, _ args: [LuaExpr], line: Int) throws -> Code? {
        guard api.lineage(cls.name).contains(where: { $0.name == "UIGestureRecognizer" }), !args.isEmpty else { return nil }
        if args.count == 1, case .table = args[0] { return nil }
        let swiftName = typeName(cls.name)
        guard args.count == 1, case .function(let body) = args[0] else {
            throw refuse(line, "\(cls.name).new with a target and an action name", "the method an action name names is not translated as an @objc method; give the action as a function")
        }
        let selector = try actionMethod(body, recognizer: swiftName, targetFirst: false, line: line)
        return Code(text: "\(swiftName)(target: self, action: \(selector))", type: swiftName)
    }

    /// `recognizer:addTarget(self, function(target, g) ... end)` as
    /// `recognizer.addTarget(self, action: #selector(handleX(_:)))`.
    mutating func gestureAddTarget(_ receiver: Code, _ recognizerType: String, _ args: [LuaExpr], line: Int) throws -> Code {
        guard args.count == 2, case .name("self", _) = args[0], case .function(let body) = args[1] else {
            throw refuse(line, "addTarget with \(args.count == 2 ? "a target other than self or an action name" : "\(args.count) arguments")",
                         "only addTarget(self, function(target, recognizer) ... end) becomes an @objc method of the class")
        }
        let selector = try actionMethod(body, recognizer: recognizerType, targetFirst: true, line: line)
        return Code(text: "\(receiverText(receiver)).addTarget(self, action: \(selector))", type: "Void")
    }

    /// The function as an `@objc` method of the current class (added after its methods), and the
    /// `#selector` naming it.
    mutating func actionMethod(_ body: LuaFunctionBody, recognizer: String, targetFirst: Bool, line: Int) throws -> String {
        guard let cls = currentClass, lookup("self")?.type == cls.swiftName else {
            throw refuse(line, "an action function outside a class's method", "UIKit calls an @objc method of a target object, which needs the class whose method makes the recognizer")
        }
        if body.isVararg { throw refuse(body.line, "varargs (...)", "a Swift method has a fixed parameter list") }
        var parameters = body.parameters
        var targetName: String?
        if targetFirst, !parameters.isEmpty { targetName = parameters.removeFirst() }
        guard parameters.count <= 1 else {
            throw refuse(body.line, "an action function with \(parameters.count) parameters", "UIKit passes an action only the recognizer")
        }
        // What the method cannot see: a local of the function around the action.
        let declared = Set(parameters + (targetName.map { [$0] } ?? []))
        for name in freeNames(body.block, declared: declared) where name != "self" {
            if let depth = scopes.lastIndex(where: { $0[name] != nil }), depth > 0 {
                throw refuse(body.line, "the action function's use of the local \(name)", "the function becomes an @objc method of \(cls.swiftName), which does not see the locals of the function that makes the recognizer")
            }
        }
        var name = "handle" + recognizer.replacingOccurrences(of: "UI", with: "", options: .anchored)
            .replacingOccurrences(of: "GestureRecognizer", with: "")
        let taken = Set(cls.hooks.keys).union(cls.actionNames).union(methodNames(of: cls.luaName))
        if taken.contains(name) {
            var n = 2
            while taken.contains("\(name)\(n)") { n += 1 }
            name += "\(n)"
        }
        cls.actionNames.insert(name)

        let saved = (scopes, reassigned, nilTested, returnType, inferringResult, mutatedFields)
        defer { (scopes, reassigned, nilTested, returnType, inferringResult, mutatedFields) = saved }
        scopes = [scopes[0], ["self": Variable(swift: "self", type: cls.swiftName)]]
        if let targetName { declare(targetName, Variable(swift: "self", type: cls.swiftName)) }
        if let p = parameters.first { declare(p, Variable(swift: p, type: recognizer)) }
        analyse(body)
        returnType = nil
        inferringResult = false
        let lines = try block(body.block, endLine: body.endLine)
        let head = parameters.first.map { "@objc func \(name)(_ \($0): \(recognizer)) {" } ?? "@objc func \(name)() {"
        cls.actions.append([head] + indent(lines) + ["}"])
        return parameters.isEmpty ? "#selector(\(name))" : "#selector(\(name)(_:))"
    }

    /// The methods a Lua class defines in the file (`function X:name`).
    func methodNames(of luaClass: String) -> Set<String> {
        Set(chunk.block.compactMap { stat in
            if case .function(let path, true, _, _) = stat, path.count == 2, path[0] == luaClass { return path[1] }
            return nil
        })
    }

    /// The names a block reads or assigns that it does not declare itself.
    func freeNames(_ block: [LuaStat], declared: Set<String>) -> Set<String> {
        var free = Set<String>()
        func expr(_ e: LuaExpr, _ bound: Set<String>) {
            switch e {
            case .name(let n, _): if !bound.contains(n) { free.insert(n) }
            case .function(let b): visit(b.block, bound.union(b.parameters))
            case .table(let fields, _):
                for f in fields {
                    switch f {
                    case .positional(let v), .named(_, let v): expr(v, bound)
                    case .keyed(let k, let v): expr(k, bound); expr(v, bound)
                    }
                }
            case .binary(_, let l, let r, _), .index(let l, let r, _): expr(l, bound); expr(r, bound)
            case .unary(_, let i, _), .field(let i, _, _), .paren(let i, _): expr(i, bound)
            case .call(let f, let a, _): expr(f, bound); a.forEach { expr($0, bound) }
            case .method(let o, _, let a, _): expr(o, bound); a.forEach { expr($0, bound) }
            default: break
            }
        }
        func visit(_ stats: [LuaStat], _ outer: Set<String>) {
            var bound = outer
            for stat in stats {
                switch stat {
                case .local(let names, let values, _): values.forEach { expr($0, bound) }; bound.formUnion(names.map(\.name))
                case .assign(let targets, let values, _): targets.forEach { expr($0, bound) }; values.forEach { expr($0, bound) }
                case .call(let e, _): expr(e, bound)
                case .doBlock(let b, _): visit(b, bound)
                case .whileLoop(let c, let b, _): expr(c, bound); visit(b, bound)
                case .repeatLoop(let b, let c, _): visit(b, bound); expr(c, bound)
                case .ifStat(let clauses, let e, _, _): clauses.forEach { expr($0.0, bound); visit($0.1, bound) }; if let e { visit(e, bound) }
                case .numericFor(let n, let a, let b, let c, let body, _):
                    expr(a, bound); expr(b, bound); c.map { expr($0, bound) }; visit(body, bound.union([n]))
                case .genericFor(let names, let values, let body, _): values.forEach { expr($0, bound) }; visit(body, bound.union(names))
                case .function(let path, _, let b, _): if let first = path.first, !bound.contains(first) { free.insert(first) }; visit(b.block, bound.union(b.parameters + ["self"]))
                case .localFunction(let n, let b, _): bound.insert(n); visit(b.block, bound.union(b.parameters))
                case .returnStat(let values, _): values.forEach { expr($0, bound) }
                default: break
                }
            }
        }
        visit(block, declared)
        return free
    }
}

extension SwiftExporter {
    /// An export as swiftc on Linux type-checks it against `transit api --swift-interface`: Linux
    /// has no Objective-C runtime, so `@objc` is dropped and `#selector(name)` is read as
    /// `Selector(self.name)`, which the interface's Selector takes from any function: swiftc
    /// still checks that the method exists with that argument list. (The export itself keeps
    /// `@objc` and `#selector`, which is what the app compiles.)
    public static func linuxTypeCheckable(_ swift: String) -> String {
        swift.replacingOccurrences(of: "@objc ", with: "")
            .replacingOccurrences(of: #"#selector\(([a-z_][A-Za-z0-9_]*)"#, with: "Selector(self.$1", options: .regularExpression)
    }
}
