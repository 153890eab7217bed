import Foundation

// A label's font in LuaToSwift (LuaToSwift.swift). Transit's UILabel takes `fontSize` and
// `fontWeight`, shortcuts UIKit does not have: its label has one `font`, the system font of 17
// points, regular, unless set (as Transit's defaults). In `UILabel.new{ fontSize = 18,
// fontWeight = "bold" }` the two are that font, `UIFont.systemFont(ofSize: 18, weight: .bold)`.
// Set later, one alone would need the other's current value, which UIKit keeps in the font:
// that stays refused (a Transit-only property).

extension LuaToSwift {
    /// The `font = ...` line a new label's `fontSize`/`fontWeight` options make, and the options
    /// it takes; nil when there are none or the class is not a label.
    mutating func labelFont(_ cls: APIClass, _ rest: [(String, LuaExpr)], receiver: String) throws -> (line: String, keys: Set<String>)? {
        guard api.lineage(cls.name).contains(where: { $0.name == "UILabel" }) else { return nil }
        let size = rest.first { $0.0 == "fontSize" }?.1
        let weight = rest.first { $0.0 == "fontWeight" }?.1
        guard size != nil || weight != nil else { return nil }
        let sizeText = try size.map { try expr($0, expected: "CGFloat").text } ?? "17"
        guard let weight else {
            return ("\(receiver).font = UIFont.systemFont(ofSize: \(sizeText))", ["fontSize"])
        }
        let weightText = try expr(weight, expected: "UIFont.Weight").text
        return ("\(receiver).font = UIFont.systemFont(ofSize: \(sizeText), weight: \(weightText))", ["fontSize", "fontWeight"])
    }
}

extension LuaToSwift {
    /// `view.name = "dimming"`: Transit's label for a view in traces and reports, which UIKit
    /// has not; a comment where it was, as in `UIView.new{ name = ... }`. Nil for any other
    /// assignment.
    mutating func viewNameAssignment(_ target: LuaExpr, _ value: LuaExpr) throws -> [String]? {
        // The object a name or a field (nothing a comment would leave uncalled).
        guard case .field(let object, "name", _) = target, let text = luaLiteralText(value),
              { if case .name = object { return true }; if case .field(.name, _, _) = object { return true }; return false }() else { return nil }
        var probe = self
        guard let type = (try? probe.expr(object, expected: nil))?.type, let apiName = owner(of: type).api,
              api.lineage(apiName).contains(where: { SwiftNames.transitOnlyProperties.contains("\($0.name).name") }) else { return nil }
        return ["// Transit's name: \(text)"]
    }
}
