// A Lua 5.4 lexer, parser and syntax tree for `transit export --swift` (docs/export.md, "Lua → Swift").
// Lua's C API compiles a chunk straight to bytecode and offers no syntax tree, and no Debian
// package provides a Lua parser usable from Swift, so the exporter parses the source itself. The
// grammar is the reference manual's (§9, "The Complete Syntax of Lua"), all of it, so that a
// construct the translator does not take is refused by name and line rather than misread;
// comments are kept, each with its line, so the Swift keeps them.

public struct LuaSyntaxError: Error, CustomStringConvertible {
    public var line: Int
    public var message: String
    public var description: String { "\(line): \(message)" }
}

public struct LuaComment: Equatable {
    public var line: Int
    public var endLine: Int
    public var text: String
    /// `-- x` after code on the same line.
    public var trailing: Bool
}

public indirect enum LuaExpr {
    case nilValue(line: Int)
    case boolean(Bool, line: Int)
    case number(String, line: Int)
    case string(String, line: Int)
    case vararg(line: Int)
    case function(LuaFunctionBody)
    case table([LuaField], line: Int)
    case binary(String, LuaExpr, LuaExpr, line: Int)
    case unary(String, LuaExpr, line: Int)
    case name(String, line: Int)
    case index(LuaExpr, LuaExpr, line: Int)
    /// `a.b`
    case field(LuaExpr, String, line: Int)
    case call(LuaExpr, [LuaExpr], line: Int)
    /// `a:b(...)`
    case method(LuaExpr, String, [LuaExpr], line: Int)
    case paren(LuaExpr, line: Int)

    public var line: Int {
        switch self {
        case .nilValue(let l), .boolean(_, let l), .number(_, let l), .string(_, let l), .vararg(let l), .table(_, let l),
             .binary(_, _, _, let l), .unary(_, _, let l), .name(_, let l), .index(_, _, let l), .field(_, _, let l),
             .call(_, _, let l), .method(_, _, _, let l), .paren(_, let l):
            return l
        case .function(let body): return body.line
        }
    }
}

public enum LuaField {
    case positional(LuaExpr)
    case named(String, LuaExpr)
    case keyed(LuaExpr, LuaExpr)
}

public struct LuaFunctionBody {
    public var parameters: [String]
    public var isVararg: Bool
    public var block: [LuaStat]
    public var line: Int
    public var endLine: Int
}

public struct LuaAttribName { public var name: String; public var attrib: String? }

public indirect enum LuaStat {
    case local([LuaAttribName], [LuaExpr], line: Int)
    case assign([LuaExpr], [LuaExpr], line: Int)
    case call(LuaExpr, line: Int)
    case doBlock([LuaStat], line: Int)
    case whileLoop(LuaExpr, [LuaStat], line: Int)
    case repeatLoop([LuaStat], LuaExpr, line: Int)
    case ifStat([(LuaExpr, [LuaStat])], [LuaStat]?, line: Int, endLine: Int)
    case numericFor(String, LuaExpr, LuaExpr, LuaExpr?, [LuaStat], line: Int)
    case genericFor([String], [LuaExpr], [LuaStat], line: Int)
    /// `function a.b:c() end`: the name path, whether it ends in a method name.
    case function([String], isMethod: Bool, LuaFunctionBody, line: Int)
    case localFunction(String, LuaFunctionBody, line: Int)
    case returnStat([LuaExpr], line: Int)
    case breakStat(line: Int)
    case gotoStat(String, line: Int)
    case label(String, line: Int)

    public var line: Int {
        switch self {
        case .local(_, _, let l), .assign(_, _, let l), .call(_, let l), .doBlock(_, let l), .whileLoop(_, _, let l),
             .repeatLoop(_, _, let l), .ifStat(_, _, let l, _), .numericFor(_, _, _, _, _, let l), .genericFor(_, _, _, let l),
             .function(_, _, _, let l), .localFunction(_, _, let l), .returnStat(_, let l), .breakStat(let l),
             .gotoStat(_, let l), .label(_, let l):
            return l
        }
    }
}

public struct LuaChunk {
    public var block: [LuaStat]
    public var comments: [LuaComment]
    /// The line of each statement's last token, by the line it starts on (the largest when
    /// several start on one line).
    public var endLines: [Int: Int] = [:]
    /// Each `if`'s `elseif`/`else` lines, by the line of its `if`: where each clause ends, so a
    /// comment before `else` stays in the clause above it.
    public var clauseLines: [Int: [Int]] = [:]
}

// MARK: - Lexer

struct LuaToken: Equatable {
    enum Kind: Equatable { case name, keyword, number, string, symbol, eof }
    var kind: Kind
    var text: String
    var line: Int
}

struct LuaLexer {
    static let keywords: Set<String> = ["and", "break", "do", "else", "elseif", "end", "false", "for", "function", "goto", "if", "in",
                                        "local", "nil", "not", "or", "repeat", "return", "then", "true", "until", "while"]
    static let symbols = ["...", "..", "==", "~=", "<=", ">=", "<<", ">>", "//", "::",
                          "+", "-", "*", "/", "%", "^", "#", "&", "~", "|", "<", ">", "=", "(", ")", "{", "}", "[", "]", ";", ":", ",", "."]

    let chars: [UInt8]
    var position = 0
    var line = 1
    var tokens: [LuaToken] = []
    var comments: [LuaComment] = []
    var lastTokenLine = 0

    /// `firstLine`: the number of the source's first line (a module's lines are numbered after
    /// the effect's, so that one translation can tell them apart: SwiftExporter.swift).
    init(_ source: String, firstLine: Int = 1) { chars = Array(source.utf8); line = firstLine }

    func peek(_ offset: Int = 0) -> UInt8 { position + offset < chars.count ? chars[position + offset] : 0 }

    func error(_ message: String) -> LuaSyntaxError { LuaSyntaxError(line: line, message: message) }

    /// `[[`, `[==[`: the level, or nil when this is not a long bracket.
    func longBracketLevel() -> Int? {
        guard peek() == UInt8(ascii: "[") else { return nil }
        var level = 0
        while peek(1 + level) == UInt8(ascii: "=") { level += 1 }
        return peek(1 + level) == UInt8(ascii: "[") ? level : nil
    }

    mutating func readLongBracket(_ level: Int) throws -> String {
        position += level + 2
        // A newline just after the opening bracket is skipped.
        if peek() == 13 { position += 1; if peek() == 10 { position += 1 }; line += 1 }
        else if peek() == 10 { position += 1; if peek() == 13 { position += 1 }; line += 1 }
        let start = position
        while position < chars.count {
            if peek() == UInt8(ascii: "]") {
                var l = 0
                while peek(1 + l) == UInt8(ascii: "=") { l += 1 }
                if l == level && peek(1 + l) == UInt8(ascii: "]") {
                    let text = String(decoding: chars[start..<position], as: UTF8.self)
                    position += level + 2
                    return text
                }
            }
            if peek() == 10 { line += 1 }
            position += 1
        }
        throw error("unfinished long string or comment")
    }

    static func isNameStart(_ c: UInt8) -> Bool { (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c == 95 }
    static func isDigit(_ c: UInt8) -> Bool { c >= 48 && c <= 57 }
    static func isHex(_ c: UInt8) -> Bool { isDigit(c) || (c >= 97 && c <= 102) || (c >= 65 && c <= 70) }

    mutating func tokenize() throws -> [LuaToken] {
        // A first line starting with # (a shebang) is skipped, as lua does.
        if peek() == UInt8(ascii: "#") { while position < chars.count && peek() != 10 { position += 1 } }
        while true {
            let c = peek()
            if position >= chars.count { tokens.append(LuaToken(kind: .eof, text: "<eof>", line: line)); return tokens }
            if c == 10 { line += 1; position += 1; continue }
            if c == 32 || c == 9 || c == 13 || c == 11 || c == 12 { position += 1; continue }
            if c == UInt8(ascii: "-") && peek(1) == UInt8(ascii: "-") {
                let startLine = line
                position += 2
                let trailing = lastTokenLine == line
                if let level = longBracketLevel() {
                    let text = try readLongBracket(level)
                    comments.append(LuaComment(line: startLine, endLine: line, text: text, trailing: trailing))
                } else {
                    let start = position
                    while position < chars.count && peek() != 10 { position += 1 }
                    var text = String(decoding: chars[start..<position], as: UTF8.self)
                    if text.hasSuffix("\r") { text.removeLast() }
                    comments.append(LuaComment(line: startLine, endLine: startLine, text: text, trailing: trailing))
                }
                continue
            }
            let tokenLine = line
            func add(_ kind: LuaToken.Kind, _ text: String) {
                tokens.append(LuaToken(kind: kind, text: text, line: tokenLine))
                lastTokenLine = line
            }
            if Self.isNameStart(c) {
                let start = position
                while Self.isNameStart(peek()) || Self.isDigit(peek()) { position += 1 }
                let word = String(decoding: chars[start..<position], as: UTF8.self)
                add(Self.keywords.contains(word) ? .keyword : .name, word)
                continue
            }
            if Self.isDigit(c) || (c == UInt8(ascii: ".") && Self.isDigit(peek(1))) {
                let start = position
                if c == UInt8(ascii: "0") && (peek(1) == UInt8(ascii: "x") || peek(1) == UInt8(ascii: "X")) {
                    position += 2
                    while Self.isHex(peek()) || peek() == UInt8(ascii: ".") ||
                            ((peek() == UInt8(ascii: "p") || peek() == UInt8(ascii: "P"))) ||
                            ((peek() == UInt8(ascii: "+") || peek() == UInt8(ascii: "-")) && (chars[position - 1] | 0x20) == UInt8(ascii: "p")) {
                        position += 1
                    }
                } else {
                    while Self.isDigit(peek()) || peek() == UInt8(ascii: ".") || (peek() | 0x20) == UInt8(ascii: "e") ||
                            ((peek() == UInt8(ascii: "+") || peek() == UInt8(ascii: "-")) && (chars[position - 1] | 0x20) == UInt8(ascii: "e")) {
                        position += 1
                    }
                }
                if Self.isNameStart(peek()) { throw error("malformed number near '\(String(decoding: chars[start...position], as: UTF8.self))'") }
                add(.number, String(decoding: chars[start..<position], as: UTF8.self))
                continue
            }
            if c == UInt8(ascii: "\"") || c == UInt8(ascii: "'") {
                add(.string, try readString(quote: c))
                continue
            }
            if let level = longBracketLevel() {
                let text = try readLongBracket(level)
                tokens.append(LuaToken(kind: .string, text: text, line: tokenLine))
                lastTokenLine = line
                continue
            }
            var matched = false
            for symbol in Self.symbols {
                let bytes = Array(symbol.utf8)
                if position + bytes.count <= chars.count && Array(chars[position..<position + bytes.count]) == bytes {
                    position += bytes.count
                    add(.symbol, symbol)
                    matched = true
                    break
                }
            }
            if !matched { throw error("unexpected symbol near '\(String(UnicodeScalar(c)))'") }
        }
    }

    mutating func readString(quote: UInt8) throws -> String {
        position += 1
        var bytes: [UInt8] = []
        while true {
            let c = peek()
            if position >= chars.count || c == 10 { throw error("unfinished string") }
            position += 1
            if c == quote { break }
            if c != UInt8(ascii: "\\") { bytes.append(c); continue }
            let e = peek()
            position += 1
            switch e {
            case UInt8(ascii: "n"): bytes.append(10)
            case UInt8(ascii: "t"): bytes.append(9)
            case UInt8(ascii: "r"): bytes.append(13)
            case UInt8(ascii: "a"): bytes.append(7)
            case UInt8(ascii: "b"): bytes.append(8)
            case UInt8(ascii: "f"): bytes.append(12)
            case UInt8(ascii: "v"): bytes.append(11)
            case UInt8(ascii: "\\"), UInt8(ascii: "\""), UInt8(ascii: "'"): bytes.append(e)
            case 10: bytes.append(10); line += 1
            case UInt8(ascii: "x"):
                guard Self.isHex(peek()), Self.isHex(peek(1)) else { throw error("hexadecimal digit expected") }
                bytes.append(UInt8(String(decoding: chars[position..<position + 2], as: UTF8.self), radix: 16)!)
                position += 2
            case UInt8(ascii: "z"):
                while [9, 10, 11, 12, 13, 32].contains(peek()) { if peek() == 10 { line += 1 }; position += 1 }
            case UInt8(ascii: "u"):
                guard peek() == UInt8(ascii: "{") else { throw error("missing '{' in \\u{xxxx}") }
                position += 1
                let start = position
                while Self.isHex(peek()) { position += 1 }
                guard peek() == UInt8(ascii: "}"), let value = UInt32(String(decoding: chars[start..<position], as: UTF8.self), radix: 16),
                      let scalar = UnicodeScalar(value) else { throw error("malformed \\u{xxxx} escape") }
                position += 1
                bytes.append(contentsOf: Array(String(Character(scalar)).utf8))
            default:
                if Self.isDigit(e) {
                    var value = Int(e - 48)
                    for _ in 0..<2 where Self.isDigit(peek()) { value = value * 10 + Int(peek() - 48); position += 1 }
                    guard value <= 255 else { throw error("decimal escape too large") }
                    bytes.append(UInt8(value))
                } else {
                    throw error("invalid escape sequence '\\\(String(UnicodeScalar(e)))'")
                }
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

// MARK: - Parser

public struct LuaParser {
    var tokens: [LuaToken]
    var index = 0
    var endLines: [Int: Int] = [:]
    var clauseLines: [Int: [Int]] = [:]

    public static func parse(_ source: String, firstLine: Int = 1) throws -> LuaChunk {
        var lexer = LuaLexer(source, firstLine: firstLine)
        let tokens = try lexer.tokenize()
        var parser = LuaParser(tokens: tokens)
        let block = try parser.block()
        guard parser.current.kind == .eof else { throw parser.error("'<eof>' expected near '\(parser.current.text)'") }
        return LuaChunk(block: block, comments: lexer.comments, endLines: parser.endLines, clauseLines: parser.clauseLines)
    }

    var current: LuaToken { tokens[index] }
    func error(_ message: String) -> LuaSyntaxError { LuaSyntaxError(line: current.line, message: message) }

    func check(_ text: String) -> Bool { (current.kind == .symbol || current.kind == .keyword) && current.text == text }
    mutating func accept(_ text: String) -> Bool {
        if check(text) { index += 1; return true }
        return false
    }
    mutating func expect(_ text: String, _ opening: String? = nil, _ openLine: Int = 0) throws {
        guard accept(text) else {
            if let opening, openLine != current.line {
                throw error("'\(text)' expected (to close '\(opening)' at line \(openLine)) near '\(current.text)'")
            }
            throw error("'\(text)' expected near '\(current.text)'")
        }
    }
    mutating func name() throws -> String {
        guard current.kind == .name else { throw error("<name> expected near '\(current.text)'") }
        defer { index += 1 }
        return current.text
    }

    func blockEnds() -> Bool {
        current.kind == .eof || (current.kind == .keyword && ["end", "else", "elseif", "until"].contains(current.text))
    }

    mutating func block() throws -> [LuaStat] {
        var statements: [LuaStat] = []
        while !blockEnds() {
            if check("return") {
                let line = current.line
                index += 1
                var values: [LuaExpr] = []
                if !blockEnds() && !check(";") { values = try expressionList() }
                _ = accept(";")
                statements.append(.returnStat(values, line: line))
                endLines[line] = max(endLines[line] ?? 0, tokens[index - 1].line)
                guard blockEnds() else { throw error("'end' expected near '\(current.text)'") }
                break
            }
            if let statement = try statement() {
                statements.append(statement)
                endLines[statement.line] = max(endLines[statement.line] ?? 0, tokens[index - 1].line)
            }
        }
        return statements
    }

    mutating func statement() throws -> LuaStat? {
        let line = current.line
        if accept(";") { return nil }
        if accept("::") {
            let label = try name()
            try expect("::")
            return .label(label, line: line)
        }
        if accept("break") { return .breakStat(line: line) }
        if accept("goto") { return .gotoStat(try name(), line: line) }
        if accept("do") {
            let body = try block()
            try expect("end", "do", line)
            return .doBlock(body, line: line)
        }
        if accept("while") {
            let condition = try expression()
            try expect("do")
            let body = try block()
            try expect("end", "while", line)
            return .whileLoop(condition, body, line: line)
        }
        if accept("repeat") {
            let body = try block()
            try expect("until", "repeat", line)
            return .repeatLoop(body, try expression(), line: line)
        }
        if accept("if") {
            var clauses: [(LuaExpr, [LuaStat])] = []
            let condition = try expression()
            try expect("then")
            clauses.append((condition, try block()))
            var elseBlock: [LuaStat]?
            while true {
                if check("elseif") || check("else") { clauseLines[line, default: []].append(current.line) }
                if accept("elseif") {
                    let c = try expression()
                    try expect("then")
                    clauses.append((c, try block()))
                } else if accept("else") {
                    elseBlock = try block()
                    let endLine = current.line
                    try expect("end", "if", line)
                    return .ifStat(clauses, elseBlock, line: line, endLine: endLine)
                } else {
                    let endLine = current.line
                    try expect("end", "if", line)
                    return .ifStat(clauses, nil, line: line, endLine: endLine)
                }
            }
        }
        if accept("for") {
            let first = try name()
            if accept("=") {
                let start = try expression()
                try expect(",")
                let limit = try expression()
                let step = accept(",") ? try expression() : nil
                try expect("do")
                let body = try block()
                try expect("end", "for", line)
                return .numericFor(first, start, limit, step, body, line: line)
            }
            var names = [first]
            while accept(",") { names.append(try name()) }
            try expect("in")
            let values = try expressionList()
            try expect("do")
            let body = try block()
            try expect("end", "for", line)
            return .genericFor(names, values, body, line: line)
        }
        if accept("function") {
            var path = [try name()]
            var isMethod = false
            while accept(".") { path.append(try name()) }
            if accept(":") { path.append(try name()); isMethod = true }
            return .function(path, isMethod: isMethod, try functionBody(line: line), line: line)
        }
        if accept("local") {
            if accept("function") {
                let functionName = try name()
                return .localFunction(functionName, try functionBody(line: line), line: line)
            }
            var names: [LuaAttribName] = []
            repeat {
                let n = try name()
                var attrib: String?
                if accept("<") {
                    attrib = try name()
                    guard attrib == "const" || attrib == "close" else { throw error("unknown attribute '\(attrib!)'") }
                    try expect(">")
                }
                names.append(LuaAttribName(name: n, attrib: attrib))
            } while accept(",")
            let values = accept("=") ? try expressionList() : []
            return .local(names, values, line: line)
        }
        // An expression statement: a call, or the targets of an assignment.
        let first = try suffixedExpression()
        if check("=") || check(",") {
            var targets = [first]
            while accept(",") { targets.append(try suffixedExpression()) }
            for target in targets {
                switch target {
                case .name, .index, .field: break
                default: throw LuaSyntaxError(line: line, message: "syntax error near '='")
                }
            }
            try expect("=")
            return .assign(targets, try expressionList(), line: line)
        }
        switch first {
        case .call, .method: return .call(first, line: line)
        default: throw error("syntax error near '\(current.text)'")
        }
    }

    mutating func functionBody(line: Int) throws -> LuaFunctionBody {
        try expect("(")
        var parameters: [String] = []
        var isVararg = false
        if !check(")") {
            repeat {
                if accept("...") { isVararg = true; break }
                parameters.append(try name())
            } while accept(",")
        }
        try expect(")")
        let body = try block()
        let endLine = current.line
        try expect("end", "function", line)
        return LuaFunctionBody(parameters: parameters, isVararg: isVararg, block: body, line: line, endLine: endLine)
    }

    mutating func expressionList() throws -> [LuaExpr] {
        var list = [try expression()]
        while accept(",") { list.append(try expression()) }
        return list
    }

    mutating func primaryExpression() throws -> LuaExpr {
        let line = current.line
        if current.kind == .name { return .name(try name(), line: line) }
        if accept("(") {
            let inner = try expression()
            try expect(")", "(", line)
            return .paren(inner, line: line)
        }
        throw error("unexpected symbol near '\(current.text)'")
    }

    mutating func suffixedExpression() throws -> LuaExpr {
        var expr = try primaryExpression()
        while true {
            let line = current.line
            if accept(".") {
                expr = .field(expr, try name(), line: line)
            } else if accept("[") {
                let key = try expression()
                try expect("]")
                expr = .index(expr, key, line: line)
            } else if accept(":") {
                let method = try name()
                expr = .method(expr, method, try callArguments(), line: line)
            } else if check("(") || check("{") || current.kind == .string {
                expr = .call(expr, try callArguments(), line: line)
            } else {
                return expr
            }
        }
    }

    mutating func callArguments() throws -> [LuaExpr] {
        let line = current.line
        if current.kind == .string {
            defer { index += 1 }
            return [.string(current.text, line: line)]
        }
        if check("{") { return [try tableConstructor()] }
        try expect("(")
        if accept(")") { return [] }
        let list = try expressionList()
        try expect(")", "(", line)
        return list
    }

    mutating func tableConstructor() throws -> LuaExpr {
        let line = current.line
        try expect("{")
        var fields: [LuaField] = []
        while !check("}") {
            if accept("[") {
                let key = try expression()
                try expect("]")
                try expect("=")
                fields.append(.keyed(key, try expression()))
            } else if current.kind == .name && tokens[index + 1].kind == .symbol && tokens[index + 1].text == "=" {
                let key = try name()
                index += 1
                fields.append(.named(key, try expression()))
            } else {
                fields.append(.positional(try expression()))
            }
            if !accept(",") && !accept(";") { break }
        }
        try expect("}", "{", line)
        return .table(fields, line: line)
    }

    mutating func simpleExpression() throws -> LuaExpr {
        let line = current.line
        switch current.kind {
        case .number: defer { index += 1 }; return .number(current.text, line: line)
        case .string: defer { index += 1 }; return .string(current.text, line: line)
        default: break
        }
        if accept("nil") { return .nilValue(line: line) }
        if accept("true") { return .boolean(true, line: line) }
        if accept("false") { return .boolean(false, line: line) }
        if accept("...") { return .vararg(line: line) }
        if check("{") { return try tableConstructor() }
        if accept("function") { return .function(try functionBody(line: line)) }
        return try suffixedExpression()
    }

    // Lua 5.4's priorities (lparser.c): left and right binding power of each binary operator.
    static let binaryPriority: [String: (left: Int, right: Int)] = [
        "or": (1, 1), "and": (2, 2),
        "<": (3, 3), ">": (3, 3), "<=": (3, 3), ">=": (3, 3), "~=": (3, 3), "==": (3, 3),
        "|": (4, 4), "~": (5, 5), "&": (6, 6), "<<": (7, 7), ">>": (7, 7),
        "..": (9, 8), "+": (10, 10), "-": (10, 10),
        "*": (11, 11), "/": (11, 11), "//": (11, 11), "%": (11, 11),
        "^": (14, 13),
    ]
    static let unaryPriority = 12

    mutating func expression(_ limit: Int = 0) throws -> LuaExpr {
        var left: LuaExpr
        let line = current.line
        if (current.kind == .keyword && current.text == "not") || (current.kind == .symbol && ["-", "#", "~"].contains(current.text)) {
            let op = current.text
            index += 1
            left = .unary(op, try expression(Self.unaryPriority), line: line)
        } else {
            left = try simpleExpression()
        }
        while (current.kind == .symbol || current.kind == .keyword), let priority = Self.binaryPriority[current.text], priority.left > limit {
            let op = current.text
            let opLine = current.line
            index += 1
            let right = try expression(priority.right)
            left = .binary(op, left, right, line: opLine)
        }
        return left
    }
}
