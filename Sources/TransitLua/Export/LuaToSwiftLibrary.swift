import Foundation

// Lua's library and Transit's own globals in LuaToSwift (LuaToSwift.swift), where an app has a
// Swift counterpart that does the same: `error` is `fatalError`, `math.random` Swift's random
// numbers over the same ranges, `string.format` Foundation's `String(format:)` for the
// conversions both take from C's printf, `transit.device` `UIDevice.current`, `transit.log`
// `print` (docs/export.md, "Lua's library and Transit's globals"). What only a scene does
// (virtual time, synthetic touches, the scene's window) is refused with its reason.

extension LuaToSwift {
    /// A call of Lua's library or of `transit.*` that has a Swift counterpart, or nil when
    /// `function` is none of them.
    mutating func libraryCall(_ function: LuaExpr, _ args: [LuaExpr], line: Int, expected: String?) throws -> Code? {
        switch function {
        case .name("error", _) where lookup("error") == nil:
            return try errorCall(args, line: line)
        case .name("assert", _) where lookup("assert") == nil:
            throw refuse(line, "assert(...) used as a value", "Lua returns its arguments; only assert as a statement is translated")
        case .name("tostring", _) where lookup("tostring") == nil:
            return try tostring(args, line: line)
        case .name("tonumber", _) where lookup("tonumber") == nil:
            return try tonumber(args, line: line)
        case .field(.name("math", _), "random", _) where lookup("math") == nil:
            return try random(args, line: line, expected: expected)
        case .field(.name("string", _), "format", _) where lookup("string") == nil:
            return try format(args, line: line)
        case .field(.name("transit", _), "log", _) where lookup("transit") == nil:
            return try log(args, line: line)
        default:
            return nil
        }
    }

    // MARK: error

    /// `error(message)`: Lua raises, and the transition stops there; a Lua error in an effect is
    /// a programmer's mistake (a setting out of range), which Swift reports with fatalError: it
    /// stops in every build configuration (precondition and assert do not, under -Ounchecked or
    /// -O), as Lua's error always raises. Its `Never` tells swiftc the code after it is not run.
    mutating func errorCall(_ args: [LuaExpr], line: Int) throws -> Code {
        guard args.count == 1 else {
            throw refuse(line, "error with \(args.count) arguments", "only error(message) is translated (a level changes where Lua says the error is, which fatalError says itself)")
        }
        let message = try expr(args[0], expected: "String")
        guard message.type == "String" else {
            throw refuse(line, "error of a \(message.type ?? "value of unknown type")", "only a string message has a Swift counterpart (fatalError's)")
        }
        return Code(text: "fatalError(\(message.text))", type: "Void")
    }

    /// `assert(condition, message)` as a statement: Lua checks it in every run and raises with
    /// the message ("assertion failed!" without one), which is `if !condition { fatalError(message) }`
    /// (precondition is assumed true, not checked, under -Ounchecked).
    mutating func assertStatement(_ args: [LuaExpr], line: Int) throws -> [String] {
        guard (1...2).contains(args.count) else {
            throw refuse(line, "assert with \(args.count) arguments", "only assert(condition) and assert(condition, message) are translated")
        }
        let condition = try self.condition(args[0])
        var message = Code(text: Self.swiftString("assertion failed!"), type: "String")
        if args.count == 2 {
            message = try expr(args[1], expected: "String")
            guard message.type == "String" else {
                throw refuse(line, "assert with a message that is a \(message.type ?? "value of unknown type")", "only a string message has a Swift counterpart (fatalError's)")
            }
        }
        let negated = condition.precedence >= 90 ? "!" + wrap(condition, 90) : "!(\(condition.text))"
        return ["if \(negated) {", "    fatalError(\(message.text))", "}"]
    }

    /// `tonumber(s)` of a string: the helper `luaToNumber` the export defines at its end
    /// (LuaToSwiftOperators.swift), which reads what Lua's reads (a decimal or hexadecimal numeral,
    /// spaces around it) and is nil for anything else, as Lua's; of a number, the number.
    mutating func tonumber(_ args: [LuaExpr], line: Int) throws -> Code {
        guard args.count == 1 else { throw refuse(line, "tonumber with \(args.count) arguments", "only tonumber(s) in base 10 (or a 0x numeral) is translated") }
        let value = try expr(args[0], expected: nil)
        if let t = value.type, SwiftType.isNumeric(t), !t.hasPrefix(Self.pendingMark) { return value }
        guard value.type == "String" else {
            throw refuse(line, "tonumber of a \(value.type ?? "value of unknown type")", "only a string's or a number's has a Swift counterpart")
        }
        helpers.insert("luaToNumber")
        return Code(text: "luaToNumber(\(value.text))", type: "Double?")
    }

    /// `tostring(v)` of a string, an integer or a boolean, which Swift's `String(v)` writes as
    /// Lua does; a float (Lua's %.14g) or an object (Transit's description) is refused.
    mutating func tostring(_ args: [LuaExpr], line: Int) throws -> Code {
        guard args.count == 1 else { throw refuse(line, "tostring with \(args.count) arguments", "it takes one value") }
        let value = try expr(args[0], expected: nil)
        switch value.type {
        case "String": return value
        case "Int", "Bool": return Code(text: "String(\(value.text))", type: "String")
        default:
            let what = value.type.map { SwiftType.isNumeric($0) ? "a float (\($0.hasPrefix(Self.pendingMark) ? "number" : $0))" : "a \($0)" } ?? "a value of unknown type"
            throw refuse(line, "tostring of \(what)", "Lua writes a float with %.14g and an object as Transit describes it, which no Swift formatting does")
        }
    }

    // MARK: math.random

    /// `math.random()`: a float in [0, 1), `Double.random(in: 0..<1)` (CGFloat's where UIKit
    /// wants one); `math.random(m, n)`: an integer from m to n, both included,
    /// `Int.random(in: m...n)`; `math.random(n)`: from 1 to n. Transit seeds Lua's generator only
    /// so that a render repeats; in the app, as in UIKit, each run differs.
    mutating func random(_ args: [LuaExpr], line: Int, expected: String?) throws -> Code {
        switch args.count {
        case 0:
            guard let expected, SwiftType.isNumeric(expected) else { return Code(text: "Double.random(in: 0..<1)", type: "Double") }
            let want = SwiftType.unwrapped(expected)
            if want.hasPrefix(Self.pendingMark) {
                // A constant's number type waits for a use: a float, as Lua's result is.
                let id = Int(want.dropFirst(Self.pendingMark.count).dropLast())!
                let resolved = pendingTypes[id] ?? "Double"
                guard resolved != "Int" else {
                    throw refuse(line, "math.random() where an integer is expected", "Lua's math.random() is a float")
                }
                pendingTypes[id] = resolved
                return Code(text: "\(resolved).random(in: 0..<1)", type: want)
            }
            guard want != "Int" else { throw refuse(line, "math.random() where an Int is expected", "Lua's math.random() is a float") }
            return Code(text: "\(want).random(in: 0..<1)", type: want)
        case 1:
            // Lua 5.4's math.random(0) is any integer, which Int.random(in: 1...0) is not.
            guard case .number(let text, _) = args[0], let n = Int(text), n >= 1 else {
                throw refuse(line, "math.random(m) with an m that is not a literal integer from 1", "Lua's math.random(0) returns any integer, which Int.random(in: 1...m) does not")
            }
            return Code(text: "Int.random(in: 1...\(n))", type: "Int")
        case 2:
            let low = try expr(args[0], expected: "Int"), high = try expr(args[1], expected: "Int")
            guard low.type == "Int", high.type == "Int" else {
                throw refuse(line, "math.random(m, n) with bounds that are not integers", "Lua raises on a float bound that is not integral, which Int(m) would truncate")
            }
            return Code(text: "Int.random(in: \(wrap(low, 61))...\(wrap(high, 61)))", type: "Int")
        default:
            throw refuse(line, "math.random with \(args.count) arguments", "Lua's takes at most two")
        }
    }

    // MARK: string.format

    /// `string.format(literal, ...)`: Lua hands each conversion to C's sprintf, as Foundation's
    /// `String(format:)` does; the integer conversions take Lua's 64-bit integers (`%ld`), the
    /// float ones a Double, `%s` a String (`%@`). A format that is not a literal, or a conversion
    /// whose argument is not of its type (Lua's `%s` of a number formats it Lua's way), is refused.
    mutating func format(_ args: [LuaExpr], line: Int) throws -> Code {
        guard case .string(let pattern, _)? = args.first else {
            throw refuse(line, "string.format with a format that is not a literal string", "its conversions, and so its arguments' Swift types, are not known")
        }
        var swiftFormat = ""
        var arguments: [String] = []
        var rest = args.dropFirst()
        var index = pattern.startIndex
        while index < pattern.endIndex {
            let c = pattern[index]
            index = pattern.index(after: index)
            guard c == "%" else { swiftFormat.append(c); continue }
            // %[flags][width][.precision]conversion, as Lua 5.4 reads it.
            var spec = ""
            while index < pattern.endIndex, "-+ #0".contains(pattern[index]) { spec.append(pattern[index]); index = pattern.index(after: index) }
            while index < pattern.endIndex, pattern[index].isASCII, pattern[index].isNumber { spec.append(pattern[index]); index = pattern.index(after: index) }
            if index < pattern.endIndex, pattern[index] == "." {
                spec.append("."); index = pattern.index(after: index)
                while index < pattern.endIndex, pattern[index].isASCII, pattern[index].isNumber { spec.append(pattern[index]); index = pattern.index(after: index) }
            }
            guard index < pattern.endIndex else { throw refuse(line, "the format \(Self.swiftString(pattern))", "it ends inside a conversion, which Lua rejects") }
            let conversion = pattern[index]
            index = pattern.index(after: index)
            if conversion == "%" && spec.isEmpty { swiftFormat += "%%"; continue }
            guard let argument = rest.popFirst() else {
                throw refuse(line, "string.format with fewer arguments than conversions", "Lua raises for the missing one")
            }
            switch conversion {
            case "d", "i", "x", "X", "o":
                let value = try expr(argument, expected: "Int")
                guard value.type == "Int" else {
                    throw refuse(line, "%\(conversion) of a \(value.type ?? "value of unknown type")", "Lua's %\(conversion) takes an integer (and raises on a float that is not integral)")
                }
                swiftFormat += "%\(spec)l\(conversion)"
                arguments.append(value.text)
            case "e", "E", "f", "F", "g", "G", "a", "A":
                let value = try expr(argument, expected: "Double")
                guard let t = value.type, SwiftType.isNumeric(t) else {
                    throw refuse(line, "%\(conversion) of a \(value.type ?? "value of unknown type")", "Lua's %\(conversion) takes a number")
                }
                swiftFormat += "%\(spec)\(conversion)"
                // C's variadic float is a double: CGFloat and Int are converted, as Lua converts them.
                arguments.append(Self.sameNumeric(SwiftType.unwrapped(t), "Double") ? value.text : "Double(\(value.text))")
            case "s" where spec.isEmpty:
                let value = try expr(argument, expected: "String")
                guard value.type == "String" else {
                    throw refuse(line, "%s of a \(value.type ?? "value of unknown type")", "Lua's %s writes it as tostring does, which Swift's formatting does not")
                }
                swiftFormat += "%@"
                arguments.append(value.text)
            default:
                throw refuse(line, "the conversion %\(spec)\(conversion) of string.format", "only %d %i %x %X %o, the float conversions and a plain %s are translated")
            }
        }
        guard rest.isEmpty else { throw refuse(line, "string.format with more arguments than conversions", "Lua evaluates and drops them") }
        if arguments.isEmpty { return Code(text: Self.swiftString(swiftFormat.replacingOccurrences(of: "%%", with: "%")), type: "String") }
        return Code(text: "String(format: \(Self.swiftString(swiftFormat)), \(arguments.joined(separator: ", ")))", type: "String")
    }

    // MARK: Transit's globals

    /// `transit.log(a, b, ...)`: a line of the values separated by spaces, as Swift's
    /// `print(a, b, ...)` writes it, without the virtual time Transit puts first (an app has
    /// none). Strings, integers and booleans print the same in both; a float is refused (Lua
    /// writes %.14g, Swift the shortest digits that read back), as is an object (its description).
    mutating func log(_ args: [LuaExpr], line: Int) throws -> Code {
        var parts: [String] = []
        for a in args {
            let value = try expr(a, expected: nil)
            guard let t = value.type, ["String", "Int", "Bool"].contains(t) else {
                throw refuse(line, "transit.log of a \(value.type.map { SwiftType.isNumeric($0) ? "float (\($0))" : $0 } ?? "value of unknown type")",
                             "Lua writes floats with %.14g and objects as Transit describes them, Swift's print otherwise; format it first (string.format)")
            }
            parts.append(value.text)
        }
        return Code(text: "print(\(parts.joined(separator: ", ")))", type: "Void")
    }

    /// `transit.device` and `transit.screen` are UIKit's `UIDevice.current` and `UIScreen.main`
    /// (the same objects in Transit); the rest of `transit` is the scene's.
    mutating func transitField(_ key: String, line: Int, expected: String?) throws -> Code {
        switch key {
        case "device": return try rawExpr(.field(.name("UIDevice", line: line), "current", line: line), expected: expected)
        case "screen": return try rawExpr(.field(.name("UIScreen", line: line), "main", line: line), expected: expected)
        default: throw refuse(line, "transit.\(key)", Self.transitReason(key))
        }
    }

    static func transitReason(_ key: String) -> String {
        switch key {
        case "wait", "now", "step", "seek": return "it is the scene's virtual clock, which only a scene reads or moves; an app's code has no counterpart"
        case "touch": return "it is a scene's synthetic touch; in an app the user touches"
        case "window": return "it is the window a scene sets up; in an app a view controller reaches its own (view.window)"
        case "rotate": return "a scene rotates the simulated device; in an app the user does"
        case "image": return "it reads Transit's image directory; an app loads its images from its bundle (UIImage(named:))"
        default: return "it is Transit's own (scenes and tests), with no UIKit counterpart"
        }
    }
}
