import Foundation

// Indices in LuaToSwift (LuaToSwift.swift). Transit counts positions from 1, as Lua lists do
// (`view:insertSubview(v, 1)` is the bottom, `tabs.selectedIndex` 1 the first tab); UIKit counts
// from 0. The export writes UIKit's index: a literal already moved (`at: 0`), any other value
// with `- 1` (read back with `+ 1`) (docs/export.md, "Indices").

extension LuaToSwift {
    /// Arguments Transit takes 1-based: the declaration's key and the argument's position, and
    /// whether Transit clamps it to the first position (a literal 0 is the bottom too).
    static let oneBasedArguments: [String: (position: Int, clamped: Bool)] = [
        "UIView.insertSubview": (1, true), "CALayer.insertSublayer": (1, true),
        "UITableView.numberOfRows": (0, false), "UICollectionView.numberOfItems": (0, false),
    ]

    /// Properties Transit gives 1-based.
    static let oneBasedProperties: Set<String> = ["UITabBarController.selectedIndex"]

    /// Hooks whose parameter Transit passes 1-based (a data source's section): their bodies read
    /// Transit's count, which the Swift declaration's parameter is not.
    static let oneBasedHooks: Set<String> = ["numberOfItemsInSection", "numberOfRowsInSection"]

    /// The argument at `position` of the call `key`, as UIKit counts.
    mutating func indexArgument(_ e: LuaExpr, key: String, position: Int, expected: String) throws -> Code? {
        guard let index = Self.oneBasedArguments[key], index.position == position else { return nil }
        if case .number(let text, _) = e, let n = Int(text) {
            return Code(text: String(index.clamped ? max(n - 1, 0) : n - 1), type: "Int")
        }
        if case .binary("+", let base, .number("1", _), _) = e {
            // `insertSubview(v, i + 1)` is UIKit's `at: i`.
            let c = try expr(base, expected: "Int")
            if c.type == "Int" { return expected == "UInt32" ? Code(text: "UInt32(\(c.text))", type: "UInt32") : c }
        }
        let c = try expr(e, expected: "Int")
        guard c.type == "Int" else { throw refuse(e.line, "the index \(describe(e))", "it is not an integer") }
        // CALayer's index is a UInt32 in Swift (a literal converts by itself).
        if expected == "UInt32" { return Code(text: "UInt32(\(wrap(c, 60)) - 1)", type: "UInt32") }
        return Code(text: "\(wrap(c, 60)) - 1", type: "Int", precedence: 60)
    }

    /// Whether `key` of a value of Swift type `type` is a property Transit gives 1-based.
    func isOneBasedProperty(_ type: String?, _ key: String) -> Bool {
        guard let apiName = owner(of: type).api else { return false }
        return api.lineage(apiName).contains { Self.oneBasedProperties.contains("\($0.name).\(key)") }
    }

    /// `tabs.selectedIndex` read, as Transit counts.
    func indexPropertyRead(_ code: Code) -> Code {
        Code(text: "\(wrap(code, 60)) + 1", type: code.type, precedence: 60)
    }

    /// A value assigned to a 1-based property, as UIKit counts.
    mutating func indexPropertyWrite(_ e: LuaExpr) throws -> Code {
        if case .number(let text, _) = e, let n = Int(text) { return Code(text: String(n - 1), type: "Int") }
        if case .binary(let op, .field(let object, let key, let line), .number(let k, _), _) = e, op == "+" || op == "-", Int(k) != nil {
            // `tabs.selectedIndex = tabs.selectedIndex - 1` moves by the same step in both counts.
            var probe = self
            if let receiver = try? probe.expr(object, expected: nil), isOneBasedProperty(receiver.type, key) {
                let receiver = try expr(object, expected: nil)
                if let member = try property(receiver, key, line: line) {
                    return Code(text: "\(member.code.text) \(op) \(k)", type: "Int", precedence: 60)
                }
            }
        }
        let c = try expr(e, expected: "Int")
        guard c.type == "Int" else { throw refuse(e.line, "the index \(describe(e))", "it is not an integer") }
        return Code(text: "\(wrap(c, 60)) - 1", type: "Int", precedence: 60)
    }
}
