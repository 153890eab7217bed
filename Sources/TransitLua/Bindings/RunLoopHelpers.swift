import CLua
import TransitCore

// DispatchQueue.main, DispatchTime, Timer, CADisplayLink and RunLoop on virtual time
// (TransitCore/RunLoop/Timers.swift). DispatchTime is a value, `{uptimeNanoseconds = n}` with
// `+` and `-` taking seconds, so `DispatchTime.now() + 0.3` reads as in Swift; times are whole
// nanoseconds, the grid virtual time is kept on.

extension TransitAPI {
    static func runLoopClasses() -> [APIClass] {
        [dispatchTimeClass(), dispatchQueueClass(), runLoopClass(), timerClass(), displayLinkClass()]
    }

    private static func dispatchTimeClass() -> APIClass {
        var cls = APIClass(name: "DispatchTime", superclass: nil,
                           doc: "A point in virtual time, a value: `DispatchTime.now() + seconds` (also `-`, `<`, `<=`, `==`); field uptimeNanoseconds.", isValue: true)
        cls.functions = [
            function("now", [], returns: .value("DispatchTime"), "the current virtual time") { call in
                call.runtime.pushDispatchTime(nanoseconds: nanoseconds(call.runtime.world.now)); return 1
            },
        ]
        cls.properties = [
            APIProperty(name: "seconds", type: .number, doc: "the time in seconds (uptimeNanoseconds / 1e9)", getter: { call, _ in
                guard let ns = call.runtime.readDispatchTime(at: 1) else { throw call.fail("self must be a DispatchTime") }
                call.push(Double(ns) / 1e9)
            }, setter: nil),
        ]
        cls.metamethods = [
            ("__add", { L in dispatchTimeArithmetic(L, sign: 1) }),
            ("__sub", { L in dispatchTimeArithmetic(L, sign: -1) }),
            ("__lt", { L in dispatchTimeCompare(L, orEqual: false) }),
            ("__le", { L in dispatchTimeCompare(L, orEqual: true) }),
        ]
        return cls
    }

    private static func dispatchQueueClass() -> APIClass {
        var cls = APIClass(name: "DispatchQueue", superclass: "NSObject", doc: "The main queue (DispatchQueue.main): work on later run-loop turns of virtual time.", isValue: false)
        cls.matches = { $0 is DispatchQueueObject }
        cls.constants = [("main", .object("DispatchQueue"), "the main queue", { call in call.push(call.runtime.mainQueue) })]
        cls.methods = [
            method("async", .function("execute"), doc: "runs the function on a later run-loop turn at the same virtual time", of: DispatchQueueObject.self) { call, _, execute in
                let block = execute
                call.runtime.world.async(label: "DispatchQueue.main.async") { try block.call() }
                return 0
            },
            method("asyncAfter", .checked("deadline", .value("DispatchTime"), "e.g. DispatchTime.now() + 0.3"), .function("execute"),
                   doc: "runs the function at the deadline (at once on a later turn when it has passed)", of: DispatchQueueObject.self) { call, _, _, execute in
                guard let deadline = call.runtime.readDispatchTime(at: call.index(1)) else {
                    throw call.fail(argument: 1, "(deadline) must be a DispatchTime, e.g. DispatchTime.now() + 0.3 (got \(call.runtime.typeDescription(at: call.index(1))))")
                }
                let block = execute
                call.runtime.world.schedule(at: Double(deadline) / 1e9, label: "DispatchQueue.main.asyncAfter") { try block.call() }
                return 0
            },
        ]
        return cls
    }

    private static func runLoopClass() -> APIClass {
        var cls = APIClass(name: "RunLoop", superclass: "NSObject", doc: "The main run loop (RunLoop.main), where display links are added.", isValue: false)
        cls.matches = { $0 is RunLoopObject }
        cls.constants = [
            ("main", .object("RunLoop"), "the main run loop", { call in call.push(call.runtime.mainRunLoop) }),
            ("current", .object("RunLoop"), "the run loop scripts run on (the main one)", { call in call.push(call.runtime.mainRunLoop) }),
        ]
        return cls
    }

    private static func timerClass() -> APIClass {
        var cls = APIClass(name: "Timer", superclass: "NSObject", doc: "A Foundation timer on virtual time (Timer.scheduledTimer).", isValue: false)
        cls.matches = { $0 is RunLoopTimer }
        cls.functions = [
            function("scheduledTimer", .finite("withTimeInterval", "seconds (at least 0.0001: Foundation uses that for ≤ 0)"), .boolean("repeats"), .function("block", "called with the timer"),
                     returns: .object("Timer"), doc: "a timer already scheduled on the main run loop (Swift scheduledTimer(withTimeInterval:repeats:block:))") { call, withTimeInterval, repeats, block in
                let interval = withTimeInterval
                let timer = RunLoopTimer(world: call.runtime.world, interval: interval, repeats: repeats) { timer in
                    try block.call { runtime in runtime.push(timer); return 1 }
                }
                call.push(timer)
                return 1
            },
        ]
        cls.properties = [
            property("isValid", .boolean, "false once invalidated (a one-shot timer after its firing)", of: RunLoopTimer.self,
                     get: { call, t in call.push(t.isValid) }),
            property("timeInterval", .number, "the interval of a repeating timer; 0 for a one-shot (Foundation)", of: RunLoopTimer.self,
                     get: { call, t in call.push(t.timeInterval) }),
            property("fireDate", .number, "the virtual time of the next firing, in seconds", of: RunLoopTimer.self,
                     get: { call, t in call.push(t.fireDate) }),
        ]
        cls.methods = [
            method("invalidate", [], "stops the timer and releases its block", of: RunLoopTimer.self) { _, t in
                t.invalidate(); return 0
            },
            method("fire", [], "calls the block now (a repeating timer keeps its schedule; a one-shot is invalidated)", of: RunLoopTimer.self) { _, t in
                try t.fire(); return 0
            },
        ]
        return cls
    }

    private static func displayLinkClass() -> APIClass {
        var cls = APIClass(name: "CADisplayLink", superclass: "NSObject",
                           doc: "Callbacks at the display's refresh (UIScreen.maximumFramesPerSecond) on virtual time, once added to RunLoop.main.", isValue: false)
        cls.matches = { $0 is DisplayLink }
        cls.constructorParameters = [
            parameter("target", .any, "a function called with the link, or an object whose method `selector` is called with the link"),
            parameter("selector", .optional(.string), "the method's name, when target is an object"),
        ]
        cls.construct = { call in
            let runtime = call.runtime
            let callback: (DisplayLink) throws -> Void
            if lua_type(call.L, call.index(1)) == LUA_TFUNCTION {
                let function = try call.function(1)
                callback = { link in try function.call { runtime in runtime.push(link); return 1 } }
            } else {
                let type = lua_type(call.L, call.index(1))
                guard type == LUA_TTABLE || type == LUA_TUSERDATA else {
                    throw call.argumentError(1, "a function, or an object with the method named by selector")
                }
                guard !call.isNil(2) else { throw call.fail(argument: 2, "(selector) must name the target's method when target is not a function") }
                let selector = try call.string(2)
                guard transit_pgetfield(call.L, call.index(1), selector) == LUA_OK, lua_type(call.L, -1) == LUA_TFUNCTION else {
                    transit_pop(call.L, 1)
                    throw call.fail(argument: 2, "(selector): the target has no method \"\(selector)\"")
                }
                transit_pop(call.L, 1)
                // UIKit's display link keeps its target until invalidated; so does this one.
                let target = LuaValueReference(runtime: runtime, index: call.index(1))
                callback = { [weak runtime] link in
                    guard let runtime else { return }
                    try runtime.callMethod(named: selector, on: target, with: link)
                }
            }
            return DisplayLink(world: runtime.world, callback: callback)
        }
        cls.properties = [
            property("timestamp", .number, "the time of the refresh this callback is for (virtual seconds)", of: DisplayLink.self,
                     get: { call, l in call.push(l.timestamp) }),
            property("targetTimestamp", .number, "the time of the next refresh, the frame being prepared", of: DisplayLink.self,
                     get: { call, l in call.push(l.targetTimestamp) }),
            property("duration", .number, "seconds between refreshes of the display (1 / maximumFramesPerSecond)", of: DisplayLink.self,
                     get: { call, l in call.push(l.duration) }),
            property("isPaused", .boolean(), "a paused link does not call back", \DisplayLink.isPaused),
            property("preferredFramesPerSecond", .integer(), "0: the display's rate; otherwise the nearest rate dividing it", of: DisplayLink.self,
                     get: { call, l in lua_pushinteger(call.L, lua_Integer(l.preferredFramesPerSecond)) },
                     set: { call, l, rate in
                         guard rate >= 0 else { throw call.fail("must be ≥ 0 (got \(rate))") }
                         l.preferredFramesPerSecond = rate
                     }),
        ]
        let runLoopParameters = [parameter("runLoop", .object("RunLoop"), "RunLoop.main"), parameter("forMode", .enumeration("RunLoopMode"))]
        cls.methods = [
            method("add", runLoopParameters, "starts the callbacks (Swift add(to:forMode:))", of: DisplayLink.self) { _, l in
                l.addToRunLoop(); return 0
            },
            method("remove", runLoopParameters, "stops the callbacks (Swift remove(from:forMode:))", of: DisplayLink.self) { _, l in
                l.removeFromRunLoop(); return 0
            },
            method("invalidate", [], "removes the link from the run loop for good and releases its target", of: DisplayLink.self) { _, l in
                l.invalidate(); return 0
            },
        ]
        return cls
    }
}

/// DispatchQueue.main and RunLoop.main as objects.
final class DispatchQueueObject: HostObject {
    override class var className: String { "DispatchQueue" }
    override var traceName: String { "DispatchQueue.main" }
}

final class RunLoopObject: HostObject {
    override class var className: String { "RunLoop" }
    override var traceName: String { "RunLoop.main" }
}

/// Whole nanoseconds of a time in seconds (clamped far beyond any scene's length).
private func nanoseconds(_ seconds: Double) -> Int64 {
    Int64((min(max(seconds, -1e9), 1e9) * 1e9).rounded())
}

extension LuaRuntime {
    func pushDispatchTime(nanoseconds: Int64) {
        lua_createtable(L, 0, 1)
        lua_pushinteger(L, lua_Integer(nanoseconds))
        lua_setfield(L, -2, "uptimeNanoseconds")
        pushValueMetatable("DispatchTime")
        lua_setmetatable(L, -2)
    }

    /// The nanoseconds of the DispatchTime at `index`; nil for anything else.
    func readDispatchTime(at index: Int32) -> Int64? {
        guard valueClassName(at: index) == "DispatchTime" else { return nil }
        lua_pushstring(L, "uptimeNanoseconds")
        lua_rawget(L, index < 0 ? index - 1 : index)
        defer { transit_pop(L, 1) }
        var isInteger: Int32 = 0
        let value = lua_tointegerx(L, -1, &isInteger)
        return isInteger != 0 ? Int64(value) : nil
    }

    /// Calls `target:selector(argument)` (a display link's target), with the script's traceback on error.
    func callMethod(named selector: String, on target: LuaValueReference, with argument: AnyObject) throws {
        let top = lua_gettop(L)
        defer { lua_settop(L, top) }
        target.push()
        guard transit_pgetfield(L, -1, selector) == LUA_OK, lua_type(L, -1) == LUA_TFUNCTION else {
            throw ScriptError("CADisplayLink: the target has no method \"\(selector)\" any more")
        }
        lua_pushvalue(L, -2)
        push(argument)
        guard transit_pcall(L, 2, 0) == LUA_OK else { throw takeError() }
    }
}

/// `time + seconds`, `seconds + time`, `time - seconds` (sign -1).
private func dispatchTimeArithmetic(_ L: OpaquePointer?, sign: Int64) -> Int32 {
    guarded(L) { runtime in
        let operation = sign > 0 ? "+" : "-"
        let timeFirst = runtime.readDispatchTime(at: 1)
        let (time, secondsIndex): (Int64?, Int32) = timeFirst != nil ? (timeFirst, 2) : (sign > 0 ? runtime.readDispatchTime(at: 2) : nil, 1)
        guard let time else {
            throw LuaCallError("DispatchTime \(operation): takes a DispatchTime and a number of seconds (got \(runtime.typeDescription(at: 1)) \(operation) \(runtime.typeDescription(at: 2)))")
        }
        guard lua_type(L, secondsIndex) == LUA_TNUMBER else {
            throw LuaCallError("DispatchTime \(operation): the seconds must be a number (got \(runtime.typeDescription(at: secondsIndex)))")
        }
        let seconds = lua_tonumberx(L, secondsIndex, nil)
        guard seconds.isFinite, abs(seconds) <= 1e9 else {
            throw LuaCallError("DispatchTime \(operation): the seconds must be finite and at most 1e9 (got \(formatNumber(seconds)))")
        }
        runtime.pushDispatchTime(nanoseconds: time + sign * nanoseconds(seconds))
        return 1
    }
}

private func dispatchTimeCompare(_ L: OpaquePointer?, orEqual: Bool) -> Int32 {
    guarded(L) { runtime in
        guard let a = runtime.readDispatchTime(at: 1), let b = runtime.readDispatchTime(at: 2) else {
            throw LuaCallError("DispatchTime comparison: both sides must be DispatchTime values (got \(runtime.typeDescription(at: 1)) and \(runtime.typeDescription(at: 2)))")
        }
        lua_pushboolean(L, (orEqual ? a <= b : a < b) ? 1 : 0)
        return 1
    }
}
