import Foundation
import Testing
@testable import transit

/// Each command's options are declared once (Commands.swift): the declaration parses, and the
/// helps and completions are written from it, so none can offer or omit what another does.
@Suite struct CommandDeclarationTests {
    /// A value the option accepts, for parsing each declared option once.
    static func sampleValue(_ option: OptionSpec) -> [String] {
        switch option.value {
        case .flag, .optionalPort: return []
        case .text: return ["out.gif"]
        case .number(_, let range): return [String(range.lowerBound)]
        case .integer(_, let range): return [String(range.lowerBound)]
        case .choice(let words): return [words[0]]
        case .existingFile: return [#filePath]
        case .existingDirectory: return [FileManager.default.temporaryDirectory.path]
        case .device: return ["iPhone SE"]
        case .checkedText(let placeholder, _):
            switch placeholder {
            case "LIST" where option.primaryName == "--generators": return ["all"]
            case "LIST": return ["12,18"]
            case "S|device": return ["device"]
            default: return ["17"]
            }
        }
    }

    @Test func everyDeclaredOptionParsesAndAppearsInBothHelpsAndEveryCompletion() throws {
        let overview = Commands.usage
        let completions = [bashCompletion(), zshCompletion(), fishCompletion()]
        for command in Commands.all {
            #expect(overview.contains("  \(command.name)"), "transit --help lists \(command.name)")
            let help = command.help
            #expect(help.hasPrefix("usage: transit \(command.name)"))
            for option in command.options {
                for name in option.names { #expect(help.contains(name), "\(command.name) --help lists \(name)") }
                // The overview's synopsis spells each option by its first name (`[-o OUT]`).
                #expect(overview.contains(option.synopsis), "transit --help lists \(command.name)'s \(option.synopsis)")
                for (shell, script) in zip(["bash", "zsh", "fish"], completions) {
                    // fish spells a long name `-l NAME` and a name with one dash (`transit lua -e`) `-s E`.
                    let spelled = shell == "fish" ? (option.primaryName.hasPrefix("--") ? "-l \(option.primaryName.dropFirst(2))" : "-s \(option.primaryName.dropFirst())") : option.primaryName
                    #expect(script.contains(spelled), "\(shell) completion offers \(command.name) \(option.primaryName)")
                }
                let operands = Array(repeating: "x", count: command.operandCount.lowerBound)
                let arguments = operands + [option.names[0]] + Self.sampleValue(option)
                let parsed = try command.parse(arguments[...])
                #expect(parsed.has(option.primaryName), "\(command.name) accepts \(option.names[0])")
            }
        }
    }

    /// An option no declaration names is refused by every command, with the command's help named.
    @Test func anUndeclaredOptionIsRefusedNamingTheCommandsHelp() throws {
        for command in Commands.all {
            let operands = Array(repeating: "x", count: command.operandCount.lowerBound)
            do {
                _ = try command.parse((operands + ["--frobnicate"])[...])
                Issue.record("\(command.name) accepted --frobnicate")
            } catch let error as UsageError {
                #expect(error.message == "unknown option --frobnicate for \(command.name) (see transit \(command.name) --help)")
            }
        }
    }

    @Test func valuesAreCheckedByTheirDeclaration() throws {
        let cases: [(CommandSpec, [String], String)] = [
            (Commands.render, ["f.lua", "--fps", "0"], "--fps needs a number in 1...120 (got 0)"),
            (Commands.render, ["f.lua", "--fps"], "--fps needs a value"),
            (Commands.render, ["f.lua", "--device", "Nokia"], "unknown device \"Nokia\""),
            (Commands.check, ["f.lua", "--matrix", "huge"], "--matrix must be quick or full (got huge)"),
            (Commands.check, ["f.lua", "--format", "xml"], "--format must be text, json or junit (got xml)"),
            (Commands.gallery, ["--jobs", "65"], "--jobs needs a number in 1...64 (got 65)"),
            (Commands.watch, ["f.lua", "--serve", "99999"], "--serve needs a port in 1...65535 (got 99999)"),
            (Commands.render, ["f.lua", "--scale", "9"], "--scale needs a number in (0, 4] or \"device\" (got 9)"),
            (Commands.render, ["f.lua", "g.lua"], "unexpected argument g.lua"),
            (Commands.render, ["f.lua", "--fps", "10", "--fps", "20"], "--fps given twice"),
        ]
        for (command, arguments, expected) in cases {
            do {
                _ = try command.parse(arguments[...])
                Issue.record("\(command.name) \(arguments) was accepted")
            } catch let error as UsageError {
                #expect(error.message.contains(expected), "\(arguments) → \(error.message)")
            }
        }
        // Repeatable options keep every value.
        let parsed = try Commands.run.parse(["f.lua", "--allow-read", "/tmp", "--allow-read", "/"][...])
        #expect(parsed.all("--allow-read") == ["/tmp", "/"])
    }

    /// A usage error says what was wrong as data, beside its message: the commands that
    /// answer missing operands with their own usage (check, new) read the kind, not the text.
    @Test func usageErrorsCarryTheirKindAndData() throws {
        let cases: [(CommandSpec, [String], UsageError.Kind)] = [
            (Commands.render, ["f.lua", "--fps", "0"], .invalidValue(option: "--fps", value: "0")),
            (Commands.render, ["f.lua", "--fps"], .missingValue(option: "--fps")),
            (Commands.render, ["f.lua", "--device", "Nokia"], .unknownDevice("Nokia")),
            (Commands.render, ["f.lua", "g.lua"], .unexpectedArgument("g.lua")),
            (Commands.render, ["f.lua", "--fps", "10", "--fps", "20"], .givenTwice(option: "--fps")),
            (Commands.render, ["f.lua", "--frobnicate"], .unknownOption("--frobnicate", command: "render")),
            (Commands.check, [], .missingOperands(command: "check", operands: "FILE...")),
        ]
        for (command, arguments, kind) in cases {
            do {
                _ = try command.parse(arguments[...])
                Issue.record("\(command.name) \(arguments) was accepted")
            } catch let error as UsageError {
                #expect(error.kind == kind, "\(arguments) → \(error.kind)")
            }
        }
        #expect(throws: UsageError.self) { _ = try commandCheck([]) }
        do { _ = try commandCheck([]) } catch let error as UsageError {
            #expect(error.message == "check needs at least one FILE (see transit check --help)")
        }
    }
}
