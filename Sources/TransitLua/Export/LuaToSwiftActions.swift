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
        if args.count == 2, case .string(let name, _) = args[1] {
            // `UIPanGestureRecognizer.new(self, "didPan")`: Transit calls target:didPan(recognizer).
            guard let (target, selector) = try targetAction(args[0], name, recognizer: swiftName, line: line) else {
                throw refuse(line, "\(cls.name).new with the action name \"\(name)\"", "\(describe(args[0])) is not an object of a class of this file with a method \(name) taking the recognizer or nothing")
            }
            return Code(text: "\(swiftName)(target: \(target), action: \(selector))", type: swiftName)
        }
        guard args.count == 1, case .function(let body) = args[0] else {
            throw refuse(line, "\(cls.name).new with \(args.count) arguments", "a gesture recognizer takes an action function, or a target and an action name")
        }
        if let (target, selector) = try forwardingAction(body, recognizer: swiftName, target: nil, line: line) {
            return Code(text: "\(swiftName)(target: \(target), action: \(selector))", type: swiftName)
        }
        var captured: [(name: String, storage: String)] = []
        let selector = try actionMethod(body, recognizer: swiftName, targetFirst: false, line: line, captured: &captured, keepsLocals: true)
        let made = "\(swiftName)(target: self, action: \(selector))"
        guard !captured.isEmpty else { return Code(text: made, type: swiftName) }
        // The locals the action reads, kept for this recognizer where it is made.
        var lines = ["{", "    let recognizer = \(made)"]
        for c in captured { lines.append("    self.\(c.storage)[recognizer] = \(lookup(c.name)?.swift ?? c.name)") }
        lines += ["    return recognizer", "}()"]
        return Code(text: lines.joined(separator: "\n"), type: swiftName)
    }

    /// An action function whose body only calls a method of an object with the recognizer
    /// (`function(g) interaction:handlePan(g) end`) is UIKit's target and action:
    /// `(target: interaction, action: #selector(EdgeInteraction.handlePan(_:)))`, the method
    /// `@objc`. Nil when the function does more, or the method is not a helper of a class of the file.
    mutating func forwardingAction(_ body: LuaFunctionBody, recognizer: String, target: (expr: LuaExpr, parameter: String?)?, line: Int) throws -> (target: String, selector: String)? {
        var parameters = body.parameters
        var targetParameter: String?
        if target != nil, !parameters.isEmpty { targetParameter = parameters.removeFirst() }
        guard !body.isVararg, parameters.count <= 1, body.block.count == 1,
              case .call(.method(let object, let name, let args, _), _) = body.block[0], case .name(let n, _) = object else { return nil }
        let recognizerParameter = parameters.first
        if let first = args.first { guard args.count == 1, case .name(let a, _) = first, a == recognizerParameter else { return nil } }
        guard n != recognizerParameter else { return nil }
        let objectExpr: LuaExpr
        if n == targetParameter, let target { objectExpr = target.expr } else {
            // A captured local: the function reads it when it runs, UIKit keeps the object given now.
            guard lookup(n) != nil, targetParameter == nil else { return nil }
            objectExpr = object
        }
        return try targetAction(objectExpr, name, recognizer: recognizer, passesRecognizer: !args.isEmpty, line: line)
    }

    /// `target` and the method `name` of its class (a helper the file defines) as UIKit's target
    /// and `#selector`: the method becomes `@objc`, typed by this call with the recognizer
    /// (`passesRecognizer`, or with the recognizer when it takes one, as Transit calls an action
    /// named by a string). Nil when the target is no object of such a class.
    mutating func targetAction(_ targetExpr: LuaExpr, _ name: String, recognizer: String, passesRecognizer: Bool? = nil, line: Int) throws -> (target: String, selector: String)? {
        let receiver = try expr(targetExpr, expected: nil)
        guard let type = receiver.type, !type.hasSuffix(".Type"), let cls = owner(of: type).lua,
              hookDeclaration(cls, name) == nil, let (key, method) = helperMethod(of: cls, name) else { return nil }
        let passes = passesRecognizer ?? (method.parameters.count == 1)
        guard method.parameters.count == (passes ? 1 : 0), !method.isVararg else { return nil }
        if case .name(let n, _) = targetExpr, n != "self" || lookup("self")?.swift != "self" {
            // UIKit does not keep a recognizer's target; the Lua function kept the object alive.
            // A local the function reassigns, or keeps nowhere else, would behave otherwise.
            if reassigned.contains(n) {
                throw refuse(line, "the action's target \(n)", "the function assigns \(n) again, and UIKit calls the object it was given, where the Lua action reads the local when it runs")
            }
            guard let enclosing = functionStack.last, Self.keeps(enclosing.block, n) else {
                throw refuse(line, "the action's target \(n)", "UIKit does not keep a recognizer's target and nothing in the function keeps \(n) (a return or a store), where the Lua action kept it alive")
            }
        }
        // The method typed by this call, with a recognizer.
        let argumentName = "\u{7}recognizer"
        scopes.append([argumentName: Variable(swift: "recognizer", type: recognizer)])
        _ = try callHelperMethod(receiver, cls, name, passes ? [.name(argumentName, line: line)] : [], line: line)
        scopes.removeLast()
        callables.found.objcMethods.insert(key)
        let selector = passes ? "\(name)(_:)" : name
        let isSelf = receiver.text == "self" && currentClass === cls
        return (receiverText(receiver), isSelf ? "#selector(\(selector))" : "#selector(\(cls.swiftName).\(selector))")
    }

    /// Whether a block returns the local `name` or stores it (a field, a map, an argument kept).
    static func keeps(_ block: [LuaStat], _ name: String) -> Bool {
        var found = false
        func isName(_ e: LuaExpr) -> Bool { if case .name(let n, _) = e { return n == name }; return false }
        func visit(_ stats: [LuaStat]) {
            for stat in stats {
                switch stat {
                case .returnStat(let values, _): if values.contains(where: isName) { found = true }
                case .assign(let targets, let values, _):
                    for (t, v) in zip(targets, values) where isName(v) { if case .name = t {} else { found = true } }
                case .doBlock(let b, _), .whileLoop(_, let b, _), .repeatLoop(let b, _, _), .numericFor(_, _, _, _, let b, _), .genericFor(_, _, let b, _): visit(b)
                case .ifStat(let clauses, let e, _, _): clauses.forEach { visit($0.1) }; if let e { visit(e) }
                default: break
                }
            }
        }
        visit(block)
        return found
    }

    /// `recognizer:addTarget(self, function(target, g) ... end)` as
    /// `recognizer.addTarget(self, action: #selector(handleX(_:)))`.
    mutating func gestureAddTarget(_ receiver: Code, _ recognizerType: String, _ args: [LuaExpr], line: Int) throws -> Code {
        if args.count == 2, case .string(let name, _) = args[1] {
            // `recognizer:addTarget(self, "didPan")`: Transit calls target:didPan(recognizer).
            guard let (target, selector) = try targetAction(args[0], name, recognizer: recognizerType, line: line) else {
                throw refuse(line, "addTarget with the action name \"\(name)\"", "\(describe(args[0])) is not an object of a class of this file with a method \(name) taking the recognizer or nothing")
            }
            return Code(text: "\(receiverText(receiver)).addTarget(\(target), action: \(selector))", type: "Void")
        }
        if args.count == 2, case .function(let body) = args[1],
           let (target, selector) = try forwardingAction(body, recognizer: recognizerType, target: (args[0], nil), line: line) {
            return Code(text: "\(receiverText(receiver)).addTarget(\(target), action: \(selector))", type: "Void")
        }
        guard args.count == 2, case .name("self", _) = args[0], case .function(let body) = args[1] else {
            throw refuse(line, "addTarget with \(args.count == 2 ? "a target other than self or an action name" : "\(args.count) arguments")",
                         "only addTarget(self, function(target, recognizer) ... end) becomes an @objc method of the class")
        }
        var captured: [(name: String, storage: String)] = []
        let selector = try actionMethod(body, recognizer: recognizerType, targetFirst: true, line: line, captured: &captured, keepsLocals: false)
        return Code(text: "\(receiverText(receiver)).addTarget(self, action: \(selector))", type: "Void")
    }

    /// The function as an `@objc` method of the current class (added after its methods), and the
    /// `#selector` naming it.
    mutating func actionMethod(_ body: LuaFunctionBody, recognizer: String, targetFirst: Bool, line: Int,
                               captured: inout [(name: String, storage: String)], keepsLocals: Bool) throws -> String {
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
        // What the method cannot see: a local of the function around the action. A local nothing
        // assigns after the recognizer is made is kept for the recognizer, in a dictionary of the
        // target keyed by it, and read from there by the method: each recognizer sees the value its
        // own Lua function captured.
        let declared = Set(parameters + (targetName.map { [$0] } ?? []))
        var kept: [(name: String, type: String, storage: String)] = []
        for name in freeNames(body.block, declared: declared).sorted() where name != "self" {
            guard let depth = scopes.lastIndex(where: { $0[name] != nil }), depth > 0 else { continue }
            let variable = scopes[depth][name]!
            let assignedInAction = Self.assigns(body.block, name)
            // A field assigned on an object is the object's; on a record (a struct, copied) it would not be.
            let fieldAssigned = directFieldTargets.contains(name) && !(variable.type.map(isReference) ?? false)
            guard keepsLocals, !reassigned.contains(name), !assignedInAction, !fieldAssigned, variable.callable == nil,
                  let type = variable.type, !type.contains("\u{1}"), !type.contains("\u{2}"), !type.contains("\u{4}"), !type.contains("\u{5}"), !type.hasSuffix(".Type") else {
                let why = !keepsLocals ? "an action given to addTarget keeps no value for its recognizer"
                    : reassigned.contains(name) || assignedInAction || fieldAssigned ? "\(name) is assigned, so the function and the recognizer's copy would differ"
                    : "its Swift type is not one a stored property can hold"
                throw refuse(body.line, "the action function's use of the local \(name)", "the function becomes an @objc method of \(cls.swiftName), which does not see the locals of the function that makes the recognizer, and \(why)")
            }
            let storage = "\(name)ByRecognizer"
            kept.append((name, SwiftType.isOptional(type) || type.hasSuffix("!") ? Self.optional(SwiftType.unwrapped(type)) : type, storage))
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

        let saved = (scopes, reassigned, nilTested, assignedNil, returnType, inferringResult, mutatedFields)
        defer { (scopes, reassigned, nilTested, assignedNil, returnType, inferringResult, mutatedFields) = saved }
        scopes = [scopes[0], ["self": Variable(swift: "self", type: cls.swiftName)]]
        if let targetName { declare(targetName, Variable(swift: "self", type: cls.swiftName)) }
        // A method reading a kept local takes the recognizer, which finds it.
        let recognizerName = parameters.first ?? (kept.isEmpty ? nil : "recognizer")
        if let p = recognizerName { declare(p, Variable(swift: p, type: recognizer)) }
        var lead: [String] = []
        for k in kept {
            let valueType = k.type
            cls.actionStorage.append("private var \(k.storage): [\(recognizer): \(valueType)] = [:]")
            let read = "self.\(k.storage)[\(recognizerName!)]" + (SwiftType.isOptional(valueType) ? " ?? nil" : "!")
            lead.append("let \(k.name) = \(read)")
            declare(k.name, Variable(swift: k.name, type: valueType))
            captured.append((k.name, k.storage))
        }
        analyse(body)
        returnType = nil
        inferringResult = false
        let lines = lead + (try block(body.block, endLine: body.endLine))
        let head = recognizerName.map { "@objc func \(name)(_ \($0): \(recognizer)) {" } ?? "@objc func \(name)() {"
        cls.actions.append([head] + indent(lines) + ["}"])
        return recognizerName == nil ? "#selector(\(name))" : "#selector(\(name)(_:))"
    }

    /// Whether a block (or a function in it) assigns the local `name`.
    static func assigns(_ block: [LuaStat], _ name: String) -> Bool {
        var found = false
        func visit(_ stats: [LuaStat]) {
            for stat in stats {
                switch stat {
                case .assign(let targets, _, _): for case .name(let n, _) in targets where n == name { found = true }
                case .doBlock(let b, _), .whileLoop(_, let b, _), .repeatLoop(let b, _, _), .numericFor(_, _, _, _, let b, _), .genericFor(_, _, let b, _): visit(b)
                case .ifStat(let clauses, let e, _, _): clauses.forEach { visit($0.1) }; if let e { visit(e) }
                case .function(_, _, let b, _), .localFunction(_, let b, _): visit(b.block)
                default: break
                }
            }
        }
        visit(block)
        return found
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
            .replacingOccurrences(of: #"#selector\(([A-Z][A-Za-z0-9_]*\.)"#, with: "Selector($1", options: .regularExpression)
    }
}
