import Foundation
import Testing
import TransitLua
@testable import transit

/// `transit fuzz`'s generators: each selected one shows up in the scripts of a fixed seed, and a
/// seed with a selection names one exact set of scripts (a reproducer is named by its seed).
@Suite struct FuzzGeneratorTests {
    static let api = FuzzAPI(luaLanguageServerDefinitions: LuaRuntime.apiDescription.luaLanguageServerDefinitions)

    /// The scripts `transit fuzz --seed seed --count count --calls calls` writes, as it seeds them.
    static func scripts(seed: UInt64 = 7, count: Int = 60, calls: Int = 200,
                        selection: Set<FuzzGenerator.Kind> = Set(FuzzGenerator.Kind.allCases))
        -> [(source: String, runner: FuzzGenerator.Runner, calls: [FuzzGenerator.Kind: Int])] {
        (0..<count).map { index in
            var generator = FuzzGenerator(api: api, seed: seed &* 1_000_003 &+ UInt64(index), selection: selection)
            let source = generator.script(calls: calls)
            return (source, generator.runner, generator.callsByKind)
        }
    }

    @Test func sameSeedSameScripts() {
        let first = Self.scripts(count: 12), second = Self.scripts(count: 12)
        #expect(first.map(\.source) == second.map(\.source))
        #expect(first.map(\.runner) == second.map(\.runner))
        #expect(first.map(\.calls) == second.map(\.calls))
        // Another seed, or another selection, is another set.
        #expect(Self.scripts(seed: 8, count: 12).map(\.source) != first.map(\.source))
        #expect(Self.scripts(count: 12, selection: [.calls]).map(\.source) != first.map(\.source))
    }

    /// Each generator leaves its mark in the text (or the runner) of some script of seed 7, and
    /// its calls are counted under its name.
    @Test func everyGeneratorAppears() {
        let scripts = Self.scripts()
        let text = scripts.map(\.source).joined(separator: "\n")
        var counted: [FuzzGenerator.Kind: Int] = [:]
        for script in scripts { counted.merge(script.calls, uniquingKeysWith: +) }
        for kind in FuzzGenerator.Kind.allCases {
            #expect(counted[kind, default: 0] > 0, "no calls counted for \(kind.rawValue)")
        }
        // unprotected: a statement outside try, as a plain block.
        #expect(text.contains("\ndo "))
        // calls: lists are built with data sources that answer at random.
        #expect(text.contains("cv.dataSource = { numberOfSections") && text.contains("tv.dataSource = { numberOfRowsInSection"))
        // render: some scripts are rendered, as GIFs and as filmstrips.
        #expect(scripts.contains { $0.runner == .gif } && scripts.contains { $0.runner == .filmstrip })
        // threads: callbacks keep their thread; kept threads are closed and resumed.
        #expect(text.contains("function(...) keep(coroutine.running())"))
        #expect(text.contains("coroutine.close(t)") && text.contains("coroutine.resume(t,") && text.contains("coroutine.wrap("))
        // extreme: the edge numbers reach value fields and virtual time.
        for number in ["1e300", "2^63", "-2^63", "1e17", "2e17", "-0.0", "1e-300", "math.mininteger"] {
            #expect(text.contains(number), "\(number) never generated")
        }
        #expect(text.contains("transit.step(") && text.contains("transit.seek("))
        // hostile: non-string errors and host recursion.
        #expect(text.contains("raise({})") && text.contains("local function f() return 1 + f() end"))
        // hangs, time, traps: their statements.
        // (Any of the hang statements: which ones seed 7 draws moves as the API grows.)
        let hangs = ["while true do end", "string.rep(\"a*\", 30)", "string.rep(\"\", math.maxinteger)", "\".-.-.-.-y\"",
                     "string.rep(\"a?\", 40)", "\".-.-.-.-z\"", "\".-.-.-y\""]
        #expect(hangs.contains { text.contains($0) })
        #expect(text.contains("keep(CADisplayLink.new(function() keep(transit.now()) end)") || text.contains("keep(Timer.scheduledTimer(0.01, true"))
        #expect(text.contains("keep(coroutine.close(t))") && text.contains("local t = mainThread"))
    }

    /// A selection without a generator leaves no trace of it: scripts/test relies on this to
    /// keep the statements that hang or crash today out of its campaign.
    @Test func leftOutGeneratorsLeaveNoTrace() {
        let safe: Set<FuzzGenerator.Kind> = [.calls, .unprotected, .render, .threads, .extreme, .hostile]
        let scripts = Self.scripts(selection: safe)
        let text = scripts.map(\.source).joined(separator: "\n")
        #expect(!text.contains("while true do end"))
        #expect(!text.contains("string.rep(\"a*\", 30)"))
        #expect(!text.contains("local t = mainThread"))
        #expect(!text.contains("transit.step(1e17)") && !text.contains("transit.wait(2e17)"))
        for script in scripts { #expect(script.calls[.hangs] == nil && script.calls[.time] == nil && script.calls[.traps] == nil) }
        // Only calls: nothing rendered, nothing unprotected.
        let plain = Self.scripts(selection: [.calls])
        #expect(plain.allSatisfy { $0.runner == .run && Set($0.calls.keys) == [.calls] })
    }

    @Test func selectionParsing() throws {
        #expect(try FuzzGenerator.Kind.parse("all") == Set(FuzzGenerator.Kind.allCases))
        #expect(try FuzzGenerator.Kind.parse("calls,render") == [.calls, .render])
        #expect(throws: UsageError.self) { try FuzzGenerator.Kind.parse("calls,bogus") }
        #expect(throws: UsageError.self) { try FuzzGenerator.Kind.parse("") }
    }

    /// Options tables are read from the stubs' exact classes as tables to fill, not as classes
    /// to call: the generator writes their keys (and, now and then, one they do not take).
    @Test func optionTablesAreReadAsTablesToFill() throws {
        let api = Self.api
        let animate = try #require(api.optionTables["UIView.AnimateOptions"])
        #expect(animate.contains { $0.name == "duration" && !$0.isOptional } && animate.contains { $0.name == "delay" && $0.isOptional })
        #expect(!api.classes.contains { $0.name == "UIView.AnimateOptions" })
        var generator = FuzzGenerator(api: api, seed: 7)
        var tables: [String] = []
        for _ in 0..<200 { tables.append(generator.value("UIView.AnimateOptions")) }
        #expect(tables.contains { $0.contains("[\"duration\"] = ") && $0.contains("[\"animations\"] = ") })
    }
}
