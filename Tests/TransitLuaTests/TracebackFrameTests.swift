import CLua
import Testing
@testable import TransitCore
@testable import TransitLua

/// Tracebacks are frames taken with lua_getstack/lua_getinfo, and printed they are the text
/// Lua's own luaL_traceback gives for the same stack, so nothing needs the text to find them.
@Suite struct TracebackFrameTests {
    /// A suspended coroutine's stack, as frames and as Lua's text.
    private func compare(_ chunk: String) throws -> (Traceback, String) {
        let h = try Harness()
        try h.run(chunk)
        let L = h.runtime.L
        lua_getglobal(L, "co")
        let co = try #require(lua_tothread(L, -1))
        luaL_traceback(L, co, nil, 0)
        let lua = String(cString: lua_tolstring(L, -1, nil))
        transit_pop(L, 1)
        transit_pushframes(L, co, 0)
        let traceback = h.runtime.traceback(fromFramesAt: -1)
        transit_pushtracebacktext(L, -1)
        let written = String(cString: lua_tolstring(L, -1, nil))
        #expect(written == traceback.description, "the C text and the Swift text come from the same frames")
        return (traceback, lua)
    }

    @Test func framesPrintAsLuasTraceback() throws {
        let (traceback, lua) = try compare("""
            function leaf() coroutine.yield() end
            function viaTail() return leaf() end
            local function caller() viaTail() end
            co = coroutine.create(function() caller() end)
            coroutine.resume(co)
            """)
        #expect(traceback.description == lua, "\(traceback)\n---\n\(lua)")
        let frames = traceback.frames
        #expect(frames.first?.isC == true && frames.first?.line == nil)
        #expect(frames.contains { $0.function == "function 'leaf'" && $0.line == 1 && $0.isTailCall })
        #expect(frames.contains { $0.function == "upvalue 'caller'" || $0.function == "local 'caller'" })
    }

    @Test func aDeepStackLeavesOutItsMiddleAsLuaDoes() throws {
        let (traceback, lua) = try compare("""
            function deep(n) if n == 0 then coroutine.yield() else deep(n - 1) end return n end
            co = coroutine.create(function() deep(40) end)
            coroutine.resume(co)
            """)
        #expect(traceback.description == lua, "\(traceback)\n---\n\(lua)")
        #expect(traceback.entries.contains { if case .skipped = $0 { true } else { false } })
    }

    /// A script error's traceback is those frames; what the REPL and `run` leave out is
    /// chosen by frame.
    @Test func aScriptErrorsTracebackIsItsFrames() throws {
        let h = try Harness()
        var caught: ScriptError?
        do { try h.runtime.evaluate("function inner() error('boom') end\nfunction outer() inner() end\nouter()", chunkName: "=test.lua") } catch let error as ScriptError { caught = error }
        let error = try #require(caught)
        let traceback = try #require(error.traceback)
        #expect(error.location == SourceLocation(file: "test.lua", line: 1) && error.reason == "boom")
        #expect(traceback.frames.map(\.function).prefix(4) == ["function 'error'", "function 'inner'", "function 'outer'", "main chunk"])
        #expect(traceback.frames.map(\.line).prefix(4) == [nil, 1, 2, 3])
        #expect(error.message == "test.lua:1: boom\n" + traceback.description)
        let trimmed = LuaRuntime.trimmedTraceback(error)
        #expect(!trimmed.hasSuffix("[C]: in ?"), "\(trimmed)")
        #expect(trimmed.hasSuffix("test.lua:3: in main chunk"), "\(trimmed)")
        let withoutC = traceback.droppingLeadingFrames { $0.isC }
        #expect(withoutC.frames.first?.function == "function 'inner'")
    }
}
