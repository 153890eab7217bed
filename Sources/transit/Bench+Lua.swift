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
    guard let plain = luaL_newstate() else { throw RuntimeError("bench: cannot create a Lua state") }
    defer { lua_close(plain) }
    luaL_openlibs(plain)
    func plainRound() throws -> Double {
        guard luaL_loadstring(plain, plainLuaRoundSource) == LUA_OK, lua_pcallk(plain, 0, 1, 0, 0, nil) == LUA_OK else {
            throw RuntimeError("bench: the plain Lua round failed: \(String(cString: lua_tolstring(plain, -1, nil)))")
        }
        defer { lua_settop(plain, 0) }
        return lua_tonumberx(plain, -1, nil)
    }
    func transitRound() throws -> Double {
        guard let text = try runtime.evaluate(plainLuaRoundSource), let value = Double(text) else {
            throw RuntimeError("bench: the Transit Lua round returned no number")
        }
        return value
    }
    _ = try plainRound(); _ = try transitRound()  // warm-up
    var transit: [Double] = [], plainLua: [Double] = []
    // Alternated, so a change in the machine's load falls on both alike.
    for _ in 0..<rounds {
        transit.append(try transitRound())
        plainLua.append(try plainRound())
    }
    return [
        BenchFigure.ratio("lua.vs_lua54", value: transit, baseline: plainLua, unit: "ns", target: 1.1,
                          "t.alpha = x under Transit (budget hook armed) vs a plain liblua5.4 state without a hook, 2·10^6 per round"),
    ]
}
