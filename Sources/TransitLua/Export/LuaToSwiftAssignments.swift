import Foundation

// Several values at once in LuaToSwift (LuaToSwift.swift): `a, b = x, y`, `local a, b = f()`,
// `return a, b` (docs/export.md, "Several values"). Lua evaluates every value before it assigns
// any target; so does Swift's tuple assignment `(a, b) = (x, y)`, which is why it is the
// translation (assignments one after another would differ for `a, b = b, a`). A function
// returning several values returns a Swift tuple, taken apart where it is called.

extension SwiftType {
    /// `(CGRect, CGRect)` → `["CGRect", "CGRect"]`, `(view: UIView, shadow: UIView)` → the
    /// labelled elements; nil for any other type (a closure, an optional, a parenthesised type).
    static func tupleElements(_ t: String?) -> [(label: String?, type: String)]? {
        guard let t, t.hasPrefix("("), t.hasSuffix(")"), matchingParen(t) == t.index(before: t.endIndex) else { return nil }
        let inner = t.dropFirst().dropLast()
        var parts: [String] = []
        var depth = 0, current = ""
        for c in inner {
            if "([<".contains(c) { depth += 1 }
            if ")]>".contains(c) { depth -= 1 }
            if c == ",", depth == 0 { parts.append(current); current = ""; continue }
            current.append(c)
        }
        parts.append(current)
        guard parts.count > 1 else { return nil }
        return parts.map { part in
            let p = part.trimmingCharacters(in: .whitespaces)
            if let colon = p.firstIndex(of: ":"), p[..<colon].allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) {
                return (String(p[..<colon]), p[p.index(after: colon)...].trimmingCharacters(in: .whitespaces))
            }
            return (nil, p)
        }
    }

    static func tuple(_ types: [String]) -> String { "(" + types.joined(separator: ", ") + ")" }
}

extension LuaToSwift {
    /// One target of a multiple assignment, before its value is known.
    enum AssignmentTarget {
        /// A local, field or property whose Swift type is known.
        case known(Code)
        /// A local declared without a value (`local a, b`), typed by this first assignment.
        case declaredLater(name: String, id: Int)
        /// A field of a Lua object first assigned here: a stored property typed by its value.
        case newField(key: String, cls: ClassInfo)
    }

    /// `a, b = x, y` as `(a, b) = (x, y)`; `a, b = f()` as `(a, b) = f()`, `f` returning a tuple.
    mutating func multipleAssignment(_ targets: [LuaExpr], _ values: [LuaExpr], line: Int) throws -> [String] {
        var kinds: [AssignmentTarget] = []
        for t in targets {
            if case .field(.name("self", _), let key, _) = t, let cls = currentClass, lookup("self")?.type == cls.swiftName,
               try property(Code(text: "self", type: cls.swiftName), key, line: line) == nil {
                kinds.append(.newField(key: key, cls: cls))
            } else if case .name(let n, _) = t, let v = lookup(n), let type = v.type, type.hasPrefix("\u{2}V"), declaredTypes[Int(type.dropFirst(2).dropLast())!] == nil {
                kinds.append(.declaredLater(name: n, id: Int(type.dropFirst(2).dropLast())!))
            } else {
                kinds.append(.known(try assignable(t)))
            }
        }
        func expected(_ kind: AssignmentTarget) -> String? {
            if case .known(let c) = kind { return c.type }
            return nil
        }
        var valueTypes: [String?]
        let right: String
        if values.count == 1, let several = try severalValues(values[0], count: targets.count, line: line) {
            valueTypes = several.types.map { Optional($0) }
            right = several.text
        } else {
            guard values.count == targets.count else {
                throw refuse(line, "an assignment of \(values.count) values to \(targets.count) targets",
                             values.count < targets.count ? "Lua assigns nil to the targets left over" : "Lua evaluates the extra values and drops them")
            }
            var codes: [Code] = []
            for (value, kind) in zip(values, kinds) {
                var code = try expr(value, expected: expected(kind))
                if case .newField = kind, isLiteral(value), SwiftType.isNumeric(code.type) {
                    let (text, type) = try literalWithPendingType(value)
                    code = Code(text: text, type: type)
                }
                codes.append(code)
            }
            valueTypes = codes.map(\.type)
            right = "(" + codes.map(\.text).joined(separator: ", ") + ")"
        }
        var left: [String] = []
        for (index, kind) in kinds.enumerated() {
            switch kind {
            case .known(let c):
                left.append(c.text)
            case .declaredLater(let name, let id):
                guard let type = valueTypes[index], !type.hasPrefix(Self.pendingMark) else {
                    throw refuse(line, "the assignment to \(name)", "the type of its value is not known from the API description")
                }
                declaredTypes[id] = type
                left.append(name)
            case .newField(let key, let cls):
                guard let type = valueTypes[index], !type.hasSuffix(".Type"), !SwiftType.isClosure(type) else {
                    throw refuse(line, "the field \(key) of self", "the type of its value is not known from the API description")
                }
                if !cls.fields.contains(where: { $0.name == key }) {
                    cls.fields.append((key, testedSelfFields.contains(key) && !SwiftType.isOptional(type) ? type + "?" : type))
                }
                left.append("self.\(key)")
            }
        }
        return ["(\(left.joined(separator: ", "))) = \(right)"]
    }

    /// A call returning several values (a local function's tuple), where `count` values are
    /// taken: its Swift text (a tuple, with `_` for the values left over where a pattern
    /// takes them) and the types of the values taken; nil when `value` is not such a call.
    mutating func severalValues(_ value: LuaExpr, count: Int, line: Int) throws -> (text: String, types: [String])? {
        guard isCall(value) else { return nil }
        severalValuesAllowed = true
        let code = try expr(value, expected: nil)
        guard let elements = SwiftType.tupleElements(code.type) else {
            if count > 1 { throw refuse(line, "\(count) values from \(describe(value))", "it returns one value, and Lua assigns nil to the others") }
            return nil
        }
        guard elements.count >= count else {
            throw refuse(line, "\(count) values from \(describe(value))", "it returns \(elements.count), and Lua assigns nil to the others")
        }
        // `(a, b, _) = f()`: the values Lua drops are still computed by the call.
        return (code.text, elements.prefix(count).map(\.type) + elements.dropFirst(count).map { _ in "_" })
    }

    /// `local a, b = f()` as `let (a, b) = f()` (`var` when the function assigns one of them
    /// again).
    mutating func localFromSeveralValues(_ names: [LuaAttribName], _ value: LuaExpr, line: Int) throws -> [String] {
        guard let several = try severalValues(value, count: names.count, line: line) else {
            throw refuse(line, "a multiple assignment from a call", "a Lua call returning one value leaves the other names nil")
        }
        var patterns: [String] = []
        for (index, type) in several.types.enumerated() {
            guard index < names.count else { patterns.append("_"); continue }
            declare(names[index].name, Variable(swift: names[index].name, type: type))
            patterns.append(names[index].name)
        }
        let mutable = names.contains { reassigned.contains($0.name) && $0.attrib != "const" }
        return ["\(mutable ? "var" : "let") (\(patterns.joined(separator: ", "))) = \(several.text)"]
    }

    /// `return a, b`: a tuple, the result of a local function whose first return says so.
    mutating func returnSeveral(_ values: [LuaExpr], line: Int) throws -> [String] {
        guard let resultTypes = returnType.flatMap(SwiftType.tupleElements)?.map(\.type) ?? (inferringResult ? [] : nil) else {
            throw refuse(line, "return of several values", returnType.map { "the Swift declaration returns one value (\($0))" } ?? "the Swift declaration returns nothing")
        }
        var codes: [Code] = []
        for (index, v) in values.enumerated() {
            let want = index < resultTypes.count ? resultTypes[index] : nil
            if want == nil, case .number = v {
                let (text, type) = try literalWithPendingType(v)
                codes.append(Code(text: text, type: type))
                continue
            }
            codes.append(try expr(v, expected: want))
        }
        if inferringResult {
            guard codes.allSatisfy({ $0.type != nil && !$0.type!.hasSuffix(".Type") }) else {
                throw refuse(line, "the return values", "the Swift type of one of them is not known")
            }
            returnType = SwiftType.tuple(codes.map { $0.type! })
            inferringResult = false
        } else if codes.count != resultTypes.count {
            throw refuse(line, "return of \(codes.count) values", "the function's first return gave it \(resultTypes.count); Lua fills or drops the others, Swift does not")
        }
        return ["return (" + codes.map(\.text).joined(separator: ", ") + ")"]
    }
}
