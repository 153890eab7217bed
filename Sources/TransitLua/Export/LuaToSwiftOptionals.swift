import Foundation

// nil in LuaToSwift (LuaToSwift.swift): a constant that is nil (`params = { origin = nil }`) is a
// Swift optional of the type its first typed use gives it; `x or default` on an optional is
// `x ?? default`; an optional passed where UIKit wants a value is unwrapped there, since Lua's
// binding raises on a nil at that place (docs/export.md, "nil and optionals").

extension LuaToSwift {
    static let nilMark = "\u{3}N"

    static func isNilConstant(_ t: String?) -> Bool { t?.hasPrefix(nilMark) ?? false }

    static func optional(_ t: String) -> String {
        SwiftType.isOptional(t) ? t : (t.hasPrefix("any ") || t.hasPrefix("some ") || t.contains("->") ? "(\(t))?" : t + "?")
    }

    /// A nil constant: its type waits for a use (`params.origin` passed as a CGPoint makes it a
    /// `CGPoint?`).
    mutating func nilConstant(named name: String, line: Int) -> String {
        let id = nilConstants.count
        nilConstants.append((name: name, line: line, type: nil))
        return "\(Self.nilMark)\(id)\u{3}"
    }

    /// The optional a nil constant's use gives it; nil when the use gives no type.
    mutating func resolveNilConstant(_ c: Code, expected: String?) -> Code {
        guard let t = c.type, Self.isNilConstant(t) else { return c }
        let id = Int(t.dropFirst(Self.nilMark.count).dropLast())!
        if let type = nilConstants[id].type { return Code(text: c.text, type: type, precedence: c.precedence) }
        // A condition (`if params.origin then`) says nothing of the type.
        guard let expected, expected != "Bool", !expected.hasPrefix(Self.pendingMark), !expected.hasPrefix("\u{2}V"),
              !Self.isNilConstant(expected), !expected.hasSuffix(".Type") else { return c }
        let type = Self.optional(SwiftType.unwrapped(expected))
        nilConstants[id].type = type
        return Code(text: c.text, type: type, precedence: c.precedence)
    }

    /// The file's text with each nil constant's type written, or a refusal for one no use typed.
    func writingNilConstants(_ text: String) throws -> String {
        var out = text
        for (id, constant) in nilConstants.enumerated() {
            guard let type = constant.type else {
                throw refuse(constant.line, "the nil constant \(constant.name)", "no use gives it a Swift type (pass it where UIKit expects a value, or give it one)")
            }
            out = out.replacingOccurrences(of: "\(Self.nilMark)\(id)\u{3}", with: type)
        }
        return out
    }

    /// A value passed where `expected` is wanted (an argument, a property): an optional where
    /// UIKit wants a value is unwrapped, as Lua's binding raises on a nil there.
    mutating func passed(_ e: LuaExpr, expected: String?) throws -> Code {
        if let expected, SwiftType.unwrapped(expected) == "UIOffset", let offset = try offsetFromPoint(e) { return offset }
        var c = try expr(e, expected: expected)
        if let expected, SwiftType.unwrapped(expected) == "any NSCopying", c.type == "String" {
            // A string identifier (UICollisionBehavior's boundaries): UIKit's is an NSString.
            return Code(text: wrap(c, 100) + " as NSString", type: "NSString")
        }
        if let expected, let t = c.type, SwiftType.isOptional(t), !SwiftType.isOptional(expected), !expected.hasSuffix("!"),
           expected != "Any", SwiftType.unwrapped(t) == SwiftType.unwrapped(expected) || SwiftType.nominal(t) == SwiftType.nominal(expected) {
            if case .nilValue = e { return c }
            c = forced(c)
        }
        return c
    }

    /// `x or default` where x is not a boolean: Lua takes x unless it is nil (an optional's
    /// `??`). A value Swift knows is never nil would make the default dead code: refused.
    mutating func orDefault(_ a: Code, _ l: LuaExpr, _ r: LuaExpr, expected: String?, line: Int) throws -> Code {
        var a = a
        if Self.isNilConstant(a.type) {
            let b = try expr(r, expected: expected)
            guard let t = b.type else { throw refuse(line, "`or` defaulting \(describe(l))", "the type of \(describe(r)) is not known") }
            a = resolveNilConstant(a, expected: t)
            return Code(text: "\(wrap(a, 46)) ?? \(wrap(b, 45))", type: t, precedence: 45,
                        forcedText: SwiftType.isOptional(t) ? "\(wrap(a, 46)) ?? \(wrap(b, 100))!" : nil)
        }
        // UIKit's `T!` (`vc.view`) may be nil too.
        guard let t = a.type, SwiftType.isOptional(t) || t.hasSuffix("!") else {
            throw refuse(line, "`or` on a \(a.type ?? "value of unknown type")",
                         a.type == nil ? "its type is not known, so whether Lua takes the default is not" : "a \(a.type!) is never nil or false, so Lua never takes the default; write the value alone")
        }
        let b = try expr(r, expected: SwiftType.unwrapped(t))
        func sameRecord(_ x: String, _ y: String) -> Bool {
            guard let a = Self.recordSite(x), let b = Self.recordSite(y) else { return false }
            return recordRoot(a) == recordRoot(b)
        }
        guard let u = b.type, SwiftType.unwrapped(u) == SwiftType.unwrapped(t) || SwiftType.isNumeric(u) && SwiftType.isNumeric(SwiftType.unwrapped(t))
                || sameRecord(u, t) else {
            throw refuse(line, "`or` choosing between a \(t) and a \(b.type ?? "value of unknown type")", "Swift's ?? needs one type")
        }
        return Code(text: "\(wrap(a, 46)) ?? \(wrap(b, 45))", type: SwiftType.isOptional(u) ? t : SwiftType.unwrapped(t), precedence: 45,
                    forcedText: SwiftType.isOptional(u) ? "\(wrap(a, 46)) ?? \(wrap(b, 100))!" : nil)
    }

    /// A CGPoint where UIKit takes a UIOffset (UIAttachmentBehavior's `offsetFromCenter`, which
    /// Transit takes as a point, x horizontal and y vertical): `UIOffset(horizontal:vertical:)`
    /// of its coordinates, from a `CGPoint(x, y)`, or read twice from a local or a property.
    mutating func offsetFromPoint(_ e: LuaExpr) throws -> Code? {
        if case .call(.name("CGPoint", _), let args, _) = e, lookup("CGPoint") == nil, args.count == 2 {
            let x = try expr(args[0], expected: "CGFloat"), y = try expr(args[1], expected: "CGFloat")
            return Code(text: "UIOffset(horizontal: \(x.text), vertical: \(y.text))", type: "UIOffset")
        }
        let point = try expr(e, expected: nil)
        guard let t = point.type, SwiftType.unwrapped(t) == "CGPoint" else { return nil }
        func isRead(_ e: LuaExpr) -> Bool {
            switch e {
            case .name: return true
            case .field(let o, _, _): return isRead(o)
            default: return false
            }
        }
        guard isRead(e) else {
            throw refuse(e.line, "the point \(describe(e)) where UIKit takes a UIOffset", "Swift's UIOffset(horizontal:vertical:) reads its x and y, which would evaluate it twice; bind it to a local first")
        }
        let p = receiverText(point)
        return Code(text: "UIOffset(horizontal: \(p).x, vertical: \(p).y)", type: "UIOffset")
    }
}
