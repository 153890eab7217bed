import CLua
import Foundation
import TransitLua

// `transit lua [-e STAT] [-l MOD] [-v] [-W] [-E] [--spec [--format json]] [SCRIPT [ARGS]]`: a Lua 5.4
// interpreter that behaves as lua5.4 does (lua.c's options, `arg` with negative indices, `...`
// for the script, `lua: message` and a traceback on stderr with exit 1, os.exit's status), as
// Neovim's `nvim -l` is, so busted re-runs itself under it (`busted --lua="transit lua"` runs
// `transit lua /usr/bin/busted --ignore-lua ARGS`). It is the user's own test runner, not an
// effect: the full standard library, Lua's default package.path and cpath (Debian's busted,
// luassert, penlight, say), and `transit`, whose `scene{...}` runs an effect in the sandbox of
// `transit run` in a fresh world (SpecScene.swift; docs/specs.md, docs/sandbox.md).

/// The shown name of the interpreter in its messages, as lua.c shows its argv[0].
private let interpreterName = "lua"

func commandLua(_ arguments: ArraySlice<String>) throws -> Int32 {
    var parsed = try Commands.lua.parse(arguments)
    if parsed.has("--spec") {
        // Spec files are not a script's arguments: options may come after them too
        // (`transit lua --spec a_spec.lua b_spec.lua --format json`).
        var specs = Commands.lua
        specs.optionsEndAtFirstOperand = false
        parsed = try specs.parse(arguments)
    }
    if parsed.has("--format") && !parsed.has("--spec") { throw UsageError(message: "--format is for --spec (transit lua --spec FILE... --format json)") }
    if parsed.has("--spec") && parsed.operands.isEmpty { throw UsageError(message: "--spec needs spec files (transit lua --spec FILE...)") }
    let interpreter = LuaInterpreter(ignoringEnvironment: parsed.has("-E"))
    // The script is the first operand: its index in the whole command line makes `arg`'s
    // (arg[0] the script, arg[-1] "lua", arg[-2] the transit binary, as lua5.4 numbers its own).
    let all = Array(CommandLine.arguments)
    let scriptIndex = parsed.operands.isEmpty ? 0 : all.count - parsed.operands.count
    parsed.operands = rejoiningBustedInterpreter(parsed.operands, invokedAs: all[0])
    interpreter.makeArgumentTable(Array(all.prefix(scriptIndex)) + parsed.operands, script: scriptIndex)
    if parsed.has("-v") { print(LuaInterpreter.banner) }
    guard interpreter.installTransit() else { return 1 }
    if !parsed.has("-E"), !interpreter.runInitialization() { return 1 }
    for (name, value) in parsed.ordered {
        switch name {
        case "-e": guard interpreter.runString(value, chunkName: "=(command line)") else { return 1 }
        case "-l": guard interpreter.require(value) else { return 1 }
        case "-W": lua_warning(interpreter.L, "@on", 0)
        default: break
        }
    }
    if parsed.has("--spec") {
        return interpreter.runSpecs(parsed.operands, json: parsed.text("--format") == "json")
    }
    if let script = parsed.operands.first {
        // "-" is stdin, unless it came after "--" (then it is a file named "-").
        let fromStdin = script == "-" && !parsed.endedOptions
        return interpreter.runScript(fromStdin ? nil : script, arguments: Array(parsed.operands.dropFirst())) ? 0 : 1
    }
    if parsed.has("-e") || parsed.has("-l") || parsed.has("-v") { return 0 }
    guard isatty(0) == 0 else {
        FileHandle.standardError.write(Data("transit lua: no script given, and stdin is a terminal: transit lua has no prompt (transit repl is Transit's; give a SCRIPT, -e STAT or - for stdin)\n".utf8))
        return 1
    }
    return interpreter.runScript(nil, arguments: []) ? 0 : 1
}

/// busted re-runs itself as `LUA SCRIPT --ignore-lua ARGS`, ARGS joined with spaces unquoted, so
/// `--lua="transit lua"` comes back split: `--lua=transit` and a word `lua` that busted would
/// then take for a directory of specs ("Cannot find file or directory: lua"). Joined again here,
/// only in that exact shape (after --ignore-lua, the split value naming this very binary).
func rejoiningBustedInterpreter(_ operands: [String], invokedAs binary: String) -> [String] {
    guard operands.contains("--ignore-lua") else { return operands }
    var joined: [String] = []
    var index = 0
    while index < operands.count {
        let word = operands[index]
        if word == "--lua=" + binary, index + 1 < operands.count, operands[index + 1] == "lua" {
            joined.append(word + " lua")
            index += 2
        } else if word == "--lua", index + 2 < operands.count, operands[index + 1] == binary, operands[index + 2] == "lua" {
            joined += [word, binary + " lua"]
            index += 3
        } else {
            joined.append(word)
            index += 1
        }
    }
    return joined
}

/// One standalone Lua state: lua.c's pieces (argument table, LUA_INIT, -e, -l, the script and
/// its report) over the system Lua, with `transit` installed.
final class LuaInterpreter {
    let L: OpaquePointer
    private let limits: UnsafeMutablePointer<transit_Limits>

    /// lua5.4 -v's line, and whose interpreter this is.
    static var banner: String {
        "Lua \(LUA_VERSION_MAJOR).\(LUA_VERSION_MINOR).\(LUA_VERSION_RELEASE)  Copyright (C) 1994-2022 Lua.org, PUC-Rio (transit lua, Transit \(version))"
    }

    init(ignoringEnvironment: Bool) {
        // No memory limit and no budget: this is the user's own program. The state still comes
        // from transit_newstate, whose trampoline the transit.scene host functions need.
        limits = UnsafeMutablePointer<transit_Limits>.allocate(capacity: 1)
        limits.initialize(to: transit_Limits())
        guard let state = transit_newstate(limits) else { fail("cannot create a Lua state", code: 1) }
        L = state
        if ignoringEnvironment {
            // lua.c's -E: the package library then ignores LUA_PATH and LUA_CPATH.
            lua_pushboolean(L, 1)
            lua_setfield(L, transit_registryindex(), "LUA_NOENV")
        }
        luaL_openlibs(L)
    }

    /// As lua.c ends: the state closed, so pending finalizers and to-be-closed values run.
    deinit {
        lua_close(L)
        limits.deinitialize(count: 1)
        limits.deallocate()
    }

    /// `arg`: every word of the command line, the script at 0.
    func makeArgumentTable(_ words: [String], script: Int) {
        lua_createtable(L, Int32(max(0, words.count - script - 1)), Int32(script + 1))
        for (index, word) in words.enumerated() {
            lua_pushstring(L, word)
            lua_rawseti(L, -2, lua_Integer(index - script))
        }
        lua_setglobal(L, "arg")
    }

    /// `transit` as a global and as `require "transit"`: scripts/spec/scene.lua over the raw
    /// host functions.
    func installTransit() -> Bool {
        guard let scripts = LuaRuntime.defaultScriptsDirectory else { return report("no scripts directory (set TRANSIT_PATH)") }
        let file = scripts.appendingPathComponent("spec/scene.lua").path
        guard luaL_loadfilex(L, file, "t") == LUA_OK else { return reportTop() }
        SpecBindings.pushRawFunctions(L)
        lua_pushstring(L, version)
        lua_pushstring(L, scripts.standardizedFileURL.path)
        guard call(arguments: 3, results: 1) else { return false }
        lua_pushvalue(L, -1)
        lua_setglobal(L, "transit")
        luaL_getsubtable(L, transit_registryindex(), LUA_LOADED_TABLE)
        lua_rotate(L, -2, 1)
        lua_setfield(L, -2, "transit")
        transit_pop(L, 1)
        return true
    }

    /// LUA_INIT_5_4, else LUA_INIT: `@file` runs the file, anything else runs as a chunk.
    func runInitialization() -> Bool {
        let environment = ProcessInfo.processInfo.environment
        let (name, value) = environment["LUA_INIT_5_4"].map { ("=LUA_INIT_5_4", $0) } ?? environment["LUA_INIT"].map { ("=LUA_INIT", $0) } ?? ("", "")
        guard !value.isEmpty else { return true }
        if value.hasPrefix("@") {
            guard luaL_loadfilex(L, String(value.dropFirst()), nil) == LUA_OK else { return reportTop() }
            return call(arguments: 0, results: 0)
        }
        return runString(value, chunkName: name)
    }

    func runString(_ source: String, chunkName: String) -> Bool {
        let status = source.withCString { luaL_loadbufferx(L, $0, strlen($0), chunkName, nil) }
        guard status == LUA_OK else { return reportTop() }
        return call(arguments: 0, results: 0)
    }

    /// `-l [G=]MOD`: G = require("MOD").
    func require(_ argument: String) -> Bool {
        let parts = argument.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        let (global, module) = parts.count == 2 ? (parts[0], parts[1]) : (argument, argument)
        lua_getglobal(L, "require")
        lua_pushstring(L, module)
        guard call(arguments: 1, results: 1) else { return false }
        lua_setglobal(L, global)
        return true
    }

    /// The script (nil: stdin) with `...` its arguments.
    func runScript(_ path: String?, arguments: [String]) -> Bool {
        guard luaL_loadfilex(L, path, nil) == LUA_OK else { return reportTop() }
        for argument in arguments { lua_pushstring(L, argument) }
        return call(arguments: Int32(arguments.count), results: LUA_MULTRET)
    }

    /// Transit's minimal runner (scripts/spec/runner.lua) over `files`; 1 if a test failed.
    func runSpecs(_ files: [String], json: Bool) -> Int32 {
        guard let scripts = LuaRuntime.defaultScriptsDirectory else {
            _ = report("no scripts directory (set TRANSIT_PATH)")
            return 1
        }
        guard luaL_loadfilex(L, scripts.appendingPathComponent("spec/runner.lua").path, "t") == LUA_OK else {
            _ = reportTop()
            return 1
        }
        lua_createtable(L, Int32(files.count), 0)
        for (index, file) in files.enumerated() {
            lua_pushstring(L, file)
            lua_rawseti(L, -2, lua_Integer(index + 1))
        }
        lua_pushstring(L, json ? "json" : "text")
        guard call(arguments: 2, results: 1) else { return 1 }
        let failed = lua_tointegerx(L, -1, nil)
        transit_pop(L, 1)
        return failed == 0 ? 0 : 1
    }

    /// A protected call with a traceback; a failure is reported.
    private func call(arguments: Int32, results: Int32) -> Bool {
        guard transit_pcall(L, arguments, results) == LUA_OK else { return reportTop() }
        return true
    }

    /// lua.c's report: `lua: message` on stderr (the message has its traceback).
    private func reportTop() -> Bool {
        let message: String
        if lua_type(L, -1) == LUA_TSTRING, let text = SpecBindings.string(L, -1) {
            message = text
        } else {
            message = "(error object is a \(SpecBindings.typeName(L, -1)) value)"
        }
        transit_pop(L, 1)
        return report(message)
    }

    private func report(_ message: String) -> Bool {
        fflush(nil)   // what the script printed comes before the message, as lua.c's stdio does
        FileHandle.standardError.write(Data("\(interpreterName): \(message)\n".utf8))
        return false
    }
}
