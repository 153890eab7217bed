// A UIKit member's Swift declaration as Apple's documentation prints it
// ("func insertSubview(_ view: UIView, belowSubview siblingSubview: UIView)"), and what is read
// from it: the selector-like name the porting messages and the stubs show
// ("insertSubview(_:belowSubview:)"), and whether it is a property, a type member, an optional
// protocol requirement. The declarations are written once (SwiftNames.swift, the hooks of
// Protocols.swift and the other Bindings files); `transit api --swift-interface` prints them.

public struct SwiftDeclaration: Equatable {
    /// The declaration as the SDK prints it; several overloads are separate lines.
    public var text: String

    public init(_ text: String) { self.text = text }

    /// Each overload's declaration (the first is the one a Lua binding is named after).
    public var overloads: [String] {
        text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    /// Whether the text is a whole declaration (it begins with `func`, `init`, `var`, ... after
    /// its attributes and modifiers) rather than only a name.
    public var isFull: Bool { SwiftDeclaration.keyword(of: overloads.first ?? "") != nil }

    /// The name a reader searches for: `insertSubview(_:belowSubview:)`, `init(x:y:)`, or for a
    /// property its `var name: Type` without the accessor clause. A text that is only a name is
    /// its own name.
    public var name: String {
        guard let first = overloads.first else { return text }
        return SwiftDeclaration.name(of: first)
    }

    /// The declaration without its attributes (`@MainActor`) and modifiers (`class`, `optional`).
    static func core(_ declaration: String) -> (prefix: [String], rest: String) {
        var rest = Substring(declaration)
        var prefix: [String] = []
        while true {
            rest = rest.drop { $0 == " " }
            if rest.hasPrefix("@") {
                // An attribute, with its arguments when it has them: @available(iOS 13, *).
                var end = rest.firstIndex(of: " ") ?? rest.endIndex
                if let paren = rest.firstIndex(of: "("), paren < end, let close = rest[paren...].firstIndex(of: ")") {
                    end = rest.index(after: close)
                }
                prefix.append(String(rest[..<end]))
                rest = rest[end...]
                continue
            }
            if let word = rest.split(separator: " ", maxSplits: 1).first, modifiers.contains(String(word)) {
                prefix.append(String(word))
                rest = rest.dropFirst(word.count)
                continue
            }
            return (prefix, String(rest))
        }
    }

    static let modifiers: Set<String> = ["class", "static", "optional", "open", "public", "override", "final", "convenience",
                                         "required", "weak", "unowned", "unowned(unsafe)", "nonisolated", "mutating", "dynamic"]

    /// `func`, `init`, `var`, `let`, `subscript`, `case`, or nil for a bare name.
    static func keyword(of declaration: String) -> String? {
        let rest = core(declaration).rest
        for keyword in ["func ", "var ", "let ", "case "] where rest.hasPrefix(keyword) { return String(keyword.dropLast()) }
        if rest.hasPrefix("init(") || rest.hasPrefix("init?(") || rest.hasPrefix("init<") { return "init" }
        return nil
    }

    static func name(of declaration: String) -> String {
        guard let keyword = keyword(of: declaration) else { return declaration }
        let (prefix, core) = core(declaration)
        var rest = core
        switch keyword {
        case "var", "let":
            // A type property keeps its `class` or `static`: "class var layerClass: AnyClass".
            if let kind = prefix.first(where: { $0 == "class" || $0 == "static" }) { rest = kind + " " + rest }
            for accessors in [" { get }", " { get set }", " { set get }"] where rest.hasSuffix(accessors) {
                rest = String(rest.dropLast(accessors.count))
            }
            if let equals = rest.range(of: " = ") { rest = String(rest[..<equals.lowerBound]) }
            return rest
        case "case":
            return rest
        default:
            let base: Substring
            if keyword == "init" {
                base = rest.hasPrefix("init?") ? "init?" : "init"
            } else {
                let afterFunc = rest.dropFirst("func ".count)
                base = afterFunc.prefix { $0 != "(" && $0 != "<" }
            }
            guard let open = rest.firstIndex(of: "(") else { return String(base) }
            let labels = parameters(in: rest[rest.index(after: open)...]).map { parameter -> String in
                let names = parameter.prefix { $0 != ":" }.split(separator: " ")
                return (names.first.map(String.init) ?? "_") + ":"
            }
            return base + "(" + labels.joined() + ")"
        }
    }

    /// The parameters of a parameter list that begins just after its "(", split at the commas
    /// outside brackets.
    static func parameters(in list: Substring) -> [Substring] {
        var depth = 0
        var start = list.startIndex
        var result: [Substring] = []
        for index in list.indices {
            switch list[index] {
            case "(", "[", "<": depth += 1
            case "]", ">":
                // "->" is an arrow, not a closing bracket.
                if list[index] == ">", index > list.startIndex, list[list.index(before: index)] == "-" { break }
                depth -= 1
            case ")":
                if depth == 0 {
                    let last = list[start..<index].trimmingCharacters(in: .whitespaces)
                    if !last.isEmpty { result.append(Substring(last)) }
                    return result
                }
                depth -= 1
            case "," where depth == 0:
                result.append(Substring(list[start..<index].trimmingCharacters(in: .whitespaces)))
                start = list.index(after: index)
            default: break
            }
        }
        return result
    }
}
