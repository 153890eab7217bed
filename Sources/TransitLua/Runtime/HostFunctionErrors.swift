import CLua
import TransitCore

// Host functions written in Swift never raise a Lua error themselves (a longjmp would skip
// Swift's cleanups): they push the message and return TRANSIT_RAISE, and the C trampoline
// raises it once Swift has returned.

/// Raises `message` with the caller's file and line.
func raise(_ runtime: LuaRuntime, _ message: String, level: Int32 = 1) -> Int32 {
    runtime.raise(ScriptError(message, at: runtime.sourceLocation(level: level)))
}

/// Runs a host function's body that may throw, turning errors into a Lua error raised by the
/// trampoline: a ScriptError keeps its own location (or none), others get the caller's.
@inline(__always)
func guarded(_ L: OpaquePointer?, _ body: (LuaRuntime) throws -> Int32) -> Int32 {
    LuaRuntime.serving(L) { runtime in
        runtime.sweepIfDueAtHostEntry()
        do {
            return try body(runtime)
        } catch let error as ScriptError {
            return runtime.raise(error)
        } catch {
            return raise(runtime, "\(error)")
        }
    }
}
