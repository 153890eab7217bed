import Foundation

// String constants in LuaToSwift (LuaToSwift.swift). Transit spells an enumeration's case as a
// string (`params = { style = "regular" }` passed as a blur style), so a string constant of the
// file is a String or a case of a Swift enumeration: its first typed use decides
// (`static let style: UIBlurEffect.Style = .regular`), and a use as the other is refused.

extension LuaToSwift {
    static let stringMark = "\u{4}S"

    /// A string constant whose Swift type waits for a use: its value's text and its type, both marks.
    mutating func stringConstant(_ value: String, line: Int) -> (String, String) {
        let id = stringConstants.count
        stringConstants.append((value: value, line: line, type: nil))
        return ("\u{4}V\(id)\u{4}", "\(Self.stringMark)\(id)\u{4}")
    }

    /// The type a string constant's use gives it: an enumeration's where one is expected and the
    /// string is one of its cases, String otherwise.
    mutating func resolveStringConstant(_ c: Code, expected: String?) throws -> Code {
        guard let t = c.type, t.hasPrefix(Self.stringMark), let id = Int(t.dropFirst(Self.stringMark.count).dropLast()) else { return c }
        // A mark from another pass's table would be a bug in the exporter: refused, never a trap.
        guard stringConstants.indices.contains(id) else {
            throw refuse(1, "a string constant of another translation pass", "the exporter lost track of its type (a bug in Transit: please report the file)")
        }
        let want = expected.map(SwiftType.unwrapped)
        if let type = stringConstants[id].type {
            if let want, want != type, enumeration(forSwiftType: want) != nil {
                throw refuse(c.text.isEmpty ? stringConstants[id].line : stringConstants[id].line, "the string constant \(Self.swiftString(stringConstants[id].value))", "one use takes it as a \(type), another as a \(want)")
            }
            return Code(text: c.text, type: type, precedence: c.precedence)
        }
        guard let want, !want.hasPrefix(Self.pendingMark), !want.hasPrefix("\u{2}V"), !want.hasPrefix(Self.stringMark), !Self.isNilConstant(want) else { return c }
        let type = enumeration(forSwiftType: want) != nil ? want : "String"
        if type != "String" { _ = try enumerationCase(stringConstants[id].value, type, line: stringConstants[id].line) }
        stringConstants[id].type = type
        return Code(text: c.text, type: type, precedence: c.precedence)
    }

    /// The file's text with each string constant's type and value written.
    func writingStringConstants(_ text: String) throws -> String {
        var out = text
        for (id, constant) in stringConstants.enumerated() {
            let type = stringConstants[stringGroups[id] ?? id].type ?? "String"
            let value = type == "String" ? Self.swiftString(constant.value) : (try enumerationCase(constant.value, type, line: constant.line) ?? Self.swiftString(constant.value))
            // A String declared with its literal needs no annotation (`let PREFIX = "Card"`); a
            // case does (`static let style: UIBlurEffect.Style = .dark`).
            if type == "String" { out = out.replacingOccurrences(of: ": \(Self.stringMark)\(id)\u{4} = ", with: " = ") }
            out = out.replacingOccurrences(of: "\(Self.stringMark)\(id)\u{4}", with: type).replacingOccurrences(of: "\u{4}V\(id)\u{4}", with: value)
        }
        return out
    }

    /// A string literal, or a choice of them by `and`/`or` (`c and "to" or "from"`).
    static func isStringChoice(_ e: LuaExpr) -> Bool {
        switch e {
        case .string: return true
        case .paren(let inner, _): return isStringChoice(inner)
        case .binary("or", .binary("and", _, let x, _), let y, _): return isStringChoice(x) && isStringChoice(y)
        default: return false
        }
    }

    static func isStringLiteral(_ e: LuaExpr) -> Bool { if case .string = e { return true }; return false }

    static let listMark = "\u{4}L"

    /// `local OPTIONS = { "curveEaseInOut", "allowUserInteraction" }` at the top: an option set
    /// where its first typed use takes one (`let OPTIONS: UIView.AnimationOptions =
    /// [.curveEaseInOut, .allowUserInteraction]`), a `[String]` otherwise; any other array, the
    /// array literal of its elements' type (`let STANDARD = [CGPoint(x: 0.4, y: 0), ...]`).
    mutating func fileArrayConstant(_ name: String, _ fields: [LuaField], line: Int) throws -> [String]? {
        if insertedAnywhere(name) { return nil }
        let values = fields.compactMap { field -> LuaExpr? in if case .positional(let v) = field { return v }; return nil }
        let strings = values.compactMap { value -> String? in if case .string(let s, _) = value { return s }; return nil }
        let trailing = trailingComment(on: line).map { " " + $0 } ?? ""
        if strings.count == values.count {
            let id = optionLists.count
            optionLists.append((values: strings, line: line, type: nil))
            declare(name, Variable(swift: name, type: "\(Self.listMark)\(id)\u{4}"))
            return ["let \(name): \(Self.listMark)\(id)\u{4} = \u{4}W\(id)\u{4}" + trailing]
        }
        let (code, type) = try constant(.table(fields, line: line))
        guard SwiftType.isArray(type) else { return nil }
        declare(name, Variable(swift: name, type: type))
        return (readsMainActorState(code) ? ["@MainActor"] : []) + ["let \(name): \(type) = \(code)" + trailing]
    }

    /// Whether `table.insert(name, ...)` appears anywhere in the file.
    func insertedAnywhere(_ name: String) -> Bool {
        var found = false
        LuaWalk.expressions(in: chunk.block) { e in
            if case .call(.field(.name("table", _), "insert", _), let args, _) = e, case .name(let n, _)? = args.first, n == name { found = true }
        }
        return found
    }

    /// The type an option list's use gives it: the option set expected there, `[String]` otherwise.
    mutating func resolveOptionList(_ c: Code, expected: String?) throws -> Code {
        guard let t = c.type, t.hasPrefix(Self.listMark), let id = Int(t.dropFirst(Self.listMark.count).dropLast()), optionLists.indices.contains(id) else { return c }
        let want = expected.map(SwiftType.unwrapped)
        if let type = optionLists[id].type {
            if let want, want != type, want == "[String]" || enumeration(forSwiftType: want) != nil {
                throw refuse(optionLists[id].line, "the list of strings \(c.text)", "one use takes it as a \(type), another as a \(want)")
            }
            return Code(text: c.text, type: type, precedence: c.precedence)
        }
        guard let want, !want.contains("\u{1}"), !want.contains("\u{2}"), !want.contains("\u{4}"), !Self.isNilConstant(want) else { return c }
        var type = "[String]"
        if enumeration(forSwiftType: want) != nil, !SwiftType.isArray(want) {
            for value in optionLists[id].values { _ = try enumerationCase(value, want, line: optionLists[id].line) }
            type = want
        }
        optionLists[id].type = type
        return Code(text: c.text, type: type, precedence: c.precedence)
    }

    /// The file's text with each option list's type and value written.
    func writingOptionLists(_ text: String) throws -> String {
        var out = text
        for (id, list) in optionLists.enumerated() {
            let type = list.type ?? "[String]"
            let elements = try list.values.map { value in
                type == "[String]" ? Self.swiftString(value) : (try enumerationCase(value, type, line: list.line) ?? Self.swiftString(value))
            }
            out = out.replacingOccurrences(of: "\(Self.listMark)\(id)\u{4}", with: type)
                .replacingOccurrences(of: "\u{4}W\(id)\u{4}", with: "[" + elements.joined(separator: ", ") + "]")
        }
        return out
    }
}
