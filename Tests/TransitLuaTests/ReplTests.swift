import CLua
import Foundation
import Testing
@testable import TransitCore
@testable import TransitLua

// The REPL's pieces inside TransitLua: the inspector's formatting rules, lua.c's input rules,
// completion (raw, from the API and the engine's hook names), and reload's generations.

private func inspect(_ h: Harness, _ expression: String, _ configure: (inout InspectorLimits) -> Void = { _ in }) throws -> String {
    var limits = InspectorLimits()
    configure(&limits)
    return try h.runtime.inspect(expression: expression, limits: limits)
}

@Suite struct InspectorTests {
    @Test func listsPrintWithoutKeysAndRecordsSorted() throws {
        let h = try Harness()
        #expect(try inspect(h, "{ 1, 2, 3 }") == "{ 1, 2, 3 }")
        #expect(try inspect(h, "{ zeta = 1, alpha = true, [10] = 'x' }") == "{ [10] = \"x\", alpha = true, zeta = 1 }")
        #expect(try inspect(h, "{ ['not an identifier'] = 1, ['end'] = 2 }") == "{ [\"end\"] = 2, [\"not an identifier\"] = 1 }")
        #expect(try inspect(h, "{}") == "{}")
    }

    @Test func depthLimitElidesDeeperTables() throws {
        let h = try Harness()
        #expect(try inspect(h, "{ a = { b = { c = {} } } }") { $0.depth = 2 } == "{ a = { b = {…} } }")
        // An empty table beyond the limit still shows as empty: nothing is hidden.
        #expect(try inspect(h, "{ a = { b = {} } }") { $0.depth = 2 } == "{ a = { b = {} } }")
    }

    @Test func itemLimitCountsTheRest() throws {
        let h = try Harness()
        let text = try inspect(h, "{ 1, 2, 3, 4, 5, 6 }") { $0.items = 4 }
        #expect(text == "{ 1, 2, 3, 4, … (2 more) }")
    }

    @Test(.timeLimit(.minutes(1))) func cyclesAreMarkedButSharedTablesAreNot() throws {
        let h = try Harness()
        #expect(try inspect(h, "(function() local t = { name = 'loop' } t.self = t return t end)()") == "{ name = \"loop\", self = <cycle> }")
        // The same table twice, side by side, is not a cycle.
        #expect(try inspect(h, "(function() local s = { 1 } return { a = s, b = s } end)()") == "{ a = { 1 }, b = { 1 } }")
    }

    @Test func stringsAreQuotedInsideTablesAndShortened() throws {
        let h = try Harness()
        #expect(try inspect(h, "{ 'a\\nb\"' }") == "{ \"a\\nb\\\"\" }")
        #expect(try inspect(h, "{ ('x'):rep(10) }") { $0.stringLength = 4 } == "{ \"xxxx…\" }")
        #expect(try inspect(h, "'top level'") == "top level")
    }

    @Test func longTablesPrintOneEntryALine() throws {
        let h = try Harness()
        let text = try inspect(h, "{ first = ('a'):rep(40), second = ('b'):rep(40) }") { $0.lineWidth = 60 }
        #expect(text == "{\n  first = \"\(String(repeating: "a", count: 40))\",\n  second = \"\(String(repeating: "b", count: 40))\",\n}")
    }

    @Test func valuesObjectsAndClassesAreOneLiners() throws {
        let h = try Harness()
        #expect(try inspect(h, "CGRect(0, 247, 375, 420)") == "CGRect(0, 247, 375, 420)")
        #expect(try inspect(h, "CGPoint(1, 2)") == "CGPoint(1, 2)")
        #expect(try inspect(h, "UIView.new{ name = 'card', frame = CGRect(0, 247, 375, 420), alpha = 0.5 }")
                == "<UIView \"card\" frame=(0, 247, 375, 420) alpha=0.5 (not in a window)>")
        #expect(try inspect(h, "UIView") == "<class UIView>")
        #expect(try inspect(h, "NSObject:subclass('Fade')") == "<class Fade : NSObject>")
        #expect(try inspect(h, "UIViewController.new{ title = 'Inbox' }") == "<UIViewController \"Inbox\" (view not loaded)>")
    }

    @Test func printingRunsNoIndexMetamethod() throws {
        let h = try Harness()
        try h.run("calls = 0; proxy = setmetatable({ shown = 1 }, { __index = function() calls = calls + 1 end, __pairs = function() calls = calls + 1 end })")
        #expect(try inspect(h, "proxy") == "{ shown = 1 }")
        #expect(try h.run("return calls") == "0")
    }
}

@Suite struct ReplInputTests {
    @Test func expressionsFirstThenStatements() throws {
        let h = try Harness()
        #expect(h.runtime.evaluateReplChunk("1 + 1") == .values(["2"]))
        #expect(h.runtime.evaluateReplChunk("x = 5") == .values([]))
        #expect(h.runtime.evaluateReplChunk("x, 'two'") == .values(["5", "two"]))
    }

    /// lua5.4 -i's `= expr` (lua.c: a first line starting with '=' is "return" and the rest).
    @Test func anEqualsSignIsReturn() throws {
        let h = try Harness()
        #expect(h.runtime.evaluateReplChunk("x = 7") == .values([]))
        #expect(h.runtime.evaluateReplChunk("= x * 2") == .values(["14"]))
        #expect(h.runtime.evaluateReplChunk("=x, 'and'") == .values(["7", "and"]))
        #expect(h.runtime.evaluateReplChunk("= {\n  x\n}") == .values(["{ 7 }"]))
    }

    @Test func unfinishedChunksWaitForMoreLines() throws {
        let h = try Harness()
        #expect(h.runtime.evaluateReplChunk("for i = 1, 2 do") == .incomplete)
        #expect(h.runtime.evaluateReplChunk("for i = 1, 2 do\n y = i\nend") == .values([]))
        #expect(h.runtime.evaluateReplChunk("y") == .values(["2"]))
        guard case .failure(let message) = h.runtime.evaluateReplChunk("for", endOfInput: true) else {
            Issue.record("an unfinished chunk at the end of input must fail"); return
        }
        #expect(message.hasSuffix("<eof>"))
    }

    /// Past line 2,000 a chunk is numbered from its start, so a long piped session does not
    /// read every earlier line again for each chunk (its time would grow with the square).
    @Test func chunksFarIntoALongSessionNameTheirStartLine() throws {
        let h = try Harness()
        guard case .failure(let message) = h.runtime.evaluateReplChunk("local x = 1\nerror('boom')", firstLine: 50_000) else {
            Issue.record("error() must fail"); return
        }
        #expect(message.hasPrefix("stdin (line 50000):2: boom"), "\(message)")
        guard case .failure(let near) = h.runtime.evaluateReplChunk("error('boom')", firstLine: LuaRuntime.maximumPaddedLine) else {
            Issue.record("error() must fail"); return
        }
        #expect(near.hasPrefix("stdin:\(LuaRuntime.maximumPaddedLine): boom"), "\(near)")
    }

    @Test func errorsNameTheInputLine() throws {
        let h = try Harness()
        guard case .failure(let message) = h.runtime.evaluateReplChunk("error('boom')", firstLine: 12) else {
            Issue.record("error() must fail"); return
        }
        #expect(message.hasPrefix("stdin:12: boom"))
        guard case .failure(let syntax) = h.runtime.evaluateReplChunk("x = = 1", firstLine: 3) else {
            Issue.record("a syntax error must fail"); return
        }
        #expect(syntax.hasPrefix("stdin:3:"))
    }
}

@Suite struct CompletionTests {
    @Test func globalsFieldsAndMethods() throws {
        let h = try Harness()
        #expect(h.runtime.completions(for: "transit.wa") == ["transit.wait"])
        #expect(h.runtime.completions(for: "UIView.anim").contains("UIView.animate"))
        try h.run("v = UIView.new()")
        #expect(h.runtime.completions(for: "v:addSub") == ["v:addSubview"])
        #expect(h.runtime.completions(for: "v.fra") == ["v.frame"])
        #expect(h.runtime.completions(for: "UIVi").contains("UIView"))
        #expect(h.runtime.completions(for: "whi") == ["while"])
    }

    @Test func luaClassesOfferTheirMethodsAndTheProtocolsHooks() throws {
        let h = try Harness()
        try h.run("""
            Fade = NSObject:subclass("Fade")
            function Fade:customStep() end
            fade = Fade.new()
            fade.note = 1
            """)
        #expect(h.runtime.completions(for: "fade:custom") == ["fade:customStep"])
        #expect(h.runtime.completions(for: "fade.no") == ["fade.note"])
        #expect(h.runtime.completions(for: "Fade:anim") == ["Fade:animateTransition", "Fade:animationControllerForDismissed",
                                                              "Fade:animationControllerForOperation", "Fade:animationControllerForPresented",
                                                              "Fade:animationControllerForTransitionFrom", "Fade:animationDidStart",
                                                              "Fade:animationDidStop", "Fade:animationEnded"])
        try h.run("Sheet = UIPresentationController:subclass('Sheet')")
        #expect(h.runtime.completions(for: "Sheet:presentationTransitionW") == ["Sheet:presentationTransitionWillBegin"])
    }

    @Test func completionRunsNoScriptCode() throws {
        let h = try Harness()
        try h.run("calls = 0; proxy = setmetatable({}, { __index = function(_, k) calls = calls + 1; return { deep = 1 } end })")
        #expect(h.runtime.completions(for: "proxy.anything.de") == [])
        #expect(h.runtime.completions(for: "proxy.") .allSatisfy { !$0.isEmpty })
        #expect(try h.run("return calls") == "0")
    }

    /// Every hook the engine calls (TransitCore's `Hook` constants) is offered by completion:
    /// the protocols, or a bound class's hooks and methods.
    @Test func everyHookTheEngineCallsIsKnown() throws {
        let engineHooks = Set((Hook.protocols + Hook.classes).flatMap(\.hooks))
        #expect(engineHooks.contains("animateTransition"))
        let api = LuaRuntime.apiDescription
        var known = Set(TransitioningProtocols.allHooks)
        for cls in api.classes { known.formUnion(cls.hooks.map(\.name)); known.formUnion(cls.methods.map(\.name)) }
        #expect(engineHooks.subtracting(known).isEmpty, "hooks the engine calls but completion does not know: \(engineHooks.subtracting(known).sorted())")
    }
}

@Suite struct HotSwapTests {
    private func writeEffect(_ url: URL, duration: Double, label: String) throws {
        try """
        local Fade = NSObject:subclass("Fade")
        function Fade:transitionDuration() return \(duration) end
        function Fade:start(view)
          UIView.animate(1, function() view.alpha = 0 end, function() log[#log + 1] = "\(label)" end)
        end
        return Fade.new()
        """.write(to: url, atomically: true, encoding: .utf8)
    }

    private func temporaryFile(_ name: String) -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("transit-hotswap-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory.appendingPathComponent(name)
    }

    @Test func reloadPatchesLiveObjectsAndSkipsOldCallbacks() throws {
        let h = try Harness()
        let file = temporaryFile("fade.lua")
        try writeEffect(file, duration: 0.4, label: "old")
        guard let effect = try h.runtime.runFile(file) else { Issue.record("the effect returns a value"); return }
        h.runtime.push(effect)
        lua_setglobal(h.runtime.L, "effect")
        try h.run("log = {}; view = UIView.new(); effect:start(view)")
        try writeEffect(file, duration: 0.25, label: "new")
        let report = try h.runtime.reload(file)
        #expect(report.patchedClasses == ["Fade"])
        // The object made by the old code has the new method and keeps its identity.
        #expect(try h.run("return effect:transitionDuration()") == "0.25")
        try h.world.advance(to: 2)
        #expect(try h.run("return #log") == "0")
        #expect(h.runtime.takeSkippedCallbacks().count == 1)
        #expect(h.world.trace.lines.contains { $0.contains("skipped a completion (UIView.animate completion) from the previous version") })
        // Callbacks stored by the new version run.
        try h.run("effect:start(view)")
        try h.world.advance(to: 4)
        #expect(try h.run("return log[1]") == "new")
    }

    @Test func aFailedReloadLeavesTheClassAsItWas() throws {
        let h = try Harness()
        let file = temporaryFile("fade.lua")
        try writeEffect(file, duration: 0.4, label: "old")
        guard let effect = try h.runtime.runFile(file) else { Issue.record("the effect returns a value"); return }
        h.runtime.push(effect)
        lua_setglobal(h.runtime.L, "effect")
        try """
        local Fade = NSObject:subclass("Fade")
        function Fade:transitionDuration() return 9 end
        error("half way")
        """.write(to: file, atomically: true, encoding: .utf8)
        #expect(throws: ScriptError.self) { try h.runtime.reload(file) }
        #expect(try h.run("return effect:transitionDuration()") == "0.4")
        #expect(try h.run("return type(effect.start)") == "function")
        // Callbacks are not skipped: no version of the file replaced the old one.
        try h.run("log = {}; effect:start(UIView.new())")
        try h.world.advance(to: 2)
        #expect(try h.run("return log[1]") == "old")
    }

    @Test func staleMeansOlderThanTheFilesLastReload() throws {
        let h = try Harness()
        #expect(!h.runtime.isStale(source: "@fade.lua", generation: 0))
        h.runtime.hotSwap.generation = 2
        h.runtime.hotSwap.reloadedSources["@fade.lua"] = 2
        #expect(h.runtime.isStale(source: "@fade.lua", generation: 1))
        #expect(!h.runtime.isStale(source: "@fade.lua", generation: 2))
        #expect(!h.runtime.isStale(source: "@other.lua", generation: 0))
        #expect(!h.runtime.isStale(source: nil, generation: 0))
    }

    @Test func subclassOutsideAReloadMakesANewClass() throws {
        let h = try Harness()
        #expect(try h.bool("local A = NSObject:subclass('Same'); local B = NSObject:subclass('Same'); return rawequal(A, B)") == false)
    }
}

/// tree(x) starts at x; dir(x) lists an object's members, reading only what has no side effect.
@Suite struct ReplInspectionHelperTests {
    private func prompt() throws -> (LuaRuntime, () -> [String]) {
        let runtime = try LuaRuntime(world: World(device: Device.named("iPhone SE")!))
        var lines: [String] = []
        runtime.output = { lines.append($0) }
        try runtime.installReplHelpers(effectFile: nil, extra: [])
        return (runtime, { defer { lines.removeAll() }; return lines })
    }

    @Test func treeStartsAtTheViewOrControllerGiven() throws {
        let (runtime, printed) = try prompt()
        _ = runtime.evaluateReplChunk("card = UIView.new{ name = 'card', frame = CGRect(1, 2, 30, 40) }; card:addSubview(UIView.new{ name = 'inner' })")
        _ = printed()
        #expect(runtime.evaluateReplChunk("tree(card)") == .values([]))
        let lines = printed().joined(separator: "\n").split(separator: "\n")
        #expect(lines.first == "UIView \"card\" frame=(1, 2, 30, 40)", "\(lines)")
        #expect(lines.count == 2 && lines[1].hasPrefix("  UIView \"inner\""), "\(lines)")
        _ = runtime.evaluateReplChunk("vc = UIViewController.new{ title = 'Detail' }")
        _ = runtime.evaluateReplChunk("tree(vc)")
        #expect(printed().joined().hasPrefix("UIViewController \"Detail\".view"))
        guard case .failure(let message) = runtime.evaluateReplChunk("tree(3)") else { Issue.record("tree(3) must fail"); return }
        #expect(message.contains("tree: argument 1 (view) must be a UIView or a UIViewController (got number)"), "\(message)")
    }

    @Test func dirListsMembersAndReadsOnlyPlainValues() throws {
        let (runtime, printed) = try prompt()
        _ = runtime.evaluateReplChunk("vc = UIViewController.new{ title = 'Detail' }")
        _ = printed()
        _ = runtime.evaluateReplChunk("dir(vc)")
        let text = printed().joined(separator: "\n")
        #expect(text.contains("property title"), "\(text)")
        #expect(text.range(of: #"property +title +string\? = Detail"#, options: .regularExpression) != nil, "\(text)")
        #expect(text.range(of: #"method +present +\(viewController, animated, completion\)"#, options: .regularExpression) != nil, "\(text)")
        #expect(text.contains("hook     viewDidLoad"), "\(text)")
        // An object-valued property is listed, not read: reading sheetPresentationController
        // would create one.
        #expect(text.contains("sheetPresentationController") && !text.contains("sheetPresentationController = "), "\(text)")
        #expect(runtime.evaluateReplChunk("return vc.sheetPresentationController ~= nil") == .values(["true"]))
        _ = runtime.evaluateReplChunk("dir({ b = 2, a = 'x' })")
        #expect(printed().map { $0.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: "  ", with: " ") }.filter { !$0.isEmpty }.count == 2)
        guard case .failure(let message) = runtime.evaluateReplChunk("dir(3)") else { Issue.record("dir(3) must fail"); return }
        #expect(message.contains("dir: argument 1 must be an object or a table (got number)"), "\(message)")
    }
}
