import Foundation

// Statements and expressions of LuaToSwift (LuaToSwift.swift).

extension LuaToSwift {
    /// A translated expression: its Swift text, its Swift type when known, its precedence.
    struct Code {
        var text: String
        var type: String?
        var precedence: Int = 100
        /// `x ?? y` whose y is optional too: the value unwrapped is `x ?? y!` (the same trap
        /// where both are nil), not `(x ?? y)!`.
        var forcedText: String? = nil
    }

    /// An expression's text as an argument, without Lua's parentheses around it
    /// (`CGFloat(i - 1)`, not `CGFloat((i - 1))`).
    static func bare(_ c: Code) -> String {
        let t = c.text
        guard t.hasPrefix("("), t.hasSuffix(")"), SwiftType.balanced(String(t.dropFirst().dropLast())) else { return t }
        return String(t.dropFirst().dropLast())
    }

    /// An optional's value where Lua assumes one: `c!`, or `x ?? y!` for a default that is optional.
    func forced(_ c: Code) -> Code {
        if let forcedText = c.forcedText { return Code(text: forcedText, type: c.type.map(SwiftType.unwrapped), precedence: c.precedence) }
        return Code(text: wrap(c, 100) + "!", type: c.type.map(SwiftType.unwrapped))
    }

    // MARK: Statements

    mutating func block(_ statements: [LuaStat], endLine: Int) throws -> [String] {
        scopes.append([:])
        defer { scopes.removeLast() }
        var out: [String] = []
        var previous: Int?
        for (index, stat) in statements.enumerated() {
            // What follows a `local x` without a value says whether x is a let (LuaToSwift.local).
            followingStatements = Array(statements[(index + 1)...])
            var lead = comments(before: stat.line)
            // (A statement of a branch a factory's expansion kept starts, for the eye, where its `if` did.)
            if let previous, (callables.visualStart[stat.line] ?? stat.line) > previous + 1 + lead.count { lead.insert("", at: 0) }
            out += lead
            var lines: [String]
            if discovery {
                // Finding fields: a statement that cannot be translated yet is skipped.
                do { lines = try statement(stat) } catch let error as SwiftExportError { noteSkipped(stat, error); continue }
            } else {
                lines = try statement(stat)
            }
            if !lines.isEmpty, let trailing = trailingComment(on: stat.line) { lines[0] += " " + trailing }
            // A closure's lines are relative to its statement's.
            out += lines.flatMap { $0.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) }
            previous = callables.visualEnd[stat.line] ?? self.endLine(of: stat)
        }
        out += comments(before: endLine)
        return out
    }

    mutating func statement(_ stat: LuaStat) throws -> [String] {
        switch stat {
        case .local(let names, let values, let line):
            return try local(names, values, line: line)
        case .assign(let targets, let values, let line):
            if targets.count > 1 || values.count > 1 { return try multipleAssignment(targets, values, line: line) }
            if case .field(.name("self", _), let key, _) = targets[0], let cls = currentClass, lookup("self")?.type == cls.swiftName,
               try property(Code(text: "self", type: cls.swiftName), key, line: line) == nil {
                // A field of the Lua object: a stored property typed by this value.
                var value = try expr(values[0], expected: nil)
                if isLiteral(values[0]) && SwiftType.isNumeric(value.type) {
                    let (code, type) = try literalWithPendingType(values[0])
                    value = Code(text: code, type: type)
                }
                if value.type == "Void" { throw voidValueRefusal(values[0], line: line) }
                guard let type = value.type, !type.hasSuffix(".Type"), !SwiftType.isClosure(type) else {
                    throw refuse(line, "the field \(key) of self", "the type of its value is not known from the API description")
                }
                cls.fields.append((key, testedSelfFields.contains(key) ? Self.optional(type) : type))
                return ["self.\(key) = \(value.text)"]
            }
            // `insets = insets or {}` first in a function: a parameter defaulted, a local shadowing it.
            if case .name(let n, _) = targets[0], case .binary("or", .name(let m, _), let fallback, _) = values[0], n == m,
               let body = functionStack.last, body.parameters.contains(n),
               body.block.first(where: { Self.mentions($0, n) })?.line == line, let t = lookup(n)?.type, SwiftType.isOptional(t) {
                let value = try expr(values[0], expected: nil)
                guard let type = value.type, !SwiftType.isOptional(type) else {
                    throw refuse(line, "the default of the parameter \(n)", "\(describe(fallback)) may be nil too")
                }
                declare(n, Variable(swift: lookup(n)?.swift ?? n, type: type))
                return ["let \(lookup(n)?.swift ?? n) = \(value.text)"]
            }
            // A local of the file (LuaToSwiftFileVariables.swift), a field of a record (LuaToSwiftStructs.swift).
            if let lines = try fileVariableAssignment(targets[0], values[0], line: line) { return lines }
            if let lines = try recordFieldAssignment(targets[0], values[0], line: line) { return lines }
            // A field of another Lua object (LuaToSwiftCallables.swift).
            if let lines = try luaObjectFieldAssignment(targets[0], values[0], line: line) { return lines }
            if case .name(let n, _) = targets[0], let v = lookup(n), let t = v.type, t.hasPrefix("\u{2}V") {
                // The first assignment of a local declared without a value gives its type: an
                // optional's value, unwrapped where it is assigned (Lua raises where the nil is
                // used), unless the function tests the local for nil or assigns it nil.
                let id = Int(t.dropFirst(2).dropLast())!
                var value = try expr(values[0], expected: declaredTypes[id])
                guard var type = declaredTypes[id] ?? value.type, !type.hasPrefix(Self.pendingMark) else {
                    throw refuse(line, "the assignment to \(n)", "the type of its value is not known from the API description")
                }
                if declaredTypes[id] == nil {
                    if nilInitialised.contains(id) || assignedNil.contains(n) {
                        type = Self.optional(SwiftType.unwrapped(type))
                    } else if definitelyAssigned.contains(id), !nilTested.contains(n), SwiftType.isOptional(type) || type.hasSuffix("!") {
                        type = SwiftType.unwrapped(type)
                    }
                }
                if let vt = value.type, SwiftType.isOptional(vt) || vt.hasSuffix("!"), !SwiftType.isOptional(type), !type.hasSuffix("!") {
                    value = forced(value)
                }
                // A struct (CGRect, CATransform3D, a record) whose fields are assigned is a var.
                if declaredTypes[id] == nil, Self.fieldsAssigned(of: n, in: functionStack.last?.block ?? []),
                   Self.recordSite(type) != nil ? directFieldTargets.contains(n) : owner(of: type).api.flatMap(api.cls)?.isValue ?? true {
                    declaredKeywords[id] = "var"
                }
                declaredTypes[id] = type
                return [compoundAssignment(targets[0], values[0], n, value.text) ?? "\(n) = \(value.text)"]
            }
            if case .index(.name(let n, let l), .binary("+", .unary("#", .name(let m, _), _), .number("1", _), _), _) = targets[0], n == m {
                // `t[#t + 1] = v` appends, as table.insert(t, v) does.
                return [try call(.field(.name("table", line: l), "insert", line: l), [.name(n, line: l), values[0]], line: line, expected: nil).text]
            }
            if let comment = try viewNameAssignment(targets[0], values[0]) { return comment }
            let target = try assignable(targets[0])
            if case .field(let object, let key, _) = targets[0] {
                // A 1-based property of Transit's (its receiver's type found on a copy: no side effect twice).
                var probe = self
                if isOneBasedProperty((try? probe.expr(object, expected: nil))?.type, key) {
                    return ["\(target.text) = \(try indexPropertyWrite(values[0]).text)"]
                }
            }
            let value = try passed(values[0], expected: target.type)
            if let t = value.type, let want = target.type, let a = valueKind(t), let b = valueKind(want), a != b {
                throw refuse(line, "the assignment of \(describe(values[0])) to \(describe(targets[0]))", "it is \(a == "number" ? "a number" : "a " + SwiftType.unwrapped(t)) and \(describe(targets[0])) a \(SwiftType.unwrapped(want))")
            }
            return [compoundAssignment(targets[0], values[0], target.text, value.text) ?? "\(target.text) = \(value.text)"]
        case .call(let e, _):
            if case .call(.name("assert", _), let args, let line) = e, lookup("assert") == nil { return try assertStatement(args, line: line) }
            severalValuesAllowed = true  // all dropped
            let call = try expr(e, expected: nil)
            if let t = call.type, t != "Void", !t.isEmpty { return ["_ = \(call.text)"] }
            return [call.text]
        case .doBlock(let body, let line):
            return ["do {"] + indent(try block(body, endLine: line)) + ["}"]
        case .whileLoop(let c, let body, let line):
            return ["while \(try condition(c).text) {"] + indent(try block(body, endLine: line)) + ["}"]
        case .repeatLoop(_, _, let line):
            throw refuse(line, "repeat ... until", "its condition sees the body's locals, which Swift's repeat-while does not")
        case .ifStat(let clauses, let elseBlock, let ifLine, let endLine):
            if let always = try methodPresenceTest(clauses, elseBlock, ifLine: ifLine, endLine: endLine) { return always }
            if let never = alwaysNilFieldTest(clauses, elseBlock, ifLine: ifLine, endLine: endLine) { return never }
            var out: [String] = []
            let boundaries = chunk.clauseLines[ifLine] ?? []
            for (index, (c, body)) in clauses.enumerated() {
                let next = index < boundaries.count ? boundaries[index] : endLine
                let test = discovery ? ((try? condition(c))?.text ?? "true") : try condition(c).text
                let head = "\(index == 0 ? "if" : "} else if") \(test) {"
                out.append(head)
                out += indent(try block(body, endLine: next))
            }
            if let elseBlock {
                out.append("} else {")
                out += indent(try block(elseBlock, endLine: endLine))
            }
            out.append("}")
            return out
        case .numericFor(let name, let start, let limit, let step, let body, let line):
            return try numericFor(name, start, limit, step, body, line: line)
        case .genericFor(let names, let values, let body, let line):
            return try genericFor(names, values, body, line: line)
        case .function(let path, _, _, let line):
            throw refuse(line, "function \(path.joined(separator: ".")) inside a function", "only a class's methods are translated")
        case .localFunction(let name, let body, let line):
            // Typed by its calls (LuaToSwiftCallables.swift).
            return try nestedFunction(name, body, line: line, recursive: true)
        case .returnStat(let values, let line):
            if values.isEmpty { return ["return"] }
            if values.count > 1 { return try returnSeveral(values, line: line) }
            if returnType == nil && inferringResult, Self.isPlainNumber(values[0]) {
                // `return -1` first: a number whose type a later return or a use gives (Lua has one
                // number type; a first integer literal does not make the function's result an Int).
                let (code, type) = try literalWithPendingType(values[0])
                returnType = type
                inferringResult = false
                return ["return \(code)"]
            }
            if returnType == nil && inferringResult {
                severalValuesAllowed = true  // `return f()` returns what f returns
                let value = try expr(values[0], expected: nil)
                guard let t = value.type, !t.hasSuffix(".Type") else {
                    throw refuse(line, "the return value \(describe(values[0]))", "its Swift type is not known")
                }
                returnType = t
                inferringResult = false
                return ["return \(value.text)"]
            }
            if returnType == nil, isCall(values[0]) {
                // `return f()` where the declaration returns nothing: Lua hands f's values to a
                // caller (UIKit) that ignores them; the call, then the return.
                let call = try expr(values[0], expected: nil)
                return [call.type == "Void" || call.type == nil ? call.text : "_ = \(call.text)", "return"]
            }
            if returnType == nil { throw refuse(line, "return of a value", "the Swift declaration returns nothing") }
            severalValuesAllowed = SwiftType.tupleElements(returnType) != nil
            let value = try expr(values[0], expected: returnType)
            try uniteRecords(value.type, returnType, line: line)
            if let t = value.type, SwiftType.tupleElements(t) != nil, t != returnType {
                throw refuse(line, "return of several values", "the Swift declaration returns \(returnType!)")
            }
            if value.type == "Void" { throw voidValueRefusal(values[0], line: line) }
            if let t = value.type, let a = valueKind(t), let b = valueKind(returnType!), a != b {
                throw refuse(line, "the return of \(describe(values[0]))", "it is \(a == "number" ? "a number" : "a " + SwiftType.unwrapped(t)) and the Swift declaration returns \(returnType!)")
            }
            // An optional returned where the declaration's result is not: unwrapped (Transit raises
            // on a nil a hook hands UIKit where it wants an object, as Swift traps).
            return ["return \(requiredArgument(value, returnType!))"]
        case .breakStat:
            return ["break"]
        case .gotoStat(_, let line):
            throw refuse(line, "goto", "Swift has no goto")
        case .label(_, let line):
            throw refuse(line, "a label (::name::)", "Swift has no goto")
        }
    }

    func indent(_ lines: [String]) -> [String] { lines.map { $0.isEmpty ? "" : "    " + $0 } }

    mutating func local(_ names: [LuaAttribName], _ values: [LuaExpr], line: Int) throws -> [String] {
        if names.contains(where: { $0.attrib == "close" }) { throw refuse(line, "a <close> variable", "Swift has no to-be-closed variables (__close)") }
        if values.isEmpty && names.count > 1 {
            // `local a, b`: each a local assigned later.
            return try names.flatMap { try local([$0], [], line: line) }
        }
        if values.count < names.count {
            if values.count == 1, isCall(values[0]) { return try localFromSeveralValues(names, values[0], line: line) }
            if let last = values.last, isCall(last) {
                throw refuse(line, "a local list ending in a call after other values", "only `local a, b = f()` takes a call's several values apart")
            }
            guard values.isEmpty, names.count == 1, reassigned.contains(names[0].name) else {
                throw refuse(line, "a local declared without a value", "its Swift type cannot be inferred")
            }
            // `local x` assigned later: a Swift local typed by its first assignment (swiftc refuses
            // a read before it, where Lua would read nil), a let when no path assigns it twice.
            let id = nextDeclared
            nextDeclared += 1
            let type = "\u{2}V\(id)\u{2}"
            declare(names[0].name, Variable(swift: names[0].name, type: type))
            // Unwrapped (below) and a let only where Swift sees it assigned before any read.
            let definite = Self.firstUse(of: names[0].name, in: followingStatements) == .assigned
            if definite { definitelyAssigned.insert(id) }
            // (A let becomes a var at the first assignment if it is a struct whose fields are assigned.)
            let once = definite && names[0].attrib != "const" && Self.assignments(of: names[0].name, in: followingStatements) <= 1
            declaredKeywords[id] = once ? "let" : "var"
            return ["\u{2}K\(id)\u{2} \(names[0].name): \(type)"]
        }
        guard values.count == names.count else { throw refuse(line, "a local list with more values than names", "the extra values are evaluated and dropped in Lua") }
        if names.count == 1, case .function(let body) = values[0] {
            // A closure bound to a local: a nested function typed by its calls (LuaToSwiftCallables.swift).
            return try nestedFunction(names[0].name, body, line: line, recursive: false)
        }
        var out: [String] = []
        for n in names where scopes.count > 1 && scopes[scopes.count - 1][n.name] != nil {
            throw refuse(line, "the local \(n.name) declared again in its block", "Lua's second local hides the first, and Swift declares a name once in a scope")
        }
        for (n, value) in zip(names, values) {
            let name = n.name
            var keyword = reassigned.contains(name) && n.attrib != "const" ? "var" : "let"
            switch value {
            case .number, .unary("-", .number, _):
                let (code, type) = try literalWithPendingType(value)
                declare(name, Variable(swift: name, type: type))
                out.append("\(keyword) \(name): \(type) = \(code)")
                continue
            case _ where keyword == "let" && Self.isStringChoice(value) && !Self.isStringLiteral(value):
                // `local key = c and "to" or "from"`: strings Transit may take as an enumeration's
                // cases; the local is a String or that enumeration by its first typed use, as a
                // string constant of the file is (LuaToSwiftStringConstants.swift).
                stringGroup = -1
                defer { stringGroup = nil }
                let code = try expr(value, expected: nil)
                guard let type = code.type, type.hasPrefix(Self.stringMark) else { break }
                declare(name, Variable(swift: name, type: type))
                out.append("let \(name): \(type) = \(code.text)")
                continue
            case .nilValue:
                guard reassigned.contains(name) else {
                    throw refuse(line, "a local initialised to nil", "its Swift type cannot be inferred")
                }
                // `local x = nil` assigned later: an optional of what the first assignment gives it.
                let id = nextDeclared
                nextDeclared += 1
                nilInitialised.insert(id)
                let type = "\u{2}V\(id)\u{2}"
                declare(name, Variable(swift: name, type: type))
                out.append("var \(name): \(type) = nil")
                continue
            case .table(let fields, _) where fields.isEmpty:
                guard reassigned.contains(name) else {
                    throw refuse(line, "an empty table", "its Swift type (array or dictionary of what) cannot be inferred")
                }
                // Filled by table.insert: an array of what the first insert adds.
                let id = nextDeclared
                nextDeclared += 1
                let type = "[\u{2}V\(id)\u{2}]"
                declare(name, Variable(swift: name, type: type))
                out.append("var \(name): \(type) = []")
                continue
            default: break
            }
            // The last value of the list: a call returning several gives its first (`.0`), as in Lua.
            severalValuesAllowed = n.name == names.last?.name
            var code = try expr(value, expected: nil)
            if isCall(value), let first = SwiftType.tupleElements(code.type)?.first {
                code = Code(text: wrap(code, 100) + ".0", type: first.type)
            }
            if code.type == "Void" { throw voidValueRefusal(value, line: line) }
            if code.type == "Double", isFloatOfIntegers(value), code.text.range(of: "\\bDouble\\(", options: .regularExpression) != nil {
                // `local third = i / 3` with an integer i: a float Lua computes from integers, of
                // the float type its first use gives it (`CGFloat(i) / 3` where it is an alpha);
                // its conversions of the integers are its only mention of a float type.
                let id = nextPending
                nextPending += 1
                pendingDefaults[id] = "Double"
                floatPending.insert(id)
                let mark = "\(Self.pendingMark)\(id)\u{1}"
                code = Code(text: code.text.replacingOccurrences(of: "\\bDouble\\(", with: mark + "(", options: .regularExpression), type: mark, precedence: code.precedence)
            }
            guard var type = code.type else {
                throw refuse(line, "the local \(name)", "the type of its value is not known from the API description")
            }
            // A value Swift declares `T!` (UIKit's `var view: UIView!`, a field of the Lua object),
            // which a local would infer as `T?`: unwrapped where it is bound, as other optionals
            // are (Lua raises where it is used), or a `T?` when the function tests it for nil.
            var implicitlyUnwrapped = type.hasSuffix("!")
            if case .field(.name("self", _), let key, _) = value, let cls = currentClass,
               cls.fields.contains(where: { $0.name == key && !SwiftType.isOptional($0.type) }) { implicitlyUnwrapped = true }
            // A field of another Lua object (a parameter holding one) is declared `T!` too.
            if case .field(.name(let object, _), let key, _) = value, object != "self" || currentClass == nil,
               let cls = owner(of: lookup(object)?.type).lua, !(lookup(object)?.type?.hasSuffix(".Type") ?? true),
               cls.fields.contains(where: { $0.name == key && !SwiftType.isOptional($0.type) }) { implicitlyUnwrapped = true }
            if implicitlyUnwrapped {
                if type.hasSuffix("!") { type.removeLast() }
                if nilTested.contains(name) {
                    declare(name, Variable(swift: name, type: type + "?"))
                    out.append("\(keyword) \(name): \(type)? = \(code.text)")
                    continue
                }
                code = forced(code)
            }
            if SwiftType.isOptional(type) && !nilTested.contains(name) {
                // Lua raises where the value is used; the Swift unwraps it where it is bound.
                code = forced(code)
                type = SwiftType.unwrapped(type)
            }
            // A struct (CGRect, CATransform3D) whose fields are assigned is a var in Swift; a record's
            // struct when a field of its own is (`part.overlay = ...`, not `part.overlay.alpha = ...`).
            if Self.recordSite(type) != nil {
                if directFieldTargets.contains(name), n.attrib != "const" { keyword = "var" }
            } else if mutatedFields.contains(name), n.attrib != "const", owner(of: type).api.flatMap(api.cls)?.isValue ?? true { keyword = "var" }
            // `self` outside a method is a plain Lua local; in Swift it is a keyword.
            let swiftName = name == "self" && lookup("self") == nil ? selfLocalName(type) : name
            var variable = Variable(swift: swiftName, type: type)
            if Self.recordSite(type) != nil {
                // A record bound to a local names its struct; made here, its fields may be assigned (LuaToSwiftStructs.swift).
                nameRecord(type, priority: 0, line: line, name)
                if case .table = value, !functionStack.isEmpty { variable.recordLocal = (line, functionStack.count - 1) }
            }
            declare(name, variable)
            out.append("\(keyword) \(swiftName) = \(code.text)")
        }
        return out
    }

    /// `x = x + y` as Swift writes it, `x += y` (`-=`, `*=`, `/=`, and `+=` for `..`), when the Swift of the
    /// value is the target's own text, the operator and the right operand.
    func compoundAssignment(_ target: LuaExpr, _ value: LuaExpr, _ targetText: String, _ valueText: String) -> String? {
        func same(_ a: LuaExpr, _ b: LuaExpr) -> Bool {
            switch (a, b) {
            case (.name(let x, _), .name(let y, _)): return x == y
            case (.field(let o, let k, _), .field(let p, let l, _)): return k == l && same(o, p)
            default: return false
            }
        }
        guard case .binary(let luaOp, let left, _, _) = value, ["+", "-", "*", "/", ".."].contains(luaOp), same(target, left) else { return nil }
        let op = luaOp == ".." ? "+" : luaOp
        guard valueText.hasPrefix("\(targetText) \(op) ") else { return nil }
        var right = String(valueText.dropFirst(targetText.count + op.count + 2))
        // The right operand was parenthesised for the binary operator only.
        if right.hasPrefix("("), right.hasSuffix(")"), SwiftType.balanced(String(right.dropFirst().dropLast())) {
            right = String(right.dropFirst().dropLast())
        }
        return "\(targetText) \(op)= \(right)"
    }

    /// Whether `stats` assign a field of the local `name` (`t.m34 = ...`, `frame.origin.x = ...`).
    static func fieldsAssigned(of name: String, in stats: [LuaStat]) -> Bool {
        func rooted(_ e: LuaExpr) -> Bool {
            switch e {
            case .field(.name(let n, _), _, _), .index(.name(let n, _), _, _): return n == name
            case .field(let o, _, _), .index(let o, _, _): return rooted(o)
            default: return false
            }
        }
        return LuaWalk.assigns(in: stats, rooted)
    }

    enum FirstUse { case assigned, exits, none, read }

    /// What `stats` do first with the local `name`: assign it (on every path that goes on), leave
    /// the function before any use, nothing, or read it (or assign it where Swift's definite
    /// initialisation does not follow: in a loop, a closure, one branch only).
    static func firstUse(of name: String, in stats: [LuaStat]) -> FirstUse {
        func mentionsIn(_ e: LuaExpr) -> Bool { mentions(.call(e, line: 0), name) }
        for stat in stats {
            switch stat {
            case .assign(let targets, let values, _) where targets.count == 1 && values.count == 1:
                if case .name(let n, _) = targets[0], n == name { return mentionsIn(values[0]) ? .read : .assigned }
                if mentions(stat, name) { return .read }
            case .ifStat(let clauses, let elseBlock, _, _):
                if clauses.contains(where: { mentionsIn($0.0) }) { return .read }
                let uses = clauses.map { firstUse(of: name, in: $0.1) } + [elseBlock.map { firstUse(of: name, in: $0) } ?? .none]
                if uses.contains(.read) { return .read }
                if uses.allSatisfy({ $0 == .exits }) { return .exits }
                if uses.allSatisfy({ $0 == .assigned || $0 == .exits }) { return .assigned }
                if uses.contains(.assigned) { return .read }
            case .doBlock(let body, _):
                let use = firstUse(of: name, in: body)
                if use != .none { return use }
            case .returnStat:
                return mentions(stat, name) ? .read : .exits
            case .call(.call(.name("error", _), _, _), _):
                return mentions(stat, name) ? .read : .exits
            default:
                if mentions(stat, name) { return .read }
            }
        }
        return .none
    }

    /// How many times at most one run of `stats` assigns the local `name` (2 for more, or for an
    /// assignment Swift's definite initialisation of a let would not take: in a loop, in a
    /// function, among several targets, after a local of the same name).
    static func assignments(of name: String, in stats: [LuaStat]) -> Int {
        func inFunctions(_ stat: LuaStat) -> Bool {
            var found = false
            LuaWalk.expressions(in: [stat]) { e in
                if case .function(let body) = e, body.block.contains(where: { mentions($0, name) && assignments(of: name, in: [$0]) > 0 }) { found = true }
            }
            return found
        }
        var total = 0
        for stat in stats {
            if inFunctions(stat) { return 2 }
            switch stat {
            case .assign(let targets, _, _):
                let count = targets.filter { if case .name(let n, _) = $0 { return n == name }; return false }.count
                if count > 0 && targets.count > 1 { return 2 }
                total += count
            case .local(let names, _, _):
                if names.contains(where: { $0.name == name }) { return 2 }
            case .localFunction(let n, let body, _):
                if n == name || body.block.contains(where: { assignments(of: name, in: [$0]) > 0 }) { return 2 }
            case .function(_, _, let body, _):
                if body.block.contains(where: { assignments(of: name, in: [$0]) > 0 }) { return 2 }
            case .doBlock(let body, _):
                total += assignments(of: name, in: body)
            case .ifStat(let clauses, let elseBlock, _, _):
                total += (clauses.map { assignments(of: name, in: $0.1) } + [elseBlock.map { assignments(of: name, in: $0) } ?? 0]).max() ?? 0
            case .whileLoop(_, let body, _), .repeatLoop(let body, _, _), .numericFor(_, _, _, _, let body, _), .genericFor(_, _, let body, _):
                if assignments(of: name, in: body) > 0 { return 2 }
            default: break
            }
            if total > 1 { return 2 }
        }
        return total
    }

    /// Arithmetic on integer locals and number literals only (`i * 0.5`, `i / 3`): where it is a
    /// float, its float type is not said by any of its operands.
    func isFloatOfIntegers(_ e: LuaExpr) -> Bool {
        switch e {
        case .number: return true
        case .name(let n, _): return lookup(n)?.type == "Int"
        case .unary("-", let inner, _), .paren(let inner, _): return isFloatOfIntegers(inner)
        case .binary(let op, let l, let r, _): return ["+", "-", "*", "/"].contains(op) && isFloatOfIntegers(l) && isFloatOfIntegers(r)
        default: return false
        }
    }

    func isCall(_ e: LuaExpr) -> Bool {
        switch e { case .call, .method: return true; default: return false }
    }

    /// The target of an assignment.
    mutating func assignable(_ e: LuaExpr) throws -> Code {
        switch e {
        case .name(let n, let line):
            guard let v = lookup(n) else { throw refuse(line, "an assignment to the global \(n)", "globals have no Swift counterpart in an effect") }
            guard v.fields == nil, !v.isLuaClass else { throw refuse(line, "an assignment to \(n)", "it is a constant of the file") }
            return Code(text: v.swift, type: v.type)
        case .field(let object, let key, let line):
            let receiver = try expr(object, expected: nil)
            guard let member = try property(receiver, key, line: line) else { throw unknownField(key, object, receiver, line: line) }
            if member.readOnly { throw refuse(line, "an assignment to \(key)", "UIKit declares it read-only") }
            return member.code
        case .index(let object, let key, let line):
            if isLiteral(key) { throw refuse(line, "an assignment to \(describe(object))[\(describe(key))]", "tables are not translated as mutable collections") }
            throw refuse(line, "a dynamic key \(describe(object))[\(describe(key))]", "an indexed host object or table has no Swift member to name")
        default:
            throw refuse(e.line, "an assignment", "its target is not a name or a field")
        }
    }

    mutating func condition(_ e: LuaExpr) throws -> Code {
        truthinessContext = true
        let c = try expr(e, expected: "Bool")
        guard let t = c.type else { throw refuse(e.line, "the condition \(describe(e))", "its type is not known, so Lua's truthiness cannot be written") }
        if t == "Bool" { return c }
        if Self.isNilConstant(t) { return Code(text: "\(wrap(c, 50)) != nil", type: "Bool", precedence: 40) }
        // Lua's false and nil are both false: an optional Bool is true only when it is true.
        if t == "Bool?" { return Code(text: "\(wrap(c, 50)) == true", type: "Bool", precedence: 40) }
        if SwiftType.isOptional(t) { return Code(text: "\(wrap(c, 50)) != nil", type: "Bool", precedence: 40) }
        throw refuse(e.line, "a condition on a \(t)", "only booleans and optionals have a Swift truth value")
    }

    mutating func numericFor(_ name: String, _ start: LuaExpr, _ limit: LuaExpr, _ step: LuaExpr?, _ body: [LuaStat], line: Int) throws -> [String] {
        func integral(_ e: LuaExpr) -> Bool {
            if case .number(let t, _) = e { return !t.contains(".") && !t.lowercased().contains("e") }
            if case .unary("-", let inner, _) = e { return integral(inner) }
            return false
        }
        var type: String? = nil
        for e in [start, limit] + (step.map { [$0] } ?? []) where !integral(e) {
            let probe = try expr(e, expected: nil)
            if let t = probe.type, SwiftType.isNumeric(t) { type = t; break }
        }
        let loopType = type ?? "Int"
        var parts: [String] = []
        for (what, e) in [("initial value", start), ("limit", limit)] + (step.map { [("step", $0)] } ?? []) {
            let c = try expr(e, expected: loopType)
            guard SwiftType.isNumeric(c.type) else {
                throw refuse(e.line, "a numeric for whose \(what) is \(describe(e))", "it is not a number: Lua converts a numeral string and raises on anything else ('for' \(what) must be a number), which the export does not translate")
            }
            parts.append(c.text)
        }
        let from = parts[0], through = parts[1]
        let by = parts.count > 2 ? parts[2] : "1"
        // Lua 5.4 loops with integers when the start and the step are integers, whatever the limit:
        // the variable takes the limit's float type in Swift, and its integral values.
        let luaInteger = loopType != "Int" && integral(start) && (step.map(integral) ?? true)
        scopes.append([name: Variable(swift: name, type: loopType, luaInteger: luaInteger)])
        defer { scopes.removeLast() }
        // stride(through:) runs zero times when the limit is below the start, as Lua's loop does;
        // a variable the body never reads is Swift's `_`.
        let swiftName = body.contains(where: { Self.mentions($0, name) }) ? name : "_"
        return ["for \(swiftName) in stride(from: \(from), through: \(through), by: \(by)) {"] + indent(try block(body, endLine: endLineOf(body, line))) + ["}"]
    }

    /// Whether any function of the file assigns `x.key` on an object (`self.key = ...`, `obj.key = ...`).
    static func selfFieldAssignedAnywhere(_ block: [LuaStat], _ key: String) -> Bool {
        LuaWalk.assigns(in: block) { if case .field(_, let k, _) = $0 { return k == key } else { return false } }
    }

    /// `record.key` where no table of the record gives `key` and nothing assigns it.
    func isUngivenRecordField(_ e: LuaExpr) -> Bool {
        guard case .field(let object, let key, _) = e else { return false }
        var probe = self
        probe.discovery = true
        guard let receiver = try? probe.expr(object, expected: nil), let site = Self.recordSite(receiver.type) else { return false }
        let members = recordMembers(recordRoot(site)).compactMap(recordEntry)
        return !members.contains { $0.order.contains(key) || $0.assigned[key] != nil || $0.types[key] != nil }
    }

    /// Whether an array's element may stand among elements of type `want`: not another kind of
    /// value, and, between two classes, the same class or a subclass.
    func elementsDisagreeOK(_ c: Code, _ want: String, _ e: LuaExpr) -> Bool {
        guard let t = c.type, let a = valueKind(t), let b = valueKind(want) else { return true }
        if a != b { return false }
        guard a == "other", !SwiftType.unwrapped(want).hasPrefix("any "), !SwiftType.unwrapped(t).hasPrefix("any "),
              owner(of: t).api != nil || owner(of: t).lua != nil, owner(of: want).api != nil || owner(of: want).lua != nil,
              !(api.cls(SwiftType.nominal(want))?.isValue ?? false) else { return true }
        return agree(c, SwiftType.unwrapped(want), argument: e) || agree(Code(text: "", type: SwiftType.unwrapped(want)), SwiftType.unwrapped(t), argument: e)
    }

    /// A value's kind where kinds can be told apart for sure: a number, a Bool, a String, or
    /// something else (an object, a struct); nil while a type still waits.
    func valueKind(_ type: String) -> String? {
        let t = SwiftType.unwrapped(type)
        if t.hasPrefix(Self.pendingMark) { return "number" }  // a number whose Swift type waits for a use
        if Self.hasLateMark(t) || t.contains("\u{5}") || t.isEmpty { return nil }
        if SwiftType.isNumeric(t) || ["CFTimeInterval", "Float", "Int32", "UInt32", "UInt", "Int64"].contains(t) { return "number" }
        if t == "Bool" || t == "String" { return t }
        if SwiftType.isArray(t) { return "array" }
        // A class or struct the API or the file declares; anything else is not told apart.
        return owner(of: t).api != nil || owner(of: t).lua != nil ? "other" : nil
    }

    /// Whether a statement reads or assigns the name `n` (anywhere in it).
    static func mentions(_ stat: LuaStat, _ n: String) -> Bool {
        var found = false
        LuaWalk.expressions(in: [stat]) { e in if case .name(let x, _) = e, x == n { found = true } }
        if case .assign(let targets, _, _) = stat { for case .name(let x, _) in targets where x == n { found = true } }
        return found
    }

    /// A number literal, negated or not.
    static func isPlainNumber(_ e: LuaExpr) -> Bool {
        switch e {
        case .number: return true
        case .unary("-", .number, _): return true
        default: return false
        }
    }

    func endLineOf(_ body: [LuaStat], _ line: Int) -> Int { (body.last.map { endLine(of: $0) } ?? line) + 1 }

    mutating func genericFor(_ names: [String], _ values: [LuaExpr], _ body: [LuaStat], line: Int) throws -> [String] {
        guard values.count == 1, case .call(.name(let iterator, _), let args, _) = values[0] else {
            throw refuse(line, "a generic for", "only ipairs over an array is translated")
        }
        guard iterator == "ipairs" else {
            if iterator == "pairs" { throw refuse(line, "pairs", "a Lua table's traversal order has no Swift counterpart") }
            throw refuse(line, "a for loop over \(iterator)", "only ipairs over an array is translated")
        }
        guard args.count == 1, names.count <= 2 else { throw refuse(line, "ipairs", "it takes one array") }
        let array = try expr(args[0], expected: nil)
        if case .name(let n, _) = args[0], let mark = scopes.first?[n]?.type, mark.hasPrefix(Self.listMark), let t = array.type, !SwiftType.isArray(t) {
            throw refuse(line, "ipairs over the list of strings \(n)", "its first use takes it as a \(t), an option set, which has no order to traverse")
        }
        guard let t = array.type, SwiftType.isArray(t) else { throw refuse(line, "ipairs over \(describe(args[0]))", "it is not an array of a known type") }
        let element = SwiftType.element(t)
        scopes.append([:])
        defer { scopes.removeLast() }
        var out: [String]
        // A name the body never reads (or Lua's `_`) is not bound: `for v in array`, `for _ in array`.
        func read(_ n: String) -> Bool { n != "_" && body.contains(where: { Self.mentions($0, n) }) }
        let index = read(names[0]) ? names[0] : nil
        let value = names.count == 2 && read(names[1]) ? names[1] : nil
        declare(names[0], Variable(swift: names[0], type: "Int"))
        if names.count == 2 {
            declare(names[1], Variable(swift: names[1], type: element))
            nameRecord(element, priority: 0, line: line, names[1])
        }
        switch (index, value) {
        case (let i?, let v?): out = ["for (offset, \(v)) in \(array.text).enumerated() {", "    let \(i) = offset + 1"]
        case (let i?, nil): out = ["for offset in \(array.text).indices {", "    let \(i) = offset + 1"]
        case (nil, let v?): out = ["for \(v) in \(array.text) {"]
        case (nil, nil): out = ["for _ in \(array.text) {"]
        }
        return out + indent(try block(body, endLine: endLineOf(body, line))) + ["}"]
    }

    // MARK: Expressions

    func wrap(_ c: Code, _ precedence: Int) -> String { c.precedence >= precedence ? c.text : "(\(c.text))" }

    func describe(_ e: LuaExpr) -> String {
        switch e {
        case .name(let n, _): return n
        case .field(let o, let k, _): return describe(o) + "." + k
        case .method(let o, let k, _, _): return describe(o) + ":" + k + "(...)"
        case .call(let f, _, _): return describe(f) + "(...)"
        case .index(let o, _, _): return describe(o) + "[...]"
        case .string(let s, _): return Self.swiftString(s)
        case .number(let n, _): return n
        case .binary("..", let l, let r, _): return describe(l) + " .. " + describe(r)
        case .table: return "{...}"
        default: return "an expression"
        }
    }

    static func swiftString(_ s: String) -> String {
        var out = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            default:
                if scalar.value < 32 || scalar.value == 127 { out += "\\u{\(String(scalar.value, radix: 16))}" } else { out.unicodeScalars.append(scalar) }
            }
        }
        return out + "\""
    }

    /// A number type that waited for a use, as a use has given it (else unchanged).
    func settled(_ t: String?) -> String? {
        guard let t, t.hasPrefix(Self.pendingMark), let id = Int(t.dropFirst(Self.pendingMark.count).dropLast()) else { return t }
        return pendingTypes[id] ?? t
    }

    static func sameNumeric(_ a: String, _ b: String) -> Bool {
        func norm(_ t: String) -> String { t == "TimeInterval" ? "Double" : t }
        return norm(a) == norm(b)
    }

    /// A value written where `expected` is needed: numbers converted between Swift's number types
    /// (Lua has one), literals and pending constants typed by the use.
    mutating func expr(_ e: LuaExpr, expected: String?) throws -> Code {
        let severalValues = severalValuesAllowed
        severalValuesAllowed = false
        // Only `and`, `or`, `not` and parentheses pass a test of truth on to their operands.
        let truthy = truthinessContext
        truthinessContext = false
        switch e {
        case .binary("and", _, _, _), .binary("or", _, _, _), .paren: truthinessContext = truthy
        default: break
        }
        var c = try resolveOptionList(resolveStringConstant(resolveNilConstant(try rawExpr(e, expected: expected), expected: expected), expected: expected), expected: expected)
        if !severalValues, SwiftType.tupleElements(c.type) != nil, isCall(e) {
            // Lua takes the first value here, or all of them as a call's last argument.
            throw refuse(e.line, "the values of \(describe(e)) used as one value", "it returns several, and only `local a, b = f()`, `a, b = f()` and `return f()` take them apart in Swift")
        }
        if let expected, let t = c.type, SwiftType.unwrapped(expected) == "CGColor", SwiftType.unwrapped(t) == "UIColor" {
            // A layer's colour is a CGColor; Transit's binding takes a UIColor there and converts it
            // as UIKit's `cgColor` does.
            return Code(text: wrap(c, 100) + (SwiftType.isOptional(t) ? "?" : "") + ".cgColor", type: SwiftType.isOptional(t) ? "CGColor?" : "CGColor")
        }
        if let expected, let t = c.type, t != expected, SwiftType.isNumeric(expected), SwiftType.isNumeric(t),
           !(SwiftType.isOptional(t) && Self.sameNumeric(SwiftType.unwrapped(t), SwiftType.unwrapped(expected))) {
            let want = SwiftType.unwrapped(expected)
            if t.hasPrefix(Self.pendingMark) {
                let id = Int(t.dropFirst(Self.pendingMark.count).dropLast())!
                if want == "Int", floatPending.contains(id), pendingTypes[id] == nil {
                    // A float computed from integers (`local third = i / 3`) is no Int: converted
                    // here, its own type left to another use.
                    return Code(text: "Int(\(c.text))", type: "Int")
                }
                if want.hasPrefix(Self.pendingMark), let other = Int(want.dropFirst(Self.pendingMark.count).dropLast()) {
                    // A float computed from integers meeting another number that waits: the type one
                    // has is the other's, and with none they are Doubles, as before a use.
                    if floatPending.contains(id) || floatPending.contains(other) {
                        let shared = pendingTypes[id] ?? pendingTypes[other].flatMap { $0 == "Int" ? nil : $0 } ?? "Double"
                        if pendingTypes[id] == nil { pendingTypes[id] = shared }
                        if pendingTypes[other] == nil { pendingTypes[other] = shared }
                        if let resolved = pendingTypes[other], !Self.sameNumeric(resolved, shared) {
                            return Code(text: "\(resolved)(\(Self.bare(c)))", type: resolved)
                        }
                        c.type = shared
                        return c
                    }
                    // Both wait: the use that resolves one resolves the other only through a conversion.
                    return c
                } else if let resolved = pendingTypes[id] {
                    if !Self.sameNumeric(resolved, want) { c = Code(text: "\(want)(\(Self.bare(c)))", type: want) }
                } else {
                    pendingTypes[id] = want
                }
                c.type = want
            } else if want.hasPrefix(Self.pendingMark), let id = Int(want.dropFirst(Self.pendingMark.count).dropLast()) {
                // A constant waiting for its type meets a typed value: the constant takes that type
                // (`xFactor * size.height` makes xFactor a CGFloat), or the value is converted to the
                // type a use gave the constant before.
                if let resolved = pendingTypes[id] {
                    if !Self.sameNumeric(resolved, t) { c = Code(text: "\(resolved)(\(Self.bare(c)))", type: resolved) }
                } else {
                    pendingTypes[id] = t
                }
            } else if !Self.sameNumeric(t, want) {
                c = Code(text: "\(want)(\(Self.bare(c)))", type: want)
            }
        }
        return c
    }

    mutating func rawExpr(_ e: LuaExpr, expected: String?) throws -> Code {
        if case .string(let value, let line) = e, let group = stringGroup {
            // A string of a local's choice of strings: one type for all (LuaToSwiftStringConstants.swift).
            let (text, type) = stringConstant(value, line: line)
            let id = stringConstants.count - 1
            if group < 0 { stringGroup = id }
            stringGroups[id] = stringGroup
            return Code(text: text, type: group < 0 ? type : "\(Self.stringMark)\(group)\u{4}")
        }
        switch e {
        case .nilValue: return Code(text: "nil", type: expected.flatMap { SwiftType.isOptional($0) ? $0 : nil })
        case .boolean(let b, _): return Code(text: b ? "true" : "false", type: "Bool")
        case .number:
            let text = try number(e)
            let integral = !text.contains(".") && !text.lowercased().contains("e") || text.lowercased().hasPrefix("0x")
            if let expected, SwiftType.isNumeric(expected) {
                let want = SwiftType.unwrapped(expected)
                if want == "Int" && !integral { throw refuse(e.line, "the number \(text) where an Int is expected", "Swift would not convert it") }
                return Code(text: text, type: want)
            }
            return Code(text: text, type: integral ? "Int" : "Double")
        case .string(let s, let line):
            if let expected, let swiftCase = try enumerationCase(s, SwiftType.unwrapped(expected), line: line) {
                return Code(text: swiftCase, type: SwiftType.unwrapped(expected))
            }
            return Code(text: Self.swiftString(s), type: "String")
        case .vararg(let line):
            throw refuse(line, "varargs (...)", "a Swift function has a fixed parameter list")
        case .function(let body):
            return try closure(body, expected: expected)
        case .table(let fields, let line):
            return try table(fields, expected: expected, line: line)
        case .paren(let inner, _):
            let c = try expr(inner, expected: expected)
            return Code(text: c.precedence >= 100 ? c.text : "(\(c.text))", type: c.type)
        case .unary(let op, let inner, let line):
            switch op {
            case "not":
                truthinessContext = true
                let c = try expr(inner, expected: "Bool")
                if c.type == "Bool" { return Code(text: "!" + wrap(c, 90), type: "Bool", precedence: 90) }
                if c.type == "Bool?" { return Code(text: "\(wrap(c, 50)) != true", type: "Bool", precedence: 40) }
                if let t = c.type, SwiftType.isOptional(t) || Self.isNilConstant(t) { return Code(text: "\(wrap(c, 50)) == nil", type: "Bool", precedence: 40) }
                throw refuse(line, "not on a \(c.type ?? "value of unknown type")", "only booleans and optionals have a Swift truth value")
            case "-":
                let c = try expr(inner, expected: expected)
                guard SwiftType.isNumeric(c.type) else { throw refuse(line, "unary minus on \(describe(inner))", "its type is not a known number type") }
                return Code(text: "-" + wrap(c, 90), type: c.type, precedence: 90)
            case "#":
                let c = try expr(inner, expected: nil)
                guard let t = c.type, SwiftType.isArray(t) else {
                    throw refuse(line, "the length operator #", "it is translated only on arrays (a string's # counts bytes)")
                }
                // An optional array (UIKit's `viewControllers`) is unwrapped: Lua raises on #nil.
                return Code(text: receiverText(c) + ".count", type: "Int")
            default:
                throw refuse(line, "the bitwise operator ~", "bitwise operators are not used by effects and are not translated")
            }
        case .binary(let op, let l, let r, let line):
            return try binary(op, l, r, expected: expected, line: line)
        case .name(let n, let line):
            if let v = lookup(n) {
                if case .failedConstant(let error)? = v.binding { throw error }
                if v.fields != nil { throw refuse(line, "the table \(n) used as a value", "it is translated as a namespace of constants") }
                if let key = v.callable { return try localFunctionValue(n, key, expected: expected, line: line) }
                return Code(text: v.swift, type: v.type)
            }
            if api.cls(n) != nil { return Code(text: typeName(n), type: typeName(n) + ".Type") }
            throw refuse(line, "the global \(n)", Self.globalReason(n))
        case .index(let object, let key, let line):
            // A file-level table used as a map (LuaToSwiftCallables.swift).
            if let read = try mapRead(object, key, line: line) { return read }
            // A module's table of constants read with a dynamic key (LuaToSwiftStructs.swift).
            if let read = try dictionaryRead(object, key, line: line) { return read }
            let o = try expr(object, expected: nil)
            guard let t = o.type, SwiftType.isArray(t) else {
                throw refuse(line, "a dynamic key \(describe(object))[\(describe(key))]", "an indexed host object or table has no Swift member to name")
            }
            if case .number(let text, _) = key, let index = Int(text) {
                return Code(text: "\(wrap(o, 100))[\(index - 1)]", type: SwiftType.element(t))
            }
            if case .binary("+", let base, .number("1", _), _) = key {
                // t[i + 1] is Swift's t[i].
                let k = try expr(base, expected: "Int")
                if k.type == "Int" { return Code(text: "\(wrap(o, 100))[\(k.text)]", type: SwiftType.element(t)) }
            }
            let k = try expr(key, expected: "Int")
            guard k.type == "Int" else { throw refuse(line, "a dynamic key \(describe(object))[\(describe(key))]", "the index is not an integer") }
            return Code(text: "\(wrap(o, 100))[\(wrap(k, 60)) - 1]", type: SwiftType.element(t))
        case .field(let object, let key, let line):
            if case .name("transit", _) = object, lookup("transit") == nil { return try transitField(key, line: line, expected: expected) }
            if case .name("math", _) = object, lookup("math") == nil {
                switch key {
                case "pi":
                    // `.pi` where a floating-point type is expected, Double's elsewhere (Lua's pi is a float).
                    if let want = expected.flatMap({ SwiftType.isNumeric($0) ? SwiftType.unwrapped($0) : nil }), want != "Int" { return Code(text: ".pi", type: want) }
                    return Code(text: "Double.pi", type: "Double")
                case "huge": return Code(text: ".infinity", type: expected.flatMap { SwiftType.isNumeric($0) ? SwiftType.unwrapped($0) : nil } ?? "Double")
                default: throw refuse(line, "math.\(key)", "only math's functions and pi and huge are translated")
                }
            }
            if case .name(let n, _) = object, let v = lookup(n), let fields = v.fields {
                guard let type = fields[key] else { throw refuse(line, "\(n).\(key)", "\(n) has no field \(key)") }
                return Code(text: "\(v.swift).\(key)", type: type)
            }
            // A module's constant (LuaToSwiftModules.swift).
            if let ns = namespacePath(object) { return try namespaceMember(ns, key, line: line) }
            let receiver = try expr(object, expected: nil)
            // A field of a record (LuaToSwiftStructs.swift).
            if let field = try recordFieldRead(receiver, key, expected: expected, line: line) { return field }
            guard let member = try property(receiver, key, line: line) else { throw unknownField(key, object, receiver, line: line) }
            if isOneBasedProperty(receiver.type, key) { return indexPropertyRead(member.code) }
            return member.code
        case .call(let function, let args, let line):
            return try call(function, args, line: line, expected: expected)
        case .method(let object, let name, let args, let line):
            return try methodCall(object, name, args, line: line)
        }
    }

    static func globalReason(_ n: String) -> String {
        switch n {
        case "setmetatable", "getmetatable", "rawget", "rawset", "rawequal", "rawlen": return "metatables have no Swift counterpart"
        case "coroutine": return "coroutines have no Swift counterpart in an effect"
        case "load", "loadstring", "dofile", "loadfile": return "code loaded at run time cannot be translated"
        case "require": return "a module is translated where the top of the effect (or of a module) requires it: local m = require(\"name\")"
        case "pairs", "next": return "a Lua table's traversal order has no Swift counterpart"
        case "select": return "varargs have no Swift counterpart"
        case "pcall", "xpcall": return "a protected call catches Lua's errors, which the export's fatalError does not let anything catch"
        case "error", "assert": return "only a call of it (error(message), assert(condition, message)) is translated"
        case "type", "tostring", "tonumber": return "Lua's dynamic types and number formatting differ from Swift's"
        case "string": return "Lua's string library (patterns, byte indices) differs from Swift's"
        case "table": return "only table.insert on an array is translated"
        case "transit": return "Transit's own namespace has no UIKit counterpart"
        case "os", "io", "debug", "utf8": return "that library has no counterpart in an effect"
        default: return "it is neither a local nor a class of the API description"
        }
    }

    func typeName(_ luaName: String) -> String { SwiftNames.enumerations[luaName]?.type ?? SwiftInterfaceGenerator.typeNames[luaName] ?? luaName }

    /// The Swift type → the Lua enumeration with its Lua and Swift cases.
    func enumeration(forSwiftType type: String) -> (lua: [String], swift: [String], optionSet: Bool)? {
        for (luaName, swift) in SwiftNames.enumerations where swift.type == type || swift.alsoAs.contains(type) {
            guard let e = api.enumeration(luaName) else { continue }
            return (e.cases, swift.cases ?? e.cases, swift.kind == .optionSet)
        }
        // An enumeration of the interface's own (UIUserInterfaceIdiom): Transit's strings are its case names.
        if let cases = SwiftInterfaceSupport.enumerationCases(type) { return (cases, cases, false) }
        return nil
    }

    func enumerationCase(_ value: String, _ type: String, line: Int) throws -> String? {
        guard let e = enumeration(forSwiftType: type) else { return nil }
        guard let index = e.lua.firstIndex(of: value) else {
            throw refuse(line, "the string \(Self.swiftString(value)) as a \(type)", "it is not one of its cases")
        }
        let swiftCase = e.swift[index]
        return "." + (["default", "repeat"].contains(swiftCase) ? "`\(swiftCase)`" : swiftCase)
    }

    mutating func table(_ fields: [LuaField], expected: String?, line: Int) throws -> Code {
        if let expected, let e = enumeration(forSwiftType: SwiftType.unwrapped(expected)), e.optionSet {
            var cases: [String] = []
            for field in fields {
                if case .positional(.string(let s, let l)) = field, let c = try enumerationCase(s, SwiftType.unwrapped(expected), line: l) {
                    cases.append(c)
                    continue
                }
                // A case chosen by an expression (`isPresenting and "curveEaseOut" or "curveEaseIn"`).
                guard case .positional(let v) = field, case let c = try expr(v, expected: SwiftType.unwrapped(expected)),
                      c.type == SwiftType.unwrapped(expected) else {
                    throw refuse(line, "a table as \(expected)", "an option set is translated from a list of its case names")
                }
                cases.append(c.text)
            }
            return Code(text: "[" + cases.joined(separator: ", ") + "]", type: SwiftType.unwrapped(expected))
        }
        if fields.isEmpty, Self.recordSite(expected) != nil {
            // `{}` where a record is expected (`insets or {}`): the record with none of its fields.
            return try recordConstructor(fields, expected: expected, line: line)
        }
        if !fields.isEmpty, fields.allSatisfy({ if case .named = $0 { return true }; return false }), expected == nil || Self.recordSite(expected) != nil {
            // A table of named fields: a struct (LuaToSwiftStructs.swift).
            return try recordConstructor(fields, expected: expected, line: line)
        }
        var elements: [Code] = []
        var elementType = expected.flatMap { SwiftType.isArray($0) ? SwiftType.element($0) : nil }
        if elementType == nil, !fields.isEmpty, fields.allSatisfy({ if case .positional(let v) = $0 { return isNumberExpression(v) }; return false }),
           fields.contains(where: { if case .positional(.number(let text, _)) = $0 { return text.contains(".") || text.lowercased().contains("e") && !text.lowercased().hasPrefix("0x") }; return false }) {
            // `{ 0, 0.25 }`: Lua's numbers, one of them a float; a [Double], not an [Int] from the first.
            elementType = "Double"
        }
        for field in fields {
            guard case .positional(let v) = field else {
                throw refuse(line, "a table with keys", "only arrays, tables of named fields (records) and options tables of a call are translated")
            }
            let element = try expr(v, expected: elementType ?? elements.first?.type)
            try uniteRecords(element.type, elementType ?? elements.first?.type, line: line)
            if let want = elementType ?? elements.first?.type, let t = element.type, !elementsDisagreeOK(element, want, v) {
                throw refuse(v.line, "the element \(describe(v)) of an array", "it is a \(SwiftType.unwrapped(t)) among \(SwiftType.unwrapped(want)) elements, and a Swift array has one element type")
            }
            elements.append(element)
        }
        guard let first = elements.first?.type ?? elementType else { throw refuse(line, "an empty table", "its Swift type cannot be inferred") }
        let type = elementType ?? SwiftType.unwrapped(first)
        // A table written over several lines in Lua is one element a line in Swift.
        let lines = fields.compactMap { if case .positional(let v) = $0 { return v.line }; return nil }
        if let first = lines.first, lines.contains(where: { $0 != first }) || first != line {
            let body = elements.flatMap { element -> [String] in
                var parts = element.text.split(separator: "\n", omittingEmptySubsequences: false).map { "    " + $0 }
                parts[parts.count - 1] += ","
                return parts
            }
            return Code(text: (["["] + body + ["]"]).joined(separator: "\n"), type: "[\(type)]")
        }
        return Code(text: "[" + elements.map(\.text).joined(separator: ", ") + "]", type: "[\(type)]")
    }

    mutating func closure(_ body: LuaFunctionBody, expected: String?) throws -> Code {
        guard let expected, SwiftType.isClosure(expected) else {
            throw refuse(body.line, "a function value here", "no closure type is expected at this place in the API description")
        }
        if body.isVararg { throw refuse(body.line, "varargs (...)", "a Swift closure has a fixed parameter list") }
        let parameterTypes = SwiftType.closureParameters(expected)
        guard body.parameters.count <= parameterTypes.count else {
            throw refuse(body.line, "a function with \(body.parameters.count) parameters", "UIKit passes \(parameterTypes.count) (\(expected))")
        }
        scopes.append([:])
        defer { scopes.removeLast() }
        var names: [String] = []
        for (index, t) in parameterTypes.enumerated() {
            if index < body.parameters.count {
                names.append(body.parameters[index])
                declare(body.parameters[index], Variable(swift: body.parameters[index], type: t))
            } else { names.append("_") }
        }
        let saved = returnType
        let result = SwiftType.closureResult(expected)
        returnType = result == "Void" ? nil : result
        defer { returnType = saved }
        let head = names.isEmpty ? "{" : "{ \(names.joined(separator: ", ")) in"
        var lines = try block(body.block, endLine: body.endLine)
        if lines.isEmpty {
            // `function() end`: one line, as Swift writes an empty closure (`animations: {}`,
            // `completion: { _ in }`: its parameters, unread, are `_`).
            return Code(text: names.isEmpty ? "{}" : "{ \(names.map { _ in "_" }.joined(separator: ", ")) in }", type: expected)
        }
        if expected.contains("@Sendable") {
            // UIKit calls it on the main thread, but declares it @Sendable: the body states the
            // isolation it runs with (docs/export.md, "Sendable closures").
            lines = [(returnType == nil ? "" : "return ") + "MainActor.assumeIsolated {"] + indent(lines) + ["}"]
        }
        return Code(text: ([head] + indent(lines) + ["}"]).joined(separator: "\n"), type: expected)
    }

    mutating func binary(_ op: String, _ l: LuaExpr, _ r: LuaExpr, expected: String?, line: Int) throws -> Code {
        let truthy = truthinessContext
        truthinessContext = false
        switch op {
        case "or" where isTernary(l):
            // `c and x or y` with a boolean c and an x that is never false or nil: `c ? x : y`.
            guard case .binary("and", let c, let x, _) = l else { fatalError() }
            // An optional condition is true when it is not nil (`c != nil ? x : y`), as in Lua.
            // The strings of a local's choice are its values, not those its condition compares.
            let group = stringGroup
            stringGroup = nil
            let cond = try condition(c)
            stringGroup = group
            let numericExpected = expected.flatMap { SwiftType.isNumeric($0) ? SwiftType.unwrapped($0) : nil }
            var a = try expr(x, expected: numericExpected ?? expected)
            let b = try expr(r, expected: a.type)
            // Two records that are one value here are one struct (LuaToSwiftStructs.swift).
            try uniteRecords(a.type, b.type, line: line)
            if numericExpected == nil, isLiteral(x), let t = b.type, SwiftType.isNumeric(t) { a = try expr(x, expected: t) }
            if cond.type == "Bool", let t = a.type, SwiftType.isOptional(t), let u = b.type, SwiftType.unwrapped(u) == SwiftType.unwrapped(t) {
                // x may be nil, and then Lua takes y: exactly `(c ? x : nil) ?? y`.
                let chosen = "(\(wrap(cond, 21)) ? \(wrap(a, 21)) : nil) ?? "
                return Code(text: chosen + wrap(b, 31), type: u, precedence: 25,
                            forcedText: SwiftType.isOptional(u) ? chosen + wrap(b, 100) + "!" : nil)
            }
            guard cond.type == "Bool", let t = a.type, t != "Bool", !SwiftType.isOptional(t),
                  !isLiteral(x) || SwiftType.isNumeric(t) || t == "String" || t.hasPrefix(Self.stringMark) || enumeration(forSwiftType: t) != nil else {
                throw refuse(line, "`and`/`or` choosing a value", "its condition is not a boolean or its first choice may be false or nil")
            }
            return Code(text: "\(wrap(cond, 21)) ? \(wrap(a, 21)) : \(wrap(b, 21))", type: t, precedence: 15)
        case "and", "or":
            truthinessContext = truthy
            var a: Code
            if op == "or", !truthy, case .field(.name("self", _), let key, _) = l, let cls = currentClass, lookup("self")?.type == cls.swiftName,
               !cls.fields.contains(where: { $0.name == key }), (try? property(Code(text: "self", type: cls.swiftName), key, line: line)) == nil,
               !Self.selfFieldAssignedAnywhere(chunk.block, key) {
                // `self.sourceView or default`: a property nothing in the file assigns, which the app
                // sets (nil until then, as Lua reads it), of the default's type.
                let b = try expr(r, expected: expected)
                guard let t = b.type, !Self.hasLateMark(t), !t.hasSuffix(".Type"), !SwiftType.isClosure(t), SwiftType.tupleElements(t) == nil else {
                    throw refuse(line, "the field \(key) of self", "nothing in the file assigns it and its default's Swift type is not known")
                }
                cls.fields.append((key, Self.optional(SwiftType.unwrapped(t))))
                return Code(text: "self.\(key) ?? \(wrap(b, 45))", type: t, precedence: 45)
            } else if op == "or", !truthy, let want = expected.map(SwiftType.unwrapped), want != "Bool", !Self.hasLateMark(want), isUngivenRecordField(l) {
                // `insets.left or 0`, a field no table gives: of the type the default's place wants.
                a = try expr(l, expected: Self.optional(want))
            } else {
                a = try expr(l, expected: "Bool")
            }
            if truthy, let t = a.type, t != "Bool" {
                // Tested for truth (`if wasCancelled and toView then`): an optional is true when it is not nil.
                if t == "Bool?" { a = Code(text: "\(wrap(a, 50)) == true", type: "Bool", precedence: 40) }
                else if SwiftType.isOptional(t) || Self.isNilConstant(t) { a = Code(text: "\(wrap(a, 50)) != nil", type: "Bool", precedence: 40) }
            }
            if op == "or", a.type != "Bool", a.type != "Bool?" { return try orDefault(a, l, r, expected: expected, line: line) }
            truthinessContext = truthy
            var b = try expr(r, expected: "Bool")
            if truthy, let t = b.type, t != "Bool", t != "Bool?", SwiftType.isOptional(t) || Self.isNilConstant(t) {
                b = Code(text: "\(wrap(b, 50)) != nil", type: "Bool", precedence: 40)
            }
            // As a condition (not as a value: `nil and x` is nil, not false), an optional Bool is true when true.
            if expected == "Bool", a.type == "Bool?" { a = Code(text: "\(wrap(a, 50)) == true", type: "Bool", precedence: 40) }
            if expected == "Bool", b.type == "Bool?" { b = Code(text: "\(wrap(b, 50)) == true", type: "Bool", precedence: 40) }
            guard a.type == "Bool", b.type == "Bool" else {
                throw refuse(line, "`\(op)` on \(a.type == "Bool" ? b.type ?? "a value of unknown type" : a.type ?? "a value of unknown type")", op == "or" ? "`or` for defaulting a non-boolean has no faithful typed Swift spelling here" : "`and` on a non-boolean selects a value, which Swift's && does not")
            }
            let p = op == "and" ? 30 : 20
            return Code(text: "\(wrap(a, p)) \(op == "and" ? "&&" : "||") \(wrap(b, p + 1))", type: "Bool", precedence: p)
        case "==", "~=", "<", ">", "<=", ">=":
            var left = l, right = r
            var swiftOp = op == "~=" ? "!=" : op
            // A literal on the left takes its type from the other side.
            if isLiteral(l) && !isLiteral(r) {
                swap(&left, &right)
                swiftOp = ["<": ">", ">": "<", "<=": ">=", ">=": "<="][swiftOp] ?? swiftOp
            }
            var a = try expr(left, expected: nil)
            var b = try expr(right, expected: a.type)
            // Two string constants neither of which has a type yet (a field set from a class's
            // constant compared with another of its constants) are Swift Strings; a string
            // constant compared with a string (or a case) takes the other side's type.
            if a.type?.hasPrefix(Self.stringMark) == true, b.type?.hasPrefix(Self.stringMark) == true {
                a = try resolveStringConstant(a, expected: "String")
            }
            a = try resolveStringConstant(a, expected: b.type)
            b = try resolveStringConstant(b, expected: a.type)
            if Self.recordSite(a.type) != nil || Self.recordSite(b.type) != nil, !{ if case .nilValue = right { return true }; return false }() {
                throw refuse(line, "a comparison of records", "Lua compares two tables' identity, and a Swift struct is a value with no identity (nor ==)")
            }
            if case .nilValue = right {
                if !(a.type.map(SwiftType.isOptional) ?? true) { try noteNilTest(left, line: line) }
                guard let t = a.type, SwiftType.isOptional(t) else {
                    throw refuse(line, "a comparison of \(describe(left)) with nil", "its Swift type is not optional")
                }
            } else if a.type == nil || b.type == nil {
                throw refuse(line, "the comparison \(op)", "the type of \(a.type == nil ? describe(left) : describe(right)) is not known")
            } else if isReference(a.type!) && isReference(b.type!) && (SwiftType.unwrapped(a.type!).hasPrefix("any ") || SwiftType.unwrapped(b.type!).hasPrefix("any ")) {
                // An object typed as a protocol (`any UIContentContainer`) and one typed as a class:
                // Lua compares their identity, Swift's === on the two objects.
                return Code(text: "\(wrap(a, 50)) \(swiftOp == "==" ? "===" : "!==") \(wrap(b, 50))", type: "Bool", precedence: 40)
            } else if !(SwiftType.isNumeric(a.type) && SwiftType.isNumeric(b.type)) && SwiftType.unwrapped(a.type!) != SwiftType.unwrapped(b.type!) {
                throw refuse(line, "a comparison of a \(a.type!) with a \(b.type!)", "Lua compares them as different types (never equal), which Swift rejects")
            }
            // Lua compares objects by identity: Swift's === (NSObject's == would call isEqual:).
            let againstNil: Bool = { if case .nilValue = right { return true }; return false }()
            if (swiftOp == "==" || swiftOp == "!="), !againstNil, let t = a.type, let cls = owner(of: t).api.flatMap(api.cls), !cls.isValue,
               enumeration(forSwiftType: SwiftType.unwrapped(t)) == nil {
                swiftOp += "="
            }
            if ["<", ">", "<=", ">="].contains(swiftOp) {
                // Lua raises comparing nil with a number; Swift's unwrapping traps there.
                for side in [0, 1] {
                    let c = side == 0 ? a : b
                    guard let t = c.type, SwiftType.isOptional(t), SwiftType.isNumeric(t) else { continue }
                    let unwrapped = Code(text: wrap(c, 100) + "!", type: SwiftType.unwrapped(t))
                    if side == 0 { a = unwrapped } else { b = unwrapped }
                }
            }
            return Code(text: "\(wrap(a, 50)) \(swiftOp) \(wrap(b, 50))", type: "Bool", precedence: 40)
        case "+", "-", "*", "/":
            let numericExpected = expected.flatMap { SwiftType.isNumeric($0) ? SwiftType.unwrapped($0) : nil }
            var a = try expr(l, expected: numericExpected)
            var b = try expr(r, expected: numericExpected ?? (a.type == "Int" ? nil : a.type))
            if numericExpected == nil, isLiteral(l), let bt = b.type { a = try expr(l, expected: bt) }
            // A constant whose type waited: b's use may have given it one.
            a.type = settled(a.type)
            b.type = settled(b.type)
            guard SwiftType.isNumeric(a.type), SwiftType.isNumeric(b.type) else {
                throw refuse(line, "arithmetic on \(SwiftType.isNumeric(a.type) ? describe(r) : describe(l))", "its type is not a known number type (CGPoint and CGRect arithmetic is not Lua's)")
            }
            var type = a.type!
            if op == "/" && type == "Int" && (b.type == "Int") {
                // Lua's / is float division.
                let want = numericExpected.flatMap { $0 == "Int" ? nil : $0 } ?? "Double"
                // A literal beside a conversion is written as it is, Swift typing it as the other
                // operand (`Double(i) / 3`); of two literals, the first is converted.
                let bareLeft = isLiteral(l) && !isLiteral(r), bareRight = isLiteral(r)
                a = Code(text: bareLeft ? a.text : "\(want)(\(Self.bare(a)))", type: want, precedence: bareLeft ? a.precedence : 100)
                b = Code(text: bareRight ? b.text : "\(want)(\(Self.bare(b)))", type: want, precedence: bareRight ? b.precedence : 100)
                type = want
            } else if !Self.sameNumeric(a.type!, b.type!) {
                // An integer with a fractional literal is a float operation in Lua: Double(i) * 0.5.
                if isLiteral(r), a.type == "Int", b.type != "Int" { a = Code(text: "\(b.type!)(\(Self.bare(a)))", type: b.type); type = b.type! }
                else if isLiteral(l), b.type == "Int", a.type != "Int" { b = Code(text: "\(a.type!)(\(Self.bare(b)))", type: a.type); type = a.type! }
                else if isLiteral(r) { b.type = a.type } else if isLiteral(l) { a.type = b.type; type = b.type! }
                // Lua converts an integer to a float in mixed arithmetic; Swift says so.
                else if a.type == "Int" { a = Code(text: "\(b.type!)(\(Self.bare(a)))", type: b.type); type = b.type! }
                else if b.type == "Int" { b = Code(text: "\(a.type!)(\(Self.bare(b)))", type: a.type) }
                else {
                    throw refuse(line, "arithmetic mixing \(a.type!) and \(b.type!)", "Swift does not convert between them implicitly")
                }
            }
            let p = op == "+" || op == "-" ? 60 : 70
            return Code(text: "\(wrap(a, p)) \(op) \(wrap(b, p + 1))", type: type, precedence: p)
        case "^":
            let numericExpected = expected.flatMap { SwiftType.isNumeric($0) && SwiftType.unwrapped($0) != "Int" ? SwiftType.unwrapped($0) : nil } ?? "Double"
            let a = try expr(l, expected: numericExpected), b = try expr(r, expected: numericExpected)
            return Code(text: "pow(\(a.text), \(b.text))", type: numericExpected)
        case "..":
            return try concatenation(l, r, line: line)
        case "%", "//":
            return try floorOperator(op, l, r, expected: expected, line: line)
        default:
            throw refuse(line, "the bitwise operator \(op)", "bitwise operators are not used by effects and are not translated")
        }
    }

    /// A class instance or a value of a class-bound protocol (UIKit's protocols are NSObjectProtocol's).
    func isReference(_ t: String) -> Bool {
        let u = SwiftType.unwrapped(t)
        if u.hasPrefix("any ") { return true }
        if let cls = owner(of: u).api.flatMap(api.cls) { return !cls.isValue }
        return owner(of: u).lua != nil
    }

    func isTernary(_ l: LuaExpr) -> Bool {
        guard case .binary("and", _, let x, _) = l else { return false }
        switch x {
        case .nilValue, .boolean: return false
        case .binary(let op, _, _, _): return !["==", "~=", "<", ">", "<=", ">=", "and", "or"].contains(op)
        case .unary("not", _, _): return false
        default: return true
        }
    }

    func isLiteral(_ e: LuaExpr) -> Bool {
        switch e {
        case .number, .string, .nilValue, .boolean: return true
        case .unary("-", let inner, _): return isLiteral(inner)
        default: return false
        }
    }
}
