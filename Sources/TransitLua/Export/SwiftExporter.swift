import Foundation

// `transit export --swift FILE` (docs/export.md, "Lua → Swift"): an effect file translated to the
// Swift an app would ship, with UIKit's Swift spellings read from the API description (the
// declarations of SwiftNames.swift and of the hooks), or a refusal naming the construct and its
// line. The translator takes the subset effects are written in; anything it cannot say faithfully
// in Swift stops it (`SwiftExportError`), so what it prints is never a guess.

public struct SwiftExportError: Error, CustomStringConvertible {
    public var line: Int
    public var construct: String
    public var reason: String
    /// The file the line is in when it is not the exported one (a module it requires).
    public var file: String? = nil
    public var description: String { "\(file.map { $0 + ":" } ?? "")\(line): cannot export: \(construct), because \(reason)" }
    /// `file:line: cannot export: <construct>, because <reason>`.
    public func message(file: String) -> String { "\(self.file ?? file):\(line): cannot export: \(construct), because \(reason)" }

    init(line: Int, construct: String, reason: String) {
        self.line = line
        self.construct = construct
        self.reason = reason
    }
}

public enum SwiftExporter {
    /// The Swift translation of a Lua effect's source, and of the modules it requires (found
    /// beside `file`, then in Transit's scripts/, as the sandbox's `require` finds them).
    public static func export(_ source: String, file: URL? = nil) throws -> String {
        var loader = ModuleLoader(directories: [file?.deletingLastPathComponent().standardizedFileURL, LuaRuntime.defaultScriptsDirectory].compactMap { $0 })
        do { return try translate(source, &loader) } catch var error as SwiftExportError {
            // A line of a module: the module's file and its own line.
            if let module = loader.module(ofLine: error.line) {
                error.file = module.displayPath
                error.line -= module.base
            }
            throw error
        }
    }

    static func translate(_ source: String, _ loader: inout ModuleLoader) throws -> String {
        var chunk: LuaChunk
        do { chunk = try LuaParser.parse(source) } catch let error as LuaSyntaxError {
            throw SwiftExportError(line: error.line, construct: "a syntax error (\(error.message))", reason: "the file is not valid Lua 5.4")
        }
        // A scene (a file that runs, returning nothing) is refused before anything in it.
        guard chunk.block.contains(where: { if case .returnStat = $0 { return true }; return false }) else {
            throw SwiftExportError(line: chunk.block.last?.line ?? 1, construct: "a file that returns nothing", reason: "a scene has no Swift counterpart; only effects are exported")
        }
        try loader.load(requiredBy: chunk)
        // The class factories the effect calls, expanded (LuaToSwiftModules.swift); the modules'
        // comments and line tables joined to the effect's (their lines are numbered apart).
        var expansion = FactoryExpansion(modules: loader.modules)
        chunk.block = try expansion.expand(chunk.block)
        for module in loader.modules.values.sorted(by: { $0.base < $1.base }) {
            chunk.comments += module.chunk.comments
            chunk.endLines.merge(module.chunk.endLines) { a, _ in a }
            chunk.clauseLines.merge(module.chunk.clauseLines) { a, _ in a }
        }
        func translator() -> LuaToSwift {
            var t = LuaToSwift(api: TransitAPI.description, chunk: chunk)
            t.callables.modules = loader.modules
            t.callables.leadWindows = expansion.leadWindows
            t.callables.visualStart = expansion.visualStart
            t.callables.visualEnd = expansion.visualEnd
            return t
        }
        // A method may read a field of self that a later one assigns, and call a helper defined
        // further down, whose types its calls give (LuaToSwiftCallables.swift): discovery passes,
        // which skip what they cannot translate yet, each start from what the ones before found,
        // until one finds nothing new.
        var seeds = ExportSeeds()
        for _ in 0..<12 {
            var discovery = translator()
            discovery.discovery = true
            discovery.seed(seeds)
            _ = try? discovery.file()
            guard seeds.merge(discovery.discoveries()) else { break }
        }
        // The translation proper, which refuses what it cannot translate; a refusal that found
        // something new (a field assigned after its use) tries again from there.
        for _ in 0..<8 {
            var t = translator()
            t.seed(seeds)
            do {
                let text = try t.file()
                // A pass that learnt something its text already used (a record's field that a later
                // function assigns, so its struct declares it) is written again from there.
                guard seeds.merge(t.discoveries()) else { return text }
            } catch let error as SwiftExportError {
                guard seeds.merge(t.discoveries()) else { throw error }
            }
        }
        var t = translator()
        t.seed(seeds)
        return try t.file()
    }
}

// MARK: - Swift types, as the declarations write them

enum SwiftType {
    static func isOptional(_ t: String) -> Bool { t.hasSuffix("?") }
    /// `(any X)?` → `any X`, `UIView?` → `UIView`.
    static func unwrapped(_ t: String) -> String {
        var s = t.trimmingCharacters(in: .whitespaces)
        // `UIView!` (implicitly unwrapped) is used as a UIView.
        if s.hasSuffix("?") || s.hasSuffix("!") { s.removeLast() }
        if s.hasPrefix("("), s.hasSuffix(")"), !s.contains("->") { s = String(s.dropFirst().dropLast()) }
        if s.hasPrefix("("), s.hasSuffix(")"), balanced(String(s.dropFirst().dropLast())) { s = String(s.dropFirst().dropLast()) }
        return s
    }
    static func balanced(_ s: String) -> Bool {
        var depth = 0
        for c in s {
            if c == "(" { depth += 1 }
            if c == ")" { depth -= 1; if depth < 0 { return false } }
        }
        return depth == 0
    }
    /// The nominal type a member is looked up on: `any UIViewControllerContextTransitioning` → its name.
    static func nominal(_ t: String) -> String {
        var s = unwrapped(t)
        for prefix in ["@escaping ", "any ", "some "] where s.hasPrefix(prefix) { s = String(s.dropFirst(prefix.count)) }
        return s
    }
    static func isClosure(_ t: String) -> Bool { t.contains("->") }
    /// `((Bool) -> Void)?` → `["Bool"]`.
    static func closureParameters(_ t: String) -> [String] {
        var s = unwrapped(t)
        for prefix in ["@escaping ", "@Sendable "] where s.hasPrefix(prefix) { s = String(s.dropFirst(prefix.count)) }
        guard s.hasPrefix("("), let close = matchingParen(s) else { return [] }
        let inner = String(s[s.index(after: s.startIndex)..<close])
        return SwiftDeclaration.parameters(in: Substring(inner + ")")).map(String.init)
    }
    static func closureResult(_ t: String) -> String {
        let s = unwrapped(t)
        guard let arrow = s.range(of: "->", options: .backwards) else { return "Void" }
        return s[arrow.upperBound...].trimmingCharacters(in: .whitespaces)
    }
    static func matchingParen(_ s: String) -> String.Index? {
        var depth = 0
        for i in s.indices {
            if s[i] == "(" { depth += 1 }
            if s[i] == ")" { depth -= 1; if depth == 0 { return i } }
        }
        return nil
    }
    static let numeric: Set<String> = ["CGFloat", "Double", "TimeInterval", "Float", "Int"]
    static func isNumeric(_ t: String?) -> Bool { t.map { numeric.contains(unwrapped($0)) || $0.hasPrefix(LuaToSwift.pendingMark) } ?? false }
    static func isArray(_ t: String) -> Bool {
        let u = unwrapped(t)
        guard u.hasPrefix("["), u.hasSuffix("]") else { return false }
        // `[K: V]` is a dictionary; `[(view: UIView, alpha: Double)]`, an array of records, is not.
        var depth = 0
        for c in u.dropFirst().dropLast() {
            if "([<".contains(c) { depth += 1 }
            if ")]>".contains(c) { depth -= 1 }
            if c == ":", depth == 0 { return false }
        }
        return true
    }
    static func element(_ t: String) -> String { String(unwrapped(t).dropFirst().dropLast()) }
}

/// One parameter of a Swift declaration: `withDuration duration: TimeInterval = 0`.
struct SwiftParameter {
    var label: String   // "_" when unlabelled
    var name: String
    var type: String
    var hasDefault: Bool

    init(_ text: String) {
        let colon = text.firstIndex(of: ":")!
        let names = text[..<colon].split(separator: " ").map(String.init)
        label = names.first ?? "_"
        name = names.count > 1 ? names[1] : label
        var rest = text[text.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        hasDefault = false
        if let equals = rest.range(of: " = ", options: .backwards), SwiftType.balanced(String(rest[equals.upperBound...])) {
            rest = String(rest[..<equals.lowerBound]); hasDefault = true
        }
        type = rest
    }
}

/// A func, init or var declaration, taken apart.
struct SwiftSignature {
    var keyword: String  // func, init, var, let
    var baseName: String
    var parameters: [SwiftParameter]
    var result: String
    var isStatic: Bool
    var isOptionalRequirement: Bool

    init?(_ declaration: String) {
        guard let keyword = SwiftDeclaration.keyword(of: declaration) else { return nil }
        self.keyword = keyword
        let (prefix, rest) = SwiftDeclaration.core(declaration)
        isStatic = prefix.contains("class") || prefix.contains("static")
        isOptionalRequirement = prefix.contains("optional")
        if keyword == "var" || keyword == "let" {
            var body = String(rest.dropFirst(keyword.count + 1))
            if let brace = body.range(of: " {") { body = String(body[..<brace.lowerBound]) }
            if let equals = body.range(of: " = ") { body = String(body[..<equals.lowerBound]) }
            let colon = body.firstIndex(of: ":")!
            baseName = String(body[..<colon])
            result = body[body.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            parameters = []
            return
        }
        if keyword == "init" { baseName = "init" } else {
            baseName = String(rest.dropFirst("func ".count).prefix { $0 != "(" && $0 != "<" })
        }
        guard let open = rest.firstIndex(of: "(") else { return nil }
        let list = rest[rest.index(after: open)...]
        parameters = SwiftDeclaration.parameters(in: list).map { SwiftParameter(String($0)) }
        // The result: after the parameter list's closing parenthesis.
        var depth = 0
        var close = rest.endIndex
        for i in rest[open...].indices {
            if rest[i] == "(" { depth += 1 }
            if rest[i] == ")" { depth -= 1; if depth == 0 { close = i; break } }
        }
        let tail = rest[rest.index(after: close)...].trimmingCharacters(in: .whitespaces)
        result = tail.hasPrefix("->") ? tail.dropFirst(2).trimmingCharacters(in: .whitespaces) : "Void"
    }
}
