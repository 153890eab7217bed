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
            let type = constant.type ?? "String"
            let value = type == "String" ? Self.swiftString(constant.value) : (try enumerationCase(constant.value, type, line: constant.line) ?? Self.swiftString(constant.value))
            out = out.replacingOccurrences(of: "\(Self.stringMark)\(id)\u{4}", with: type).replacingOccurrences(of: "\u{4}V\(id)\u{4}", with: value)
        }
        return out
    }
}
