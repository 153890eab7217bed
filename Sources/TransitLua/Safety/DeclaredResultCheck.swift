import CLua

// A bound function's `returns:` is part of its one declaration: the stubs and docs/lua-api.md
// say what the function gives back from it, while the body pushes its results by hand and
// returns how many (`call.push(v.frame); return 1`). Nothing in the types ties the two, so
// debug builds, which every test runs, compare them after each call: a body that pushes a
// result its declaration does not announce, or of another type, fails the first test that
// calls it (the call raises an error naming both; never a trap). Release builds skip it: the bridge's calls are its hottest path.

extension LuaRuntime {
    /// nil when the `count` results on top of the stack fit what `function` declares it
    /// returns; else what disagrees.
    func resultMismatch(_ function: APIFunction, count: Int32) -> String? {
        // A negative count is a yield (transit.wait), whose results come back on resume.
        guard count >= 0 else { return nil }
        guard let declared = function.returns else {
            return count == 0 ? nil : "returns \(count) value\(count == 1 ? "" : "s") (\(typeDescription(at: -1)) on top), but declares no result"
        }
        // An optional result may be absent altogether: in Lua, no value reads as nil.
        if count == 0, case .optional = declared { return nil }
        guard count == 1 else { return "returns \(count) values, but declares one \(declared.luals)" }
        guard let problem = check(declared, at: -1) else { return nil }
        return "returns \(typeDescription(at: -1)), but declares \(declared.luals) (\(problem))"
    }
}
