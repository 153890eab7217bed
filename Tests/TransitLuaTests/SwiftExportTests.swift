import Foundation
import Testing
@testable import TransitLua

// `transit export --swift` (docs/export.md, "Lua → Swift"): the Lua parser takes all of Lua 5.4;
// each construct the translator takes has a fixture (Tests/Fixtures/export/translated: NAME.lua
// and the Swift it must become, NAME.swift, written by hand as an iOS developer would write it,
// never pasted from the exporter), which type-checks against the generated UIKit interface; each construct it refuses has one (Tests/Fixtures/export/refused: NAME.lua and its
// exact message, NAME.txt).
@Suite struct SwiftExportTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures").appendingPathComponent("export")
    static let scripts = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("scripts")

    static func files(_ directory: String, _ suffix: String) throws -> [URL] {
        let url = fixtures.appendingPathComponent(directory)
        return try FileManager.default.contentsOfDirectory(at: url, includingPropertiesForKeys: nil)
            .filter { $0.lastPathComponent.hasSuffix(suffix) }.sorted { $0.path < $1.path }
    }

    // MARK: The parser

    @Test func theParserTakesAllOfLua54() throws {
        let source = """
        #!/usr/bin/env lua
        local a <const>, b <close> = 1, nil
        local s = [==[long ]] string]==] .. "esc\\n\\x41\\u{48}\\z
               tail" .. 'q'
        --[[ a long
        comment ]]
        local n = 0x1F + 1e3 + .5 + 3. + 0x1p4
        local t = { 1, x = 2, ["k"] = 3; f = function(...) return select('#', ...) end }
        goto skip
        ::skip::
        local v = 1 + 2 * 3 ^ 2 ^ 2 .. "x" == "y" or not a and b
        local bits = 1 << 2 | 3 & ~4 >> 1 ~ 5 // 2 % 3
        for i = 10, 1, -1 do if i then break elseif i then else end end
        for k, w in pairs(t) do repeat local z = k until z end
        while false do do end end
        function t.a.b:c(x, ...) return ... end
        local function f() return end
        f{}; f"s"; t:c(1)
        return -#t, a.b[1]:c()
        """
        let chunk = try LuaParser.parse(source)
        #expect(chunk.block.count == 17)
        #expect(chunk.comments.map(\.line) == [5])
        // 1 + 2 * 3 ^ 2 ^ 2 .. "x" == "y" or not a and b:  (((1 + (2 * (3 ^ (2 ^ 2)))) .. "x") == "y") or ((not a) and b)
        guard case .local(_, let values, _) = chunk.block[6], case .binary("or", let left, let right, _) = values[0] else {
            Issue.record("precedence: not an or at the top"); return
        }
        guard case .binary("==", .binary("..", .binary("+", _, .binary("*", _, .binary("^", _, .binary("^", _, _, _), _), _), _), _, _), _, _) = left else {
            Issue.record("precedence of == .. + * ^"); return
        }
        guard case .binary("and", .unary("not", _, _), _, _) = right else { Issue.record("precedence of not and"); return }
        guard case .local(_, let strings, _) = chunk.block[1], case .binary("..", .string("long ]] string", _), .binary("..", .string("esc\nAHtail", _), _, _), _) = strings[0] else {
            Issue.record("strings: \(chunk.block[1])"); return
        }
        guard case .local(let names, _, _) = chunk.block[0] else { return }
        #expect(names.map(\.attrib) == ["const", "close"])
        // Bitwise priorities: | lowest, then ~, &, shifts, .., arithmetic.
        guard case .local(_, let bits, _) = chunk.block[7], case .binary("|", _, .binary("~", .binary("&", _, .binary(">>", .unary("~", _, _), _, _), _), _, _), _) = bits[0] else {
            Issue.record("bitwise precedence: \(chunk.block[7])"); return
        }
    }

    @Test func syntaxErrorsNameTheirLine() {
        for (source, line) in [("local x = = 1", 1), ("if x then\n\nlocal y = 1", 3), ("x = [[never closed", 1), ("local s = 'a\nb'", 1)] {
            do {
                _ = try LuaParser.parse(source)
                Issue.record("\(source) parsed")
            } catch let error as LuaSyntaxError {
                #expect(error.line == line, "\(source): \(error)")
            } catch { Issue.record("\(error)") }
        }
    }

    @Test func everyShippedScriptParses() throws {
        var count = 0
        let enumerator = FileManager.default.enumerator(at: Self.scripts, includingPropertiesForKeys: nil)!
        for case let url as URL in enumerator where url.pathExtension == "lua" {
            let source = try String(contentsOf: url, encoding: .utf8)
            do { _ = try LuaParser.parse(source); count += 1 } catch { Issue.record("\(url.lastPathComponent): \(error)") }
        }
        #expect(count > 60)
    }

    // MARK: The translator

    @Test func eachTranslatedFixtureBecomesItsSwift() throws {
        let sources = try Self.files("translated", ".lua")
        #expect(sources.count >= 10)
        for source in sources {
            let expected = try String(contentsOf: source.deletingPathExtension().appendingPathExtension("swift"), encoding: .utf8)
            do {
                let swift = try SwiftExporter.export(try String(contentsOf: source, encoding: .utf8), file: source)
                #expect(swift == expected, "\(source.lastPathComponent):\n\(swift)")
            } catch { Issue.record("\(source.lastPathComponent): \(error)") }
        }
    }

    @Test func eachRefusedFixtureStopsWithItsMessage() throws {
        let sources = try Self.files("refused", ".lua")
        #expect(sources.count >= 15)
        for source in sources {
            let expected = try String(contentsOf: source.deletingPathExtension().appendingPathExtension("txt"), encoding: .utf8)
                .trimmingCharacters(in: .newlines)
            do {
                let swift = try SwiftExporter.export(try String(contentsOf: source, encoding: .utf8), file: source)
                Issue.record("\(source.lastPathComponent) was exported:\n\(swift)")
            } catch let error as SwiftExportError {
                // A module's file is named from the current directory: here, from the fixtures'.
                let directory = source.deletingLastPathComponent().standardizedFileURL.path + "/"
                let relative = directory.replacingOccurrences(of: FileManager.default.currentDirectoryPath + "/", with: "")
                let message = error.message(file: source.lastPathComponent)
                    .replacingOccurrences(of: directory, with: "").replacingOccurrences(of: relative, with: "")
                #expect(message == expected)
            }
        }
    }

    /// The interface compiled once for the run; each expected file, and what the exporter makes
    /// of each shipped effect it takes, type-checked against it.
    @Test(.timeLimit(.minutes(5))) func theExpectedAndExportedSwiftTypeChecks() throws {
        guard let swiftc = SwiftInterfaceTests.swiftc() else {
            Issue.record("swiftc is not on PATH: the exported Swift cannot be type-checked")
            return
        }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("transit-swift-export-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try TransitAPI.description.swiftInterface.write(to: directory.appendingPathComponent("UIKit.swift"), atomically: true, encoding: .utf8)
        let module = try SwiftInterfaceTests.run(swiftc, ["-emit-module", "-module-name", "UIKit", "-parse-as-library", "UIKit.swift",
                                                          "-emit-module-path", directory.appendingPathComponent("UIKit.swiftmodule").path], in: directory)
        #expect(module.status == 0, "swiftc -emit-module failed:\n\(module.output.prefix(4000))")
        guard module.status == 0 else { return }

        var files = try Self.files("translated", ".swift")
        // The shipped effects the exporter takes (docs/export.md lists them).
        for name in ["animators/cardStack", "animators/crossDissolve", "animators/crossfade", "animators/cube", "animators/explode",
                     "animators/flip", "animators/natgeo", "animators/pan", "animators/turn", "presentations/blurIn"] {
            let source = try String(contentsOf: Self.scripts.appendingPathComponent(name + ".lua"), encoding: .utf8)
            let swift = try SwiftExporter.export(source)
            let url = directory.appendingPathComponent(name.replacingOccurrences(of: "/", with: "-") + ".swift")
            try swift.write(to: url, atomically: true, encoding: .utf8)
            files.append(url)
        }
        for file in files {
            // As Linux's swiftc reads an export: without @objc, #selector(m) as Selector(self.m).
            let checked = directory.appendingPathComponent("checked-" + file.lastPathComponent)
            try SwiftExporter.linuxTypeCheckable(try String(contentsOf: file, encoding: .utf8)).write(to: checked, atomically: true, encoding: .utf8)
            let result = try SwiftInterfaceTests.run(swiftc, ["-typecheck", "-parse-as-library", "-I", directory.path, checked.path], in: directory)
            #expect(result.status == 0, "\(file.lastPathComponent) does not type-check:\n\(result.output.prefix(3000))")
        }
    }
}
