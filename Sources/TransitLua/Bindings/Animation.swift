import CLua
import TransitCore

// UIView.animate, animateKeyframes, addKeyframe, performWithoutAnimation; the timing values
// CAMediaTimingFunction and UISpringTimingParameters.

enum AnimationOptionNames {
    static let curves: [String: AnimationCurve] = [
        "curveEaseInOut": .easeInOut, "curveEaseIn": .easeIn, "curveEaseOut": .easeOut, "curveLinear": .linear,
    ]
    static let flags: [String: AnimationOptions] = [
        "layoutSubviews": .layoutSubviews, "allowUserInteraction": .allowUserInteraction,
        "beginFromCurrentState": .beginFromCurrentState, "repeat": .repeat, "autoreverse": .autoreverse,
    ]
    static let modes: [String: KeyframeCalculationMode] = [
        "calculationModeLinear": .linear, "calculationModeDiscrete": .discrete, "calculationModePaced": .paced,
        "calculationModeCubic": .cubic, "calculationModeCubicPaced": .cubicPaced,
    ]
    static let all = ["curveEaseInOut", "curveEaseIn", "curveEaseOut", "curveLinear",
                      "beginFromCurrentState", "allowUserInteraction", "repeat", "autoreverse", "layoutSubviews"]
    static let keyframes = ["calculationModeLinear", "calculationModeDiscrete", "calculationModePaced",
                            "calculationModeCubic", "calculationModeCubicPaced",
                            "beginFromCurrentState", "allowUserInteraction", "repeat", "autoreverse", "layoutSubviews"]
}

extension TransitAPI {
    static func animationClasses() -> [APIClass] {
        var timing = APIClass(name: "CAMediaTimingFunction", superclass: nil, doc: "A cubic Bézier timing curve, a value.", isValue: true)
        timing.functions = [
            function("new", [parameter("nameOrC1x", .union([.enumeration("CAMediaTimingFunctionName"), .number])),
                             parameter("c1y", .optional(.number)), parameter("c2x", .optional(.number)), parameter("c2y", .optional(.number))],
                     returns: .value("CAMediaTimingFunction"), "CAMediaTimingFunction(name) or (c1x, c1y, c2x, c2y)") { call in
                if lua_type(call.L, call.index(1)) == LUA_TSTRING {
                    let name = try call.string(1)
                    guard let function = TimingFunction.named(name) else {
                        throw call.fail(call.runtime.unknownEnumMessage("CAMediaTimingFunctionName", name))
                    }
                    call.runtime.push(function)
                } else {
                    call.runtime.push(TimingFunction(controlPoint1: Point(x: try call.finite(1, "c1x"), y: try call.finite(2, "c1y")),
                                                     controlPoint2: Point(x: try call.finite(3, "c2x"), y: try call.finite(4, "c2y"))))
                }
                return 1
            },
        ]
        timing.methods = [
            APIFunction("value", .method, [parameter("x", .number, "0...1")], returns: .number, doc: "the curve's y at x (solved exactly)") { call in
                guard let function = call.runtime.readTimingFunction(at: 1) else { throw call.fail("self must be a CAMediaTimingFunction") }
                call.push(function.value(at: try call.number(1)))
                return 1
            },
        ]

        var spring = APIClass(name: "UISpringTimingParameters", superclass: nil, doc: "Spring timing, a value.", isValue: true)
        spring.functions = [
            function("new", [parameter("options", .table, "{dampingRatio=, initialVelocity=} or {mass=, stiffness=, damping=, initialVelocity=}")],
                     returns: .value("UISpringTimingParameters"), "UISpringTimingParameters{...}") { call in
                call.runtime.push(try call.springOptions(1, duration: 1))
                return 1
            },
        ]
        spring.methods = [
            APIFunction("value", .method, [parameter("t", .number, "seconds")], returns: .number, doc: "progress at time t (0 → 1, may overshoot)") { call in
                guard let value = call.runtime.readSpring(at: 1) else { throw call.fail("self must be UISpringTimingParameters") }
                call.push(value.value(at: try call.number(1)))
                return 1
            },
            APIFunction("settlingDuration", .method, [], returns: .number, doc: "seconds until the spring is at rest") { call in
                guard let value = call.runtime.readSpring(at: 1) else { throw call.fail("self must be UISpringTimingParameters") }
                call.push(value.settlingDuration)
                return 1
            },
        ]
        return [timing, spring]
    }

    /// UIView's class functions for animation.
    static func animationFunctions() -> [APIFunction] {
        [
            function("animate", [parameter("durationOrOptions", .union([.number, .table]), "a duration, or {duration=, delay=, options=, dampingRatio=, velocity=, animations=, completion=}"),
                                 parameter("animations", .optional(.function)), parameter("completion", .optional(.function), "called with finished")],
                     "animates the property changes made in animations") { call in
                try animate(&call)
                return 0
            },
            function("animateKeyframes", [parameter("options", .table, "{duration=, delay=, options=, animations=, completion=}")],
                     "keyframe animation: call UIView.addKeyframe inside animations") { call in
                let world = call.runtime.world
                let duration = try call.numberOption(1, "duration") ?? 0
                let delay = try call.numberOption(1, "delay") ?? 0
                let (options, mode, _) = try call.animationOptions(1, keyframes: true)
                guard let animations = try call.functionOption(1, "animations") else { throw call.fail("animations (a function) is required") }
                let completion = try call.functionOption(1, "completion")
                let known: Set<String> = ["duration", "delay", "options", "animations", "completion"]
                if let key = call.unknownKeys(1, known: known).first { throw call.fail("unknown option \"\(key)\"") }
                try world.animateKeyframes(duration: duration, delay: delay, options: options, mode: mode,
                                           animations: { try animations.call() },
                                           completion: completion.map { f in { finished in try f.call { $0.push(.boolean(finished)); return 1 } } })
                return 0
            },
            function("addKeyframe", [parameter("relativeStartTime", .number), parameter("relativeDuration", .number), parameter("animations", .function)],
                     "a keyframe inside UIView.animateKeyframes") { call in
                let animations = try call.function(3)
                try call.runtime.world.addKeyframe(relativeStartTime: try call.number(1), relativeDuration: try call.number(2)) {
                    try animations.call()
                }
                return 0
            },
            function("performWithoutAnimation", [parameter("actions", .function)], "runs actions with animations disabled") { call in
                let actions = try call.function(1)
                try call.runtime.world.withoutAnimation { try actions.call() }
                return 0
            },
        ]
    }

    private static func animate(_ call: inout HostCall) throws {
        let world = call.runtime.world
        var duration = 0.0, delay = 0.0
        var options: AnimationOptions = []
        var timing = AnimationTiming.curve(.easeInEaseOut)
        let animations: LuaFunction
        var completion: LuaFunction?
        if call.isTable(1) {
            let known: Set<String> = ["duration", "delay", "options", "dampingRatio", "velocity", "animations", "completion"]
            if let key = call.unknownKeys(1, known: known).first {
                throw call.fail("unknown option \"\(key)\"; accepted: " + known.sorted().joined(separator: ", "))
            }
            guard let d = try call.numberOption(1, "duration") else { throw call.fail("duration (a number) is required") }
            duration = d
            delay = try call.numberOption(1, "delay") ?? 0
            let (flags, _, curve) = try call.animationOptions(1, keyframes: false)
            options = flags
            timing = .curve(curve.timingFunction)
            if let ratio = try call.numberOption(1, "dampingRatio") {
                let velocity = try call.numberOption(1, "velocity") ?? 0
                guard ratio.isFinite, ratio > 0 else { throw call.fail("dampingRatio must be a number > 0 (got \(formatNumber(ratio)))") }
                timing = .spring(Spring.uikit(duration: duration, dampingRatio: ratio, initialVelocity: velocity))
            }
            guard let body = try call.functionOption(1, "animations") else { throw call.fail("animations (a function) is required") }
            animations = body
            completion = try call.functionOption(1, "completion")
        } else {
            duration = try call.number(1)
            guard let body = try call.optionalFunction(2) else { throw call.argumentError(2, "a function") }
            animations = body
            completion = try call.optionalFunction(3)
        }
        guard !duration.isNaN, !duration.isInfinite else { throw call.fail("duration must be a finite number (got \(formatNumber(duration)))") }
        guard delay.isFinite, delay >= 0 else { throw call.fail("delay must be a finite number ≥ 0 (got \(formatNumber(delay)))") }
        try world.animate(duration: duration, delay: delay, options: options, timing: timing,
                          animations: { try animations.call() },
                          completion: completion.map { f in { finished in try f.call { $0.push(.boolean(finished)); return 1 } } })
    }
}

extension HostCall {
    func numberOption(_ argument: Int, _ key: String) throws -> Double? {
        defer { transit_pop(L, 1) }
        guard field(argument, key) else { return nil }
        guard lua_type(L, -1) == LUA_TNUMBER else { throw fail("\(key) must be a number (got \(runtime.typeDescription(at: -1)))") }
        return lua_tonumberx(L, -1, nil)
    }

    func functionOption(_ argument: Int, _ key: String) throws -> LuaFunction? {
        defer { transit_pop(L, 1) }
        guard field(argument, key) else { return nil }
        guard lua_type(L, -1) == LUA_TFUNCTION else { throw fail("\(key) must be a function (got \(runtime.typeDescription(at: -1)))") }
        return LuaFunction(runtime: runtime, index: -1)
    }

    /// The `options` list of an animation call: flags, a keyframe mode and a curve.
    func animationOptions(_ argument: Int, keyframes: Bool) throws -> (AnimationOptions, KeyframeCalculationMode, AnimationCurve) {
        defer { transit_pop(L, 1) }
        var flags: AnimationOptions = []
        var mode = KeyframeCalculationMode.linear
        var curve = AnimationCurve.easeInOut
        guard field(argument, "options") else { return (flags, mode, curve) }
        guard lua_type(L, -1) == LUA_TTABLE else { throw fail("options must be a list of strings (got \(runtime.typeDescription(at: -1)))") }
        let enumName = keyframes ? "UIViewKeyframeAnimationOptions" : "UIViewAnimationOptions"
        let list = lua_gettop(L)
        for i in 1...max(1, Int(lua_rawlen(L, list))) where i <= Int(lua_rawlen(L, list)) {
            lua_rawgeti(L, list, lua_Integer(i))
            defer { transit_pop(L, 1) }
            guard let name = runtime.string(at: -1), lua_type(L, -1) == LUA_TSTRING else {
                throw fail("options entry \(i) must be a string (got \(runtime.typeDescription(at: -1)))")
            }
            if let flag = AnimationOptionNames.flags[name] { flags.insert(flag) }
            else if !keyframes, let c = AnimationOptionNames.curves[name] { curve = c }
            else if keyframes, let m = AnimationOptionNames.modes[name] { mode = m }
            else { throw fail(runtime.unknownEnumMessage(enumName, name)) }
        }
        return (flags, mode, curve)
    }

    /// `UISpringTimingParameters{...}` fields.
    func springOptions(_ argument: Int, duration: Double) throws -> Spring {
        let known: Set<String> = ["dampingRatio", "initialVelocity", "mass", "stiffness", "damping"]
        if let key = unknownKeys(argument, known: known).first { throw fail("unknown option \"\(key)\"; accepted: " + known.sorted().joined(separator: ", ")) }
        var velocity = 0.0
        if field(argument, "initialVelocity") {
            guard let vector = runtime.readVector(at: -1) else {
                transit_pop(L, 1)
                throw fail("initialVelocity must be a CGVector (got \(runtime.typeDescription(at: -1)))")
            }
            velocity = vector.dx
        }
        transit_pop(L, 1)
        if let ratio = try numberOption(argument, "dampingRatio") {
            guard ratio.isFinite, ratio > 0 else { throw fail("dampingRatio must be > 0 (got \(formatNumber(ratio)))") }
            return Spring.uikit(duration: duration, dampingRatio: ratio, initialVelocity: velocity)
        }
        let mass = try numberOption(argument, "mass") ?? 1
        let stiffness = try numberOption(argument, "stiffness") ?? 100
        let damping = try numberOption(argument, "damping") ?? 10
        guard mass.isFinite, mass > 0, stiffness.isFinite, stiffness > 0, damping.isFinite, damping >= 0 else {
            throw fail("mass and stiffness must be > 0 and damping ≥ 0")
        }
        return Spring(mass: mass, stiffness: stiffness, damping: damping, initialVelocity: velocity)
    }
}

extension LuaRuntime {
    func push(_ function: TimingFunction) {
        pushValue("CAMediaTimingFunction", [("c1x", function.controlPoint1.x), ("c1y", function.controlPoint1.y),
                                            ("c2x", function.controlPoint2.x), ("c2y", function.controlPoint2.y)])
    }
    func readTimingFunction(at index: Int32) -> TimingFunction? {
        readFields(at: index, "CAMediaTimingFunction", ["c1x", "c1y", "c2x", "c2y"]).map {
            TimingFunction(controlPoint1: Point(x: $0[0], y: $0[1]), controlPoint2: Point(x: $0[2], y: $0[3]))
        }
    }
    func push(_ spring: Spring) {
        pushValue("UISpringTimingParameters", [("mass", spring.mass), ("stiffness", spring.stiffness),
                                               ("damping", spring.damping), ("initialVelocity", spring.initialVelocity)])
    }
    func readSpring(at index: Int32) -> Spring? {
        readFields(at: index, "UISpringTimingParameters", ["mass", "stiffness", "damping", "initialVelocity"]).map {
            Spring(mass: $0[0], stiffness: $0[1], damping: $0[2], initialVelocity: $0[3])
        }
    }
}
