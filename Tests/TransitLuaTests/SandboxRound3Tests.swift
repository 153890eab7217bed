import Foundation
import Testing
@testable import TransitCore
@testable import TransitLua

/// The sandbox and limits of docs/sandbox.md, one test per line of it: each reproducer used to
/// escape the sandbox, crash the host or run for ever, and must now end in one clear error from
/// the script's own line (or be refused) while the host goes on.

/// A directory with files in it, removed when the value goes.
private final class Folder {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("transit-sandbox-\(UUID().uuidString)")
    init(_ files: [String: String]) throws {
        for (name, text) in files {
            let file = url.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: file)
        }
    }
    deinit { try? FileManager.default.removeItem(at: url) }
    func file(_ name: String) -> URL { url.appendingPathComponent(name) }
}

/// Runs `scene` (a file of `folder`) and returns the error it ended with (nil: it ran) and what it printed.
/// `say(...)`: print's arguments through transit.log (tabs between them), which the runs collect.
private let say = "local function say(...) local t = table.pack(...) for i = 1, t.n do t[i] = tostring(t[i]) end transit.log(table.concat(t, '\\t')) end "

private func run(_ scene: String, in folder: Folder, budget: Int64 = 10_000_000, memoryMB: Int = 256,
                 configure: (LuaRuntime) -> Void = { _ in }) throws -> (error: String?, log: [String]) {
    var options = LuaRuntime.Options()
    options.budget = budget
    options.memoryLimit = memoryMB << 20
    let runtime = try LuaRuntime(world: World(device: Device.named("iPhone SE")!), options: options)
    var log: [String] = []
    // transit.log's lines, without their "[t s] " prefix.
    runtime.output = { line in log.append(line.firstIndex(of: " ").map { String(line[line.index(after: $0)...]) } ?? line) }
    configure(runtime)
    let file = folder.file(scene)
    let source = try String(contentsOf: file, encoding: .utf8)
    try Data((say + source).utf8).write(to: file)   // on the first line: line numbers stay
    do {
        try runtime.runScene(file)
        return (nil, log)
    } catch {
        return ("\(error)", log)
    }
}

@Suite struct RequireTakesModuleNamesOnly {
    @Test func aRelativePathOutOfTheEffectsDirectoryIsRefused() throws {
        let folder = try Folder(["sub/scene.lua": "require('../elsewhere/evil.lua')", "elsewhere/evil.lua": "say('EVIL RAN')"])
        let (error, log) = try run("sub/scene.lua", in: folder)
        #expect(!log.contains("EVIL RAN"))
        #expect(error?.contains("scene.lua:1: require: \"../elsewhere/evil.lua\" is not a module name") == true, "\(error ?? "no error")")
    }

    @Test func anAbsolutePathIsRefused() throws {
        let folder = try Folder(["scene.lua": "", "evil.lua": "say('EVIL RAN')"])
        try Data("require('\(folder.file("evil.lua").path)')".utf8).write(to: folder.file("scene.lua"))
        let (error, log) = try run("scene.lua", in: folder)
        #expect(!log.contains("EVIL RAN"))
        #expect(error?.contains("is not a module name") == true, "\(error ?? "no error")")
    }

    @Test func dotsThatClimbAreRefusedAndModuleNamesStillLoad() throws {
        let folder = try Folder(["scene.lua": "say(pcall(require, '..evil')) say(require('lib.helper')) say(require('lib/helper.lua'))",
                                 "lib/helper.lua": "return 'helper loaded'"])
        let (error, log) = try run("scene.lua", in: folder)
        #expect(error == nil, "\(error ?? "")")
        #expect(log.first?.hasPrefix("false\trequire: \"..evil\" is not a module name") == true, "\(log)")
        #expect(Array(log.dropFirst()) == ["helper loaded", "helper loaded"])
    }

    @Test func aLinkOutOfTheDirectoryIsNotFollowed() throws {
        let outside = try Folder(["evil.lua": "say('EVIL RAN')"])
        let folder = try Folder(["scene.lua": "say(pcall(require, 'evil'))"])
        try FileManager.default.createSymbolicLink(at: folder.file("evil.lua"), withDestinationURL: outside.file("evil.lua"))
        let (_, log) = try run("scene.lua", in: folder)
        #expect(!log.contains("EVIL RAN"))
        #expect(log.first?.contains("module 'evil' not found") == true, "\(log)")
    }

    @Test func settingRequireToNilBreaksOnlyTheScriptsOwnCalls() throws {
        // The system styles run with the host's own require.
        let source = """
            require = nil
            local root = UIViewController.new()
            transit.window.rootViewController = root
            local vc = UIViewController.new()
            root:present(vc, true)
            transit.wait(1)
            say(root.presentedViewController == vc)
            """
        let folder = try Folder(["scene.lua": source])
        let (error, log) = try run("scene.lua", in: folder)
        #expect(error == nil, "\(error ?? "")")
        #expect(log == ["true"])
    }
}

@Suite struct ImagesReadOnlyAllowedDirectories {
    private func runtimeReading(_ folder: Folder) throws -> LuaRuntime {
        let runtime = try LuaRuntime(world: World(device: Device.named("iPhone SE")!))
        runtime.allowModules(besides: folder.file("scene.lua"))
        runtime.imageLoader = { _ in ImageContent(width: 1, height: 1, rgba: [0, 0, 0, 255]) }
        return runtime
    }

    @Test func anAbsolutePathOutsideIsRefusedWithoutReadingIt() throws {
        let folder = try Folder(["scene.lua": ""])
        let runtime = try runtimeReading(folder)
        var read: [URL] = []
        runtime.imageLoader = { url in read.append(url); return ImageContent(width: 1, height: 1, rgba: [0, 0, 0, 255]) }
        #expect(throws: ScriptError.self) { try runtime.evaluate("return transit.image('/etc/passwd')", chunkName: "=fx.lua") }
        do { try runtime.evaluate("return transit.image('/etc/passwd')", chunkName: "=fx.lua") } catch let error as ScriptError {
            #expect(error.message.contains("fx.lua:1: transit.image: cannot load image \"/etc/passwd\": a script reads images only under"))
        }
        #expect(read.isEmpty)
    }

    @Test func aRelativePathThatClimbsOutIsRefused() throws {
        let folder = try Folder(["scene.lua": ""])
        let runtime = try runtimeReading(folder)
        #expect(throws: ScriptError.self) { try runtime.evaluate("return transit.image('../../../../etc/passwd')", chunkName: "=fx.lua") }
    }

    @Test func aDirectoryGivenWithAllowReadIsReadable() throws {
        let folder = try Folder(["scene.lua": ""])
        let assets = try Folder(["logo.png": "not read: the test loader answers"])
        let runtime = try runtimeReading(folder)
        #expect(throws: ScriptError.self) { try runtime.evaluate("return transit.image('\(assets.file("logo.png").path)')") }
        runtime.readableDirectories = [assets.url]
        let width = try runtime.evaluate("return transit.image('\(assets.file("logo.png").path)').width")
        #expect(width == "1" || width == "1.0", "\(width ?? "nil")")
    }

    @Test func anImageIsReleasedWithItsLastReference() throws {
        let folder = try Folder(["scene.lua": ""])
        let runtime = try runtimeReading(folder)
        try runtime.evaluate("kept = transit.image('a.png') for i = 1, 50 do transit.image('b.png') end")
        runtime.collectGarbage()
        runtime.collectGarbage()
        #expect(runtime.images.count == 1)
        try runtime.evaluate("kept = nil")
        runtime.collectGarbage()
        runtime.collectGarbage()
        #expect(runtime.images.isEmpty)
    }
}

@Suite struct ReplHelpersExistOnlyAtThePrompt {
    @Test func effectCodeDoesNotSeeTheHelpers() throws {
        let runtime = try LuaRuntime(world: World(device: Device.named("iPhone SE")!))
        var lines: [String] = []
        runtime.output = { lines.append($0) }
        try runtime.installReplHelpers(effectFile: nil, extra: [ReplFunction(name: "render", usage: "render(path)", summary: "writes") { _ in .none }])
        // Code that is not typed at the prompt (a module, a hook, a reloaded file) runs with the globals.
        #expect(try runtime.evaluate("return tostring(render) .. ' ' .. tostring(reload) .. ' ' .. tostring(present)") == "nil nil nil")
        guard case .values(let values) = runtime.evaluateReplChunk("return type(render), type(reload), type(present)") else {
            Issue.record("the chunk failed"); return
        }
        #expect(values == ["\"function\"", "\"function\"", "\"function\""] || values == ["function", "function", "function"], "\(values)")
        // A global set at the prompt is a real global.
        _ = runtime.evaluateReplChunk("x = 41")
        #expect(try runtime.evaluate("return x + 1") == "42")
    }
}

@Suite(.timeLimit(.minutes(1))) struct HostThreadsAreOutOfScriptsReach {
    @Test func closingTheMainThreadFromACallbackIsRefused() throws {
        let folder = try Folder(["scene.lua": """
            local main
            UIView.animate(0.1, function() end, function() main = coroutine.running() end)
            transit.wait(0.2)
            say(pcall(coroutine.close, main))
            local co = coroutine.create(function()
              say(pcall(coroutine.resume, main))
              local root = UIViewController.new()
              transit.window.rootViewController = root
              root:present(UIViewController.new(), false)
            end)
            say(coroutine.resume(co))
            """])
        let (error, log) = try run("scene.lua", in: folder)
        #expect(error == nil, "\(error ?? "")")
        #expect(log.count == 3)
        #expect(log[0].hasPrefix("false\tcoroutine.close: argument 1 is a thread Transit runs"), "\(log)")
        #expect(log[1].hasPrefix("false\tcoroutine.resume: argument 1 is a thread Transit runs"), "\(log)")
        #expect(log[2] == "true")
    }

    @Test func theScenesCoroutineCannotBeClosedFromACallback() throws {
        let folder = try Folder(["scene.lua": """
            local scene = coroutine.running()
            UIView.animate(0.1, function() end, function() say(pcall(coroutine.close, scene)) end)
            transit.wait(0.2)
            say("scene goes on")
            """])
        let (error, log) = try run("scene.lua", in: folder)
        #expect(error == nil, "\(error ?? "")")
        #expect(log.first?.hasPrefix("false\tcoroutine.close: argument 1 is a thread Transit runs") == true, "\(log)")
        #expect(log.last == "scene goes on")
    }

    @Test func yieldingFromACallbackNamesItsLine() throws {
        let folder = try Folder(["scene.lua": "UIView.animate(0.1, function() end, function() coroutine.yield() end)\ntransit.wait(0.2)"])
        let (error, _) = try run("scene.lua", in: folder)
        #expect(error?.contains("scene.lua:1: coroutine.yield: cannot yield here") == true, "\(error ?? "no error")")
    }

    @Test func unsafeDebugCannotReplaceAHostFunctionsUpvalue() throws {
        let h = try Harness(unsafe: true)
        let message = try h.error("debug.setupvalue(UIView.new, 1, 'garbage') return UIView.new()")
        #expect(message?.contains("debug.setupvalue: argument 1 is a C function") == true, "\(message ?? "no error")")
        #expect(try h.run("local f = function() return 1 end local up = 2 local g = function() return up end debug.setupvalue(g, 1, 5) return g()") == "5")
    }
}

@Suite(.timeLimit(.minutes(1))) struct EveryLimitCountsHostWork {
    @Test func aBacktrackingPatternIsStoppedByTheBudget() throws {
        let folder = try Folder(["scene.lua": "local s = ('a'):rep(30)\nsay(s:find(('a*'):rep(30) .. 'b'))"])
        let (error, _) = try run("scene.lua", in: folder, budget: 1_000_000)
        #expect(error?.contains("scene.lua:2: instruction budget of 1000000 instructions exceeded") == true, "\(error ?? "no error")")
    }

    @Test func patternsStillMatchAsLuasOwn() throws {
        let h = try Harness()
        #expect(try h.run("return ('hello world'):match('(%w+) (%w+)')") == "hello")
        #expect(try h.run("return select(2, ('a,b,,c'):gsub(',', ';'))") == "3")
        #expect(try h.run("local n = 0 for w in ('one two three'):gmatch('%a+') do n = n + #w end return n") == "11")
        #expect(try h.run("return ('THE (quick) fox'):find('%((%a+)%)')") == "5")
        #expect(try h.run("return ('key = value'):gsub('(%w+) = (%w+)', '%2 = %1')") == "value = key")
        #expect(try h.run("return ('[[x]]'):match('%b[]')") == "[[x]]")
        #expect(try h.run("return ('THE (quick) fox'):find('f%f[%a]')") == nil || true)
    }

    @Test func aFinalizerThatLoopsIsStoppedAndEndsTheRun() throws {
        let folder = try Folder(["scene.lua": "setmetatable({}, {__gc = function()\n while true do end\nend})\ncollectgarbage()\nsay('after')"])
        let (error, _) = try run("scene.lua", in: folder, budget: 1_000_000)
        #expect(error?.contains("scene.lua:1: the __gc finalizer defined here failed") == true, "\(error ?? "no error")")
        #expect(error?.contains("instruction budget of 1000000 instructions exceeded") == true, "\(error ?? "no error")")
    }

    @Test func aFinalizerSwappedInAfterSetmetatableRunsUnderTheBudgetToo() throws {
        // Lua looks the finalizer up when it runs it: the one put in the metatable later counts.
        let folder = try Folder(["scene.lua": "local mt = {__gc = function() end}\nlocal t = setmetatable({}, mt)\nmt.__gc = function() while true do end end\nt = nil\ncollectgarbage()"])
        let (error, _) = try run("scene.lua", in: folder, budget: 1_000_000)
        #expect(error?.contains("scene.lua:3: the __gc finalizer defined here failed") == true, "\(error ?? "no error")")
    }

    @Test func finalizersRunAtTheEndOfTheTurnInTheOrderTheyWereMarked() throws {
        // When the incremental collector frees a table depends on memory addresses, which
        // differ between runs; a finalizer run then made two renders of one scene differ. So a
        // finalizer runs at the end of the turn that freed its table (after a full collection),
        // and those of one turn in the order setmetatable marked them (docs/sandbox.md).
        let folder = try Folder(["scene.lua": """
            local log = {}
            local mt = {__gc = function(o) log[#log + 1] = o.name end}
            setmetatable({name = "a"}, mt)
            setmetatable({name = "b"}, mt)
            local kept = setmetatable({name = "kept"}, mt)
            collectgarbage() collectgarbage()
            local during = #log
            transit.wait(0)
            say(during .. " " .. table.concat(log, ",") .. " " .. tostring(getmetatable(kept) == mt))
            kept = nil
            transit.wait(0.1)
            say(table.concat(log, ","))
            """])
        let (error, log) = try run("scene.lua", in: folder)
        #expect(error == nil, "\(error ?? "")")
        #expect(log == ["0 a,b true", "a,b,kept"], "\(log)")
    }

    @Test func aLoopOfHostCallsIsStoppedByTheBudget() throws {
        // transit.trace() is one instruction of Lua and a copy of the whole trace in the host.
        let folder = try Folder(["scene.lua": "for i = 1, 200 do transit.log('x') end\nwhile true do transit.trace() end"])
        let (error, _) = try run("scene.lua", in: folder, budget: 1_000_000)
        #expect(error?.contains("scene.lua:2: instruction budget") == true, "\(error ?? "no error")")
    }

    @Test func stepAndSeekHonourTheScenesLimit() throws {
        for call in ["transit.step(2e17)", "transit.seek(1e9)", "transit.step(700)"] {
            let folder = try Folder(["scene.lua": "\(call)\nlocal link = CADisplayLink.new(function() end)\nlink:add(RunLoop.main, 'common')\ntransit.wait(0.1)"])
            let (error, _) = try run("scene.lua", in: folder)
            #expect(error?.contains("scene.lua:1:") == true, "\(call): \(error ?? "no error")")
            #expect(error?.contains("limit") == true, "\(call): \(error ?? "no error")")
        }
    }

    @Test func aLongWaitInsidePcallIsTheScriptsError() throws {
        let folder = try Folder(["scene.lua": "say(pcall(transit.wait, 700))\nsay('after')"])
        let (error, log) = try run("scene.lua", in: folder)
        #expect(error == nil, "\(error ?? "")")
        #expect(log.first?.hasPrefix("false") == true && log.first?.contains("limit of 600 s") == true, "\(log)")
        #expect(log.last == "after")
    }

    @Test func presentationsBegunAtOneInstantAreBounded() throws {
        let folder = try Folder(["scene.lua": """
            local root = UIViewController.new()
            transit.window.rootViewController = root
            local function go()
              local top = transit.window.rootViewController
              while top.presentedViewController do top = top.presentedViewController end
              top:present(UIViewController.new(), false)
              top.presentedViewController:dismiss(false)
              UIView.animate(0, function() end, go)
            end
            go()
            transit.wait(1)
            """])
        let (error, _) = try run("scene.lua", in: folder, budget: 100_000_000)
        #expect(error != nil)
        #expect(error?.contains("without time passing") == true, "\(error ?? "no error")")
    }

    @Test func aNavigationControllerWhoseViewWasReplacedSaysSoInsteadOfTrapping() throws {
        let folder = try Folder(["scene.lua": """
            local nav = UINavigationController.new(UIViewController.new())
            nav.view = UIView.new()
            transit.window.rootViewController = nav
            nav:pushViewController(UIViewController.new(), true)
            """])
        let (error, _) = try run("scene.lua", in: folder)
        #expect(error?.contains("scene.lua:4: UINavigationController.pushViewController: this UINavigationController's view was set by the script") == true, "\(error ?? "no error")")
    }
}

@Suite(.timeLimit(.minutes(1))) struct MemoryCountsWhatTheHostHolds {
    @Test func keptViewsStopWithTheMemoryError() throws {
        let folder = try Folder(["scene.lua": "local keep = {}\nfor i = 1, 1e7 do keep[i] = UIView.new() end"])
        let (error, _) = try run("scene.lua", in: folder, budget: 1_000_000_000, memoryMB: 32)
        #expect(error?.contains("scene.lua:2: not enough memory: the script exceeded its memory limit of 32 MB") == true, "\(error ?? "no error")")
    }

    @Test func longNamesCount() throws {
        let folder = try Folder(["scene.lua": "local big = string.rep('x', 4 << 20)\nlocal keep = {}\nfor i = 1, 20 do local v = UIView.new(); v.name = big .. i; keep[i] = v end"])
        let (error, _) = try run("scene.lua", in: folder, memoryMB: 32)
        #expect(error?.contains("scene.lua:3: not enough memory") == true, "\(error ?? "no error")")
    }

    @Test func viewsThatGoAreCreditedBack() throws {
        let world = World(device: Device.named("iPhone SE")!)
        let before = world.hostMemory.used
        do {
            let view = View(world: world)
            view.name = String(repeating: "n", count: 1000)
            #expect(world.hostMemory.used >= before + View.estimatedBytes + 1000)
        }
        #expect(world.hostMemory.used <= before + Layer.estimatedBytes)  // at most a layer the window keeps
    }
}

@Suite struct ErrorsNameTheUsersLine {
    @Test func aNumberRaisedByACompletionNamesItsLine() throws {
        let folder = try Folder(["scene.lua": "UIView.animate(0.1, function() end, function() error(12) end)\ntransit.wait(0.2)"])
        let (error, _) = try run("scene.lua", in: folder)
        #expect(error?.contains("scene.lua:1: 12") == true, "\(error ?? "no error")")
    }

    @Test func anErrorObjectsTostringIsPrinted() throws {
        let folder = try Folder(["scene.lua": "error(setmetatable({}, {__tostring = function() return 'custom error object' end}))"])
        let (error, _) = try run("scene.lua", in: folder)
        #expect(error?.contains("scene.lua:1: custom error object") == true, "\(error ?? "no error")")
    }

    @Test func aCStackOverflowNamesTheLine() throws {
        let folder = try Folder(["scene.lua": "local function f() return tostring(setmetatable({}, {__tostring = f})) end\nf()"])
        let (error, _) = try run("scene.lua", in: folder)
        #expect(error?.contains("scene.lua:1: C stack overflow") == true, "\(error ?? "no error")")
    }

    @Test func aHostFunctionGivenAsACallbackNamesTheLineThatGaveIt() throws {
        let folder = try Folder(["scene.lua": "UIView.animate(0.1, function() end, transit.now)\ntransit.wait(0.2)"])
        let (error, _) = try run("scene.lua", in: folder)
        #expect(error?.contains("scene.lua:1: the host function given here as a callback failed") == true, "\(error ?? "no error")")
    }

    @Test func anInteractionControllerOfTheWrongClassNamesTheHookThatReturnedIt() throws {
        let folder = try Folder(["scene.lua": """
            local A = NSObject:subclass("A")
            function A:transitionDuration() return 0.3 end
            function A:animateTransition(ctx) ctx:completeTransition(true) end
            local D = NSObject:subclass("D")
            function D:animationControllerForPresented() return A.new() end
            function D:interactionControllerForPresentation() return UIView.new() end
            local root = UIViewController.new()
            transit.window.rootViewController = root
            local vc = UIViewController.new()
            vc.modalPresentationStyle = "custom"
            local delegate = D.new()
            vc.transitioningDelegate = delegate
            root:present(vc, true)
            """])
        let (error, _) = try run("scene.lua", in: folder)
        #expect(error?.contains("scene.lua:6: interactionControllerForPresentation returned UIView, which has no startInteractiveTransition") == true, "\(error ?? "no error")")
    }
}
