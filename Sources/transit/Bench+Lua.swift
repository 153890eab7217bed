import Foundation
import CLua
import TransitCore
import TransitLua

// `transit bench`: what plain Lua pays for running under Transit. The same loop of table writes
// runs in a Transit state (the instruction budget's count hook armed, as every script runs) and
// in a plain state of the same liblua5.4 with the standard libraries and no hook. That plain
// state is what the `lua5.4` interpreter runs (lua.c is a front end over the same library), in
// the same process and the same run, so the ratio is the hook's cost alone: no second
// interpreter to install, no process start-up or different build in the figure.
// A third state runs the loop under a count hook that does nothing, every 10^6 instructions
// instead of the budget's 10^3: what a larger interval would buy. While any count hook is set,
// Lua 5.4's interpreter calls luaG_traceexec (ldebug.c) before every instruction to count it
// down, so the cost is per instruction whatever the interval (docs/performance.md).

/// Lua that measures one round: nanoseconds per `t.alpha = 0.5`, less an empty loop's time.
private let plainLuaRoundSource = """
    local N = 2000000
    local clock = os.clock
    local t = { alpha = 0 }
    local start = clock()
    for i = 1, N do end
    local empty = clock() - start
    start = clock()
    for i = 1, N do t.alpha = 0.5 end
    return ((clock() - start) - empty) / N * 1e9
    """

func benchLua(_ rounds: Int) throws -> [BenchFigure] {
    var options = LuaRuntime.Options()
    options.budget = 1 << 60
    let runtime = try LuaRuntime(world: World(), options: options)
    guard let plain = luaL_newstate(), let sparse = luaL_newstate() else { throw BenchError.luaStateUnavailable }
    defer { lua_close(plain); lua_close(sparse) }
    luaL_openlibs(plain)
    luaL_openlibs(sparse)
    lua_sethook(sparse, { _, _ in }, LUA_MASKCOUNT, 1_000_000)
    func plainRound(_ state: OpaquePointer) throws -> Double {
        guard luaL_loadstring(state, plainLuaRoundSource) == LUA_OK, lua_pcallk(state, 0, 1, 0, 0, nil) == LUA_OK else {
            throw BenchError.luaFailed(round: "the plain Lua round failed", reason: String(cString: lua_tolstring(state, -1, nil)))
        }
        defer { lua_settop(state, 0) }
        return lua_tonumberx(state, -1, nil)
    }
    func transitRound() throws -> Double {
        guard let text = try runtime.evaluate(plainLuaRoundSource), let value = Double(text) else {
            throw BenchError.roundInvalid("the Transit Lua round returned no number")
        }
        return value
    }
    _ = try plainRound(plain); _ = try plainRound(sparse); _ = try transitRound()  // warm-up
    var transit: [Double] = [], plainLua: [Double] = [], sparseHook: [Double] = []
    // Alternated, so a change in the machine's load falls on all alike.
    for _ in 0..<rounds {
        transit.append(try transitRound())
        plainLua.append(try plainRound(plain))
        sparseHook.append(try plainRound(sparse))
    }
    let sparseMedian = sparseHook.sorted()[sparseHook.count / 2]
    return [
        BenchFigure.ratio("lua.vs_lua54", value: transit, baseline: plainLua, unit: "ns", target: 1.1,
                          "t.alpha = x under Transit (budget hook armed) vs a plain liblua5.4 state without a hook, 2·10^6 per round; "
                          + "with a no-op count hook every 10^6 instructions: \(formatNumber((sparseMedian * 10).rounded() / 10)) ns"),
    ]
}
