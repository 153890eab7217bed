import Foundation

// Lua's operators Swift spells otherwise, in LuaToSwift (LuaToSwift.swift): `%` (a floored
// modulo), `//` (a floor division) and `..` on an integer (docs/export.md, "Operators"). Swift's
// `%` truncates (its result takes the dividend's sign) and it has no floor division, so the
// integer forms and the float modulo are helpers the export defines at its end, each doing what
// Lua's virtual machine does, special cases included; a float `//` is `(a / b).rounded(.down)`,
// which is Lua's `floor(a / b)` exactly.

extension LuaToSwift {
    /// The helpers an export may define, in the order they are written at its end.
    static let helperOrder = ["floorModulo(Int)", "floorModulo(Float)", "floorDivision(Int)", "luaToNumber"]
    static let helperSource: [String: [String]] = [
        "floorModulo(Int)": [
            "/// Lua's % on integers: the remainder takes the divisor's sign (a floored modulo).",
            "func floorModulo(_ a: Int, _ b: Int) -> Int {",
            "    if b == -1 { return 0 }  // as Lua: Int.min % -1 would overflow",
            "    let r = a % b  // traps on 0, where Lua raises",
            "    return r != 0 && (r ^ b) < 0 ? r + b : r",
            "}",
        ],
        "floorModulo(Float)": [
            "/// Lua's % on floats: C's fmod, moved to the divisor's side when the signs differ.",
            "func floorModulo<F: FloatingPoint>(_ a: F, _ b: F) -> F {",
            "    let r = a.truncatingRemainder(dividingBy: b)",
            "    return (r > 0 ? b < 0 : r < 0 && b > 0) ? r + b : r",
            "}",
        ],
        "luaToNumber": [
            "/// Lua's tonumber of a string: a decimal or hexadecimal numeral, with spaces around it, or nil",
            "/// (Lua reads no inf or nan, which Double(String) would).",
            "func luaToNumber(_ text: String) -> Double? {",
            "    let numeral = text.trimmingCharacters(in: CharacterSet(charactersIn: \" \\t\\n\\u{0B}\\u{0C}\\r\"))",
            "    if numeral.contains(where: { $0 == \"n\" || $0 == \"N\" }) { return nil }",
            "    return Double(numeral)",
            "}",
        ],
        "floorDivision(Int)": [
            "/// Lua's // on integers: the quotient rounded towards minus infinity.",
            "func floorDivision(_ a: Int, _ b: Int) -> Int {",
            "    if b == -1 { return 0 &- a }  // as Lua: Int.min / -1 would overflow",
            "    let q = a / b  // traps on 0, where Lua raises",
            "    return (a ^ b) < 0 && a % b != 0 ? q - 1 : q",
            "}",
        ],
    ]

    /// The lines of the helpers this export used, for the end of the file.
    var helperLines: [String] {
        Self.helperOrder.filter(helpers.contains).flatMap { [""] + Self.helperSource[$0]! }
    }

    /// `a % b` and `a // b`: on two integers an integer (Lua's integer operations), otherwise a
    /// float, an integer operand converted as Lua converts it.
    mutating func floorOperator(_ op: String, _ l: LuaExpr, _ r: LuaExpr, expected: String?, line: Int) throws -> Code {
        // The helper's arguments need no parentheses of their own: `(i - 1) % 3` is floorModulo(i - 1, 3).
        var l = l, r = r
        while case .paren(let inner, _) = l { l = inner }
        while case .paren(let inner, _) = r { r = inner }
        var a = try expr(l, expected: nil)
        var b = try expr(r, expected: nil)
        // A literal, or a number constant whose type waits for a use, takes the other side's type.
        func waits(_ e: LuaExpr, _ c: Code) -> Bool { isLiteral(e) || c.type?.hasPrefix(Self.pendingMark) == true }
        if waits(l, a), let t = b.type, SwiftType.isNumeric(t), !waits(r, b) { a = try expr(l, expected: t) }
        if waits(r, b), let t = a.type, SwiftType.isNumeric(t), !t.hasPrefix(Self.pendingMark) { b = try expr(r, expected: t) }
        guard let ta = a.type, let tb = b.type, SwiftType.isNumeric(ta), SwiftType.isNumeric(tb),
              !ta.hasPrefix(Self.pendingMark), !tb.hasPrefix(Self.pendingMark) else {
            throw refuse(line, "\(op) on \(SwiftType.isNumeric(a.type) ? describe(r) : describe(l))", "its type is not a known number type")
        }
        let name = op == "%" ? "floorModulo" : "floorDivision"
        if ta == "Int" && tb == "Int" {
            helpers.insert("\(name)(Int)")
            return Code(text: "\(name)(\(a.text), \(b.text))", type: "Int")
        }
        // A float operation: an integer operand is converted, as Lua converts it.
        let float = ta != "Int" ? ta : tb
        if ta == "Int" { a = Code(text: "\(float)(\(Self.bare(a)))", type: float) }
        if tb == "Int" { b = Code(text: "\(float)(\(Self.bare(b)))", type: float) }
        guard Self.sameNumeric(a.type!, b.type!) else {
            throw refuse(line, "\(op) mixing \(a.type!) and \(b.type!)", "Swift does not convert between them implicitly")
        }
        if op == "//" { return Code(text: "(\(wrap(a, 70)) / \(wrap(b, 71))).rounded(.down)", type: float) }
        helpers.insert("floorModulo(Float)")
        return Code(text: "floorModulo(\(a.text), \(b.text))", type: float)
    }

    /// `a .. b` on strings is `+`; an integer is written as Lua writes it ("%d"), which is
    /// `String(n)`. A float is refused: Lua writes "%.14g" and adds ".0" to an integral value,
    /// which no Swift formatting does.
    mutating func concatenation(_ l: LuaExpr, _ r: LuaExpr, line: Int) throws -> Code {
        var parts: [Code] = []
        for side in [l, r] {
            let c = try expr(side, expected: "String")
            switch c.type {
            case "String": parts.append(c)
            case "Int": parts.append(Code(text: "String(\(c.text))", type: "String"))
            case _ where isLuaInteger(side):
                // A loop's integer held in a float: Lua writes it as an integer, String(Int(x)) too.
                parts.append(Code(text: "String(Int(\(c.text)))", type: "String"))
            default:
                let what = c.type.map { SwiftType.isNumeric($0) ? "a float (\($0.hasPrefix(Self.pendingMark) ? "number" : $0))" : "a \($0)" } ?? "a value of unknown type"
                throw refuse(line, ".. on \(what)", "Lua writes a float with %.14g and an integral one with .0 (1.0), which no Swift formatting does; format it (string.format)")
            }
        }
        // Concatenation is associative: Lua's right grouping needs no parentheses in Swift.
        return Code(text: "\(wrap(parts[0], 60)) + \(wrap(parts[1], 60))", type: "String", precedence: 60)
    }

    /// A name of a numeric for's integer held in a Swift float (`Variable.luaInteger`).
    func isLuaInteger(_ e: LuaExpr) -> Bool {
        if case .name(let n, _) = e { return lookup(n)?.luaInteger ?? false }
        return false
    }
}
