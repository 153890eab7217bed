import Foundation
import TransitCore

// Declared options (swift-argument-parser's idea, without its start-up cost: docs/design.md,
// "Commands"). Each command is declared once in Commands.swift — its operands, summary and
// options, each option with its names, value kind, default and help — and that declaration
// drives parsing and its messages, `transit --help`, `transit COMMAND --help` and the shell
// completions. An option a command's declaration lacks is an error; so help can never omit one.

/// What an option takes after its name, how it is checked, and how help shows it.
enum OptionValue: Sendable {
    /// No value (`--trace`).
    case flag
    /// Any text (`-o OUT`).
    case text(placeholder: String)
    /// A number in a range (`--fps N`).
    case number(placeholder: String, range: ClosedRange<Double>)
    /// A whole number in a range (`--jobs N`).
    case integer(placeholder: String, range: ClosedRange<Int>)
    /// One of some words (`--matrix quick|full`).
    case choice([String])
    /// A file that exists (`--scene S`).
    case existingFile(placeholder: String)
    /// A directory that exists (`--allow-read DIR`).
    case existingDirectory(placeholder: String)
    /// A device profile's name.
    case device
    /// Text checked by the command itself (`--ios LIST`, `--generators LIST`).
    case checkedText(placeholder: String, check: @Sendable (String) throws -> Void)
    /// An optional number right after the flag (`--serve [PORT]`): the default when absent.
    case optionalPort(default: UInt16)

    var placeholder: String? {
        switch self {
        case .flag: return nil
        case .text(let p), .number(let p, _), .integer(let p, _), .existingFile(let p), .existingDirectory(let p), .checkedText(let p, _): return p
        case .choice(let words): return words.joined(separator: "|")
        case .device: return "D"
        case .optionalPort: return "[PORT]"
        }
    }
}

struct OptionSpec: Sendable {
    /// Every name, short ones first (`-o`, `--output`).
    let names: [String]
    let value: OptionValue
    let help: String
    /// May be given more than once (each value is kept).
    var repeats = false

    var primaryName: String { names.last! }

    /// `[-o OUT]` as a synopsis shows it.
    var synopsis: String {
        let name = names.first!
        guard let placeholder = value.placeholder else { return "[\(name)]" }
        if case .optionalPort = value { return "[\(name) \(placeholder)]" }
        return "[\(name) \(placeholder)]"
    }
}

struct CommandSpec: Sendable {
    let name: String
    /// The operands after the options in the synopsis ("FILE", "FILE...", "[FILE]").
    let operands: String
    /// What the command does, for both helps.
    let summary: String
    let options: [OptionSpec]
    /// Where the operands' count is checked: how many are allowed.
    var operandCount: ClosedRange<Int> = 0...1
    /// lua.c's rule (`transit lua`): options come before the script, and everything from the
    /// first operand on, or after `--`, is an operand (the script and its own arguments).
    var optionsEndAtFirstOperand = false

    func option(named name: String) -> OptionSpec? { options.first { $0.names.contains(name) } }

    /// `render FILE [-o OUT] [--tty] ...`, wrapped for an 80-column terminal.
    var synopsisLines: [String] {
        // An interpreter's options come before its script, so its synopsis shows them first.
        let operandWords = operands.isEmpty ? [] : [operands]
        let words = [name] + (optionsEndAtFirstOperand ? options.map(\.synopsis) + operandWords : operandWords + options.map(\.synopsis))
        var lines: [String] = [], line = ""
        for word in words {
            if !line.isEmpty && line.count + 1 + word.count > 86 {
                lines.append(line)
                line = String(repeating: " ", count: name.count + 1) + word
            } else {
                line += (line.isEmpty ? "" : " ") + word
            }
        }
        lines.append(line)
        return lines
    }
}

/// What a command line said, by each option's primary (long) name.
struct ParsedArguments {
    var operands: [String] = []
    var values: [String: [String]] = [:]
    /// Every option in the order given, by primary name (`transit lua` runs `-e` and `-l` in order).
    var ordered: [(name: String, value: String)] = []
    /// A `--` ended the options (`transit lua -- -` runs a file named "-", not stdin).
    var endedOptions = false

    func has(_ name: String) -> Bool { values[name] != nil }
    func text(_ name: String) -> String? { values[name]?.last }
    func all(_ name: String) -> [String] { values[name] ?? [] }
    func number(_ name: String) -> Double? { text(name).flatMap(Double.init) }
    func integer(_ name: String) -> Int? { text(name).flatMap { Int($0) } }
    /// A `.device` option's profile: parse has already refused a name that is not one, with the
    /// list of devices in its message, so no command checks it again.
    func device(_ name: String) -> Device? { text(name).flatMap(Device.named) }
}

extension CommandSpec {
    /// Reads `arguments` by this declaration; every message names the option and what it needs.
    func parse(_ arguments: ArraySlice<String>) throws -> ParsedArguments {
        var parsed = ParsedArguments()
        var rest = arguments
        while let argument = rest.popFirst() {
            if optionsEndAtFirstOperand && argument == "--" {
                parsed.endedOptions = true
                parsed.operands += rest
                break
            }
            guard argument.hasPrefix("-") && argument != "-" else {
                parsed.operands.append(argument)
                if optionsEndAtFirstOperand {
                    parsed.operands += rest
                    break
                }
                continue
            }
            guard let option = option(named: argument) else {
                throw UsageError(message: "unknown option \(argument) for \(name) (see transit \(name) --help)", kind: .unknownOption(argument, command: name))
            }
            let key = option.primaryName
            if parsed.values[key] != nil && !option.repeats {
                throw UsageError(message: "\(argument) given twice", kind: .givenTwice(option: argument))
            }
            func value() throws -> String {
                guard let next = rest.popFirst() else { throw UsageError(message: "\(argument) needs a value", kind: .missingValue(option: argument)) }
                return next
            }
            let text: String
            switch option.value {
            case .flag:
                text = ""
            case .text:
                text = try value()
            case .number(_, let range):
                text = try value()
                guard let number = Double(text), number.isFinite, range.contains(number) else {
                    throw UsageError(message: "\(argument) needs a number in \(formatNumber(range.lowerBound))...\(formatNumber(range.upperBound)) (got \(text))", kind: .invalidValue(option: argument, value: text))
                }
            case .integer(_, let range):
                text = try value()
                guard let number = Int(text), range.contains(number) else {
                    throw UsageError(message: "\(argument) needs a number in \(range.lowerBound)...\(range.upperBound) (got \(text))", kind: .invalidValue(option: argument, value: text))
                }
            case .choice(let words):
                text = try value()
                guard words.contains(text) else {
                    let list = words.count == 2 ? words.joined(separator: " or ") : words.dropLast().joined(separator: ", ") + " or " + words.last!
                    throw UsageError(message: "\(argument) must be \(list) (got \(text))", kind: .invalidValue(option: argument, value: text))
                }
            case .existingFile:
                text = try value()
                guard FileManager.default.fileExists(atPath: text) else { throw UsageError(message: "\(argument) \(text): no such file", kind: .noSuchFile(option: argument, path: text)) }
            case .existingDirectory:
                text = try value()
                var isDirectory: ObjCBool = false
                guard FileManager.default.fileExists(atPath: text, isDirectory: &isDirectory), isDirectory.boolValue else {
                    throw UsageError(message: "\(argument) \(text): no such directory", kind: .noSuchDirectory(option: argument, path: text))
                }
            case .device:
                text = try value()
                guard Device.named(text) != nil else {
                    throw UsageError(message: "unknown device \"\(text)\"; expected one of: \(Device.profileNames.joined(separator: ", "))", kind: .unknownDevice(text))
                }
            case .checkedText(_, let check):
                text = try value()
                try check(text)
            case .optionalPort(let port):
                // The port is optional: a number right after the flag is the port.
                if let next = rest.first, let number = UInt16(next) {
                    rest.removeFirst()
                    text = String(number)
                } else if let next = rest.first, !next.isEmpty, next.allSatisfy(\.isNumber) {
                    throw UsageError(message: "\(argument) needs a port in 1...65535 (got \(next))", kind: .invalidValue(option: argument, value: next))
                } else {
                    text = String(port)
                }
            }
            parsed.values[key, default: []].append(text)
            parsed.ordered.append((key, text))
        }
        if !operandCount.contains(parsed.operands.count) {
            if parsed.operands.count > operandCount.upperBound, let extra = parsed.operands.dropFirst(operandCount.upperBound).first {
                throw UsageError(message: "unexpected argument \(extra)", kind: .unexpectedArgument(extra))
            }
            throw UsageError(message: "missing \(operands) (see transit \(name) --help)", kind: .missingOperands(command: name, operands: operands))
        }
        return parsed
    }

    /// `transit COMMAND --help`: the synopsis, what it does, and each option with its help.
    var help: String {
        var text = "usage: transit " + synopsisLines.joined(separator: "\n       ") + "\n\n" + summary
        if !options.isEmpty {
            text += "\n\noptions:"
            let labels = options.map { option -> String in
                option.names.joined(separator: ", ") + (option.value.placeholder.map { " " + $0 } ?? "")
            }
            let width = min(30, (labels.map(\.count).max() ?? 0) + 2)
            let indent = "\n  " + String(repeating: " ", count: width)
            for (label, option) in zip(labels, options) {
                let padded = label.count >= width ? label + indent : label.padding(toLength: width, withPad: " ", startingAt: 0)
                text += "\n  " + padded + wrap(option.help, width: 96 - width).joined(separator: indent)
            }
        }
        if options.contains(where: { if case .device = $0.value { return true } else { return false } }) {
            text += "\n\ndevices: \(Device.profileNames.joined(separator: ", "))"
        }
        return text
    }

    /// This command's part of `transit --help`: the synopsis, then the summary indented.
    var overview: String {
        let indent = String(repeating: " ", count: 22)
        let summaryLines = summary.split(separator: "\n", omittingEmptySubsequences: false).map { indent + $0 }
        return (synopsisLines.map { "  " + $0 } + summaryLines).joined(separator: "\n")
    }
}

/// Words of `text` in lines of at most `width` characters (a longer word keeps its own line).
func wrap(_ text: String, width: Int) -> [String] {
    var lines: [String] = [], line = ""
    for word in text.split(separator: " ") {
        if !line.isEmpty && line.count + 1 + word.count > width {
            lines.append(line)
            line = String(word)
        } else {
            line += (line.isEmpty ? "" : " ") + word
        }
    }
    if !line.isEmpty { lines.append(line) }
    return lines
}
