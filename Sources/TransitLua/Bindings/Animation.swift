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
    /// UIView.animate only: what a nested block does not take from the block around it
    /// (Transit's keyframe animations and transitions inherit nothing, so they refuse these).
    static let inheritance: [String: AnimationOptions] = [
        "overrideInheritedDuration": .overrideInheritedDuration, "overrideInheritedCurve": .overrideInheritedCurve,
        "overrideInheritedOptions": .overrideInheritedOptions,
    ]
    static let modes: [String: KeyframeCalculationMode] = [
        "calculationModeLinear": .linear, "calculationModeDiscrete": .discrete, "calculationModePaced": .paced,
        "calculationModeCubic": .cubic, "calculationModeCubicPaced": .cubicPaced,
    ]
    static let all = ["curveEaseInOut", "curveEaseIn", "curveEaseOut", "curveLinear",
                      "beginFromCurrentState", "allowUserInteraction", "repeat", "autoreverse", "layoutSubviews",
                      "overrideInheritedDuration", "overrideInheritedCurve", "overrideInheritedOptions"]
    static let keyframes = ["calculationModeLinear", "calculationModeDiscrete", "calculationModePaced",
                            "calculationModeCubic", "calculationModeCubicPaced",
                            "beginFromCurrentState", "allowUserInteraction", "repeat", "autoreverse", "layoutSubviews"]
}

extension TransitAPI {
    static func animationClasses() -> [APIClass] {
        var timing = APIClass(name: "CAMediaTimingFunction", superclass: nil, doc: "A cubic Bézier timing curve, a value.", isValue: true)
        timing.functions = [
            function("new", .checked("nameOrC1x", .union([.enumeration("CAMediaTimingFunctionName"), .number])), .checked("c1y", .optional(.number)), .checked("c2x", .optional(.number)), .checked("c2y", .optional(.number)),
                     returns: .value("CAMediaTimingFunction"), doc: "CAMediaTimingFunction(name) or (c1x, c1y, c2x, c2y)") { call, _, _, _, _ in
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
                guard let function = call.runtime.read(TimingFunction.self, at: 1) else { throw call.fail("self must be a CAMediaTimingFunction") }
                call.push(function.value(at: try call.number(1)))
                return 1
            },
        ]

        var spring = APIClass(name: "UISpringTimingParameters", superclass: nil, doc: "Spring timing, a value.", isValue: true)
        spring.functions = [
            function("new", .checked("options", .options(springOptionTable), "{dampingRatio=, initialVelocity=} or {mass=, stiffness=, damping=, initialVelocity=}; {} is UIKit's default, damping ratio 4.56"),
                     returns: .value("UISpringTimingParameters"), doc: "UISpringTimingParameters{...}") { call, _ in
                let spring = try call.springOptions(1, duration: 1)
                let ratio = call.springRatio(1)
                call.runtime.push(spring)
                if let ratio {
                    // The damping-ratio form runs over the animator's duration (UIKit).
                    lua_pushnumber(call.L, ratio)
                    lua_setfield(call.L, -2, "dampingRatio")
                }
                return 1
            },
        ]
        spring.methods = [
            APIFunction("value", .method, [parameter("t", .number, "seconds")], returns: .number, doc: "progress at time t (0 → 1, may overshoot)") { call in
                guard let value = call.runtime.read(Spring.self, at: 1) else { throw call.fail("self must be UISpringTimingParameters") }
                call.push(value.value(at: try call.number(1)))
                return 1
            },
            APIFunction("settlingDuration", .method, [], returns: .number, doc: "seconds until the spring is at rest") { call in
                guard let value = call.runtime.read(Spring.self, at: 1) else { throw call.fail("self must be UISpringTimingParameters") }
                call.push(value.settlingDuration)
                return 1
            },
        ]
        return [timing, spring, propertyAnimatorClass()]
    }

    /// UIView's class functions for animation.
    static func animationFunctions() -> [APIFunction] {
        [
            function("animate", .checked("durationOrOptions", .union([.number, .options(animateOptions)]), "a duration, or the options"), .checked("animations", .optional(.function)), .checked("completion", .optional(.function), "called with finished"),
                     doc: "animates the property changes made in animations") { call, _, _, _ in
                var call = call  // the helpers take it inout
                try animate(&call)
                return 0
            },
            function("animateKeyframes", .checked("options", .options(animateKeyframesOptions)),
                     doc: "keyframe animation: call UIView.addKeyframe inside animations") { call, _ in
                let world = call.runtime.world
                let duration = try call.numberOption(1, "duration") ?? 0
                let delay = try call.numberOption(1, "delay") ?? 0
                let (options, mode, _) = try call.animationOptions(1, keyframes: true)
                guard let animations = try call.functionOption(1, "animations") else { throw call.fail("animations (a function) is required") }
                let completion = try call.functionOption(1, "completion")
                try call.checkOptions(1, animateKeyframesOptions)
                try world.animateKeyframes(duration: duration, delay: delay, options: options, mode: mode,
                                           animations: { try animations.call() },
                                           completion: completion.map { f in { finished in try f.call { $0.push(.boolean(finished)); return 1 } } })
                return 0
            },
            function("addKeyframe", .number("relativeStartTime"), .number("relativeDuration"), .function("animations"),
                     doc: "a keyframe inside UIView.animateKeyframes") { call, relativeStartTime, relativeDuration, animations in
                try call.runtime.world.addKeyframe(relativeStartTime: relativeStartTime, relativeDuration: relativeDuration) {
                    try animations.call()
                }
                return 0
            },
            viewTransitionFunction(),
            function("performWithoutAnimation", .function("actions"), doc: "runs actions with animations disabled") { call, actions in
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
            try call.checkOptions(1, animateOptions)
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
        return LuaFunction(runtime: runtime, index: -1, origin: .option(function: name, key: key))
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
            else if !keyframes, let flag = AnimationOptionNames.inheritance[name] { flags.insert(flag) }
            else if keyframes, let m = AnimationOptionNames.modes[name] { mode = m }
            else { throw fail(runtime.unknownEnumMessage(enumName, name)) }
        }
        return (flags, mode, curve)
    }

    /// The damping ratio of a `UISpringTimingParameters{...}` in the ratio form (given, or
    /// UIKit's default 4.56 when no parameter is given); nil for the mass/stiffness/damping form.
    func springRatio(_ argument: Int) -> Double? {
        let given = ["dampingRatio", "mass", "stiffness", "damping"].filter { key in
            defer { transit_pop(L, 1) }
            return field(argument, key)
        }
        if given.isEmpty { return Spring.uikitDefaultDampingRatio }
        guard given.contains("dampingRatio") else { return nil }
        defer { transit_pop(L, 1) }
        _ = field(argument, "dampingRatio")
        return lua_type(L, -1) == LUA_TNUMBER ? lua_tonumberx(L, -1, nil) : nil
    }

    /// `UISpringTimingParameters{...}` fields.
    func springOptions(_ argument: Int, duration: Double) throws -> Spring {
        try checkOptions(argument, TransitAPI.springOptionTable)
        var velocity = 0.0
        if field(argument, "initialVelocity") {
            guard let vector = runtime.read(Vector.self, at: -1) else {
                transit_pop(L, 1)
                throw fail("initialVelocity must be a CGVector (got \(runtime.typeDescription(at: -1)))")
            }
            velocity = vector.dx
        }
        transit_pop(L, 1)
        // UISpringTimingParameters() "sets the damping ratio to 4.56" (Apple's documentation):
        // no overshoot. Only the initial velocity given is the same default, velocity 0.
        let given = ["dampingRatio", "mass", "stiffness", "damping"].filter { key in
            defer { transit_pop(L, 1) }
            return field(argument, key)
        }
        if given.isEmpty {
            return Spring.uikit(duration: duration, dampingRatio: Spring.uikitDefaultDampingRatio, initialVelocity: velocity)
        }
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

// MARK: - Options tables

extension TransitAPI {
    static let animateOptions = OptionTable("UIView.AnimateOptions", "UIView.animate's options", [
        .required("duration", .number, "seconds"), .optional("delay", .number, "seconds before it starts"),
        .optional("options", .list(.enumeration("UIViewAnimationOptions"))),
        .optional("dampingRatio", .number, "a spring: 1 settles without overshoot"), .optional("velocity", .number, "the spring's initial velocity"),
        .required("animations", .function), .optional("completion", .function, "called with finished"),
    ])

    static let animateKeyframesOptions = OptionTable("UIView.AnimateKeyframesOptions", "UIView.animateKeyframes's options", [
        .optional("duration", .number, "seconds (default 0)"), .optional("delay", .number, "seconds before it starts"),
        .optional("options", .list(.enumeration("UIViewKeyframeAnimationOptions"))),
        .required("animations", .function, "calls UIView.addKeyframe"), .optional("completion", .function, "called with finished"),
    ])

    static let springOptionTable = OptionTable("UISpringTimingParameters.Options", "UISpringTimingParameters{...}: a damping ratio, or mass, stiffness and damping", [
        .optional("dampingRatio", .number), .optional("initialVelocity", .value("CGVector")),
        .optional("mass", .number), .optional("stiffness", .number), .optional("damping", .number),
    ])

    static let propertyAnimatorOptions = OptionTable("UIViewPropertyAnimator.Options", "UIViewPropertyAnimator.new's options: a duration and one timing", [
        .required("duration", .number, "seconds"), .optional("curve", .enumeration("UIViewAnimationCurve")),
        .optional("dampingRatio", .number), .optional("controlPoint1", .value("CGPoint")), .optional("controlPoint2", .value("CGPoint")),
        .optional("timingParameters", .union([.value("UISpringTimingParameters"), .value("CAMediaTimingFunction")])),
        .optional("animations", .function),
    ])

    static let transitionOptions = OptionTable("UIView.TransitionOptions", "UIView.transition's options", [
        .required("with", .object("UIView"), "the view whose content changes"), .required("duration", .number, "seconds"),
        .optional("options", .list(.enumeration("UIViewAnimationOptions")), "a transition style and curve"),
        .optional("animations", .function), .optional("completion", .function, "called with finished"),
    ])
}

// MARK: - UIViewPropertyAnimator and UIView.transition

extension TransitAPI {
    static func propertyAnimatorClass() -> APIClass {
        var cls = APIClass(name: "UIViewPropertyAnimator", superclass: "NSObject",
                           doc: "An animator you can start, pause, scrub, reverse, continue, stop and finish.", isValue: false)
        cls.matches = { $0 is PropertyAnimator }
        cls.constructorParameters = [parameter("options", .options(propertyAnimatorOptions), "{duration=, curve=} | {duration=, dampingRatio=} | {duration=, controlPoint1=, controlPoint2=} | {duration=, timingParameters=}")]
        cls.construct = { call in
            try call.checkOptions(1, propertyAnimatorOptions)
            guard let duration = try call.numberOption(1, "duration") else { throw call.fail("duration (a number) is required") }
            guard duration.isFinite, duration >= 0 else { throw call.fail("duration must be a finite number ≥ 0 (got \(formatNumber(duration)))") }
            var timing = PropertyAnimator.Timing.curve(.easeInEaseOut)
            if call.field(1, "curve") {
                guard let name = call.runtime.string(at: -1), let curve = AnimationCurve(rawValue: name) else {
                    let text = call.runtime.string(at: -1) ?? call.runtime.typeDescription(at: -1)
                    transit_pop(call.L, 1)
                    throw call.fail(call.runtime.unknownEnumMessage("UIViewAnimationCurve", text))
                }
                timing = .curve(curve.timingFunction)
            }
            transit_pop(call.L, 1)
            if let ratio = try call.numberOption(1, "dampingRatio") {
                guard ratio.isFinite, ratio > 0 else { throw call.fail("dampingRatio must be a number > 0") }
                timing = .spring(Spring.uikit(duration: duration, dampingRatio: ratio, initialVelocity: 0), ignoresDuration: false)
            }
            let hasFirst = call.field(1, "controlPoint1"); let first = call.runtime.read(Point.self, at: -1); transit_pop(call.L, 1)
            let hasSecond = call.field(1, "controlPoint2"); let second = call.runtime.read(Point.self, at: -1); transit_pop(call.L, 1)
            if hasFirst || hasSecond {
                guard let first, let second, first.isFinite, second.isFinite else { throw call.fail("controlPoint1 and controlPoint2 must both be finite CGPoints") }
                timing = .curve(TimingFunction(controlPoint1: first, controlPoint2: second))
            }
            if call.field(1, "timingParameters") {
                let index = lua_gettop(call.L)
                defer { transit_pop(call.L, 1) }
                if let spring = call.runtime.read(Spring.self, at: index) {
                    // A spring given by mass/stiffness/damping runs until it settles; one given
                    // by its damping ratio runs over the animator's duration (UIKit).
                    lua_getfield(call.L, index, "dampingRatio")
                    let ratio = lua_type(call.L, -1) == LUA_TNUMBER ? lua_tonumberx(call.L, -1, nil) : nil
                    transit_pop(call.L, 1)
                    if let ratio, ratio.isFinite, ratio > 0 {
                        timing = .spring(Spring.uikit(duration: duration, dampingRatio: ratio, initialVelocity: spring.initialVelocity), ignoresDuration: false)
                    } else {
                        timing = .spring(spring, ignoresDuration: true)
                    }
                } else if let function = call.runtime.read(TimingFunction.self, at: index) {
                    timing = .curve(function)
                } else {
                    throw call.fail("timingParameters must be UISpringTimingParameters or a CAMediaTimingFunction (got \(call.runtime.typeDescription(at: index)))")
                }
            } else {
                transit_pop(call.L, 1)
            }
            let animator = PropertyAnimator(world: call.runtime.world, duration: duration, timing: timing)
            if let animations = try call.functionOption(1, "animations") {
                try animator.addAnimations({ try animations.call() })
            }
            return animator
        }
        cls.properties = [
            property("fractionComplete", .number(), "progress 0...1; settable only while paused", of: PropertyAnimator.self,
                     get: { call, a in call.push(a.fractionComplete) }, set: { call, a, newValue in try a.setFractionComplete(newValue) }),
            property("isReversed", .boolean(), "runs towards the start", \PropertyAnimator.isReversed),
            property("state", .enumeration("UIViewAnimatingState"), "inactive, active or stopped", of: PropertyAnimator.self,
                     get: { call, a in call.push(a.state.rawValue) }),
            property("isRunning", .boolean, "active and not paused", of: PropertyAnimator.self,
                     get: { call, a in call.push(a.isRunning) }),
            property("isInterruptible", .boolean, "always true here", of: PropertyAnimator.self,
                     get: { call, a in call.push(a.isInterruptible) }),
            property("scrubsLinearly", .boolean(), "true (default): a paused animator's fractionComplete maps linearly; false: scrubbing follows the timing curve", \PropertyAnimator.scrubsLinearly),
            property("pausesOnCompletion", .boolean(), "stay active and paused at the end instead of completing", \PropertyAnimator.pausesOnCompletion),
            property("duration", .number, "the duration given", of: PropertyAnimator.self,
                     get: { call, a in call.push(a.duration) }),
        ]
        cls.methods = [
            method("addAnimations", .function("animations"), .optional(.number("delayFactor", "0...1 of the duration")),
                   doc: "adds animations (run now if active, else when it starts)", of: PropertyAnimator.self) { call, a, animations, delayFactorValue in
                let body = animations
                let factor = delayFactorValue ?? 0
                guard factor.isFinite, factor >= 0, factor <= 1 else { throw call.fail("delayFactor must be in 0...1 (got \(formatNumber(factor)))") }
                try a.addAnimations({ try body.call() }, delayFactor: factor)
                return 0
            },
            method("addCompletion", .function("completion", "called with the final position"), doc: "adds a completion", of: PropertyAnimator.self) { call, a, completion in
                let body = completion
                a.addCompletion { position in try body.call { $0.push(.string(position.rawValue)); return 1 } }
                return 0
            },
            method("startAnimation", .optional(.number("delay")), doc: "starts (or resumes) running", of: PropertyAnimator.self) { call, a, delay in
                try a.startAnimation(afterDelay: delay ?? 0); return 0
            },
            method("pauseAnimation", [], "pauses (activating an inactive animator)", of: PropertyAnimator.self) { _, a in
                try a.pauseAnimation(); return 0
            },
            method("stopAnimation", .boolean("withoutFinishing"), doc: "removes the animations where they are", of: PropertyAnimator.self) { call, a, withoutFinishing in
                try a.stopAnimation(withoutFinishing: withoutFinishing); return 0
            },
            method("finishAnimation", .checked("at", .enumeration("UIViewAnimatingPosition")), doc: "after stopAnimation(false): sets the final values and runs the completions", of: PropertyAnimator.self) { call, a, _ in
                try a.finishAnimation(at: try call.enumeration(1, PropertyAnimator.Position.self, "UIViewAnimatingPosition")); return 0
            },
            method("continueAnimation", .checked("timingParameters", .any, "nil, UISpringTimingParameters or CAMediaTimingFunction"), .optional(.number("durationFactor")),
                   doc: "resumes with new timing; the rest runs over durationFactor × the original duration", of: PropertyAnimator.self) { call, a, _, durationFactor in
                var timing: PropertyAnimator.Timing?
                if !call.isNil(1) {
                    if let spring = call.runtime.read(Spring.self, at: call.index(1)) { timing = .spring(spring, ignoresDuration: false) }
                    else if let function = call.runtime.read(TimingFunction.self, at: call.index(1)) { timing = .curve(function) }
                    else { throw call.argumentError(1, "UISpringTimingParameters, a CAMediaTimingFunction or nil") }
                }
                try a.continueAnimation(timing: timing, durationFactor: durationFactor ?? 1)
                return 0
            },
        ]
        return cls
    }

    static func viewTransitionFunction() -> APIFunction {
        function("transition", .checked("options", .options(transitionOptions)),
                 doc: "animates a change of a view's content with a flip, curl or cross-dissolve") { call, _ in
            try call.checkOptions(1, transitionOptions)
            guard call.field(1, "with"), let view = call.runtime.object(at: -1) as? View else {
                let got = call.runtime.typeDescription(at: -1)
                transit_pop(call.L, 1)
                throw call.fail("with must be a UIView (got \(got))")
            }
            transit_pop(call.L, 1)
            guard let duration = try call.numberOption(1, "duration") else { throw call.fail("duration (a number) is required") }
            var style = ViewTransitionStyle.none
            var curve = AnimationCurve.easeInOut
            if call.field(1, "options") {
                let list = lua_gettop(call.L)
                defer { transit_pop(call.L, 1) }
                guard lua_type(call.L, list) == LUA_TTABLE else { throw call.fail("options must be a list of strings") }
                for i in 0..<Int(lua_rawlen(call.L, list)) {
                    lua_rawgeti(call.L, list, lua_Integer(i + 1))
                    let name = call.runtime.string(at: -1) ?? ""
                    transit_pop(call.L, 1)
                    if let s = ViewTransitionStyle(rawValue: name) { style = s }
                    else if let c = AnimationOptionNames.curves[name] { curve = c }
                    else if AnimationOptionNames.flags[name] == nil && AnimationOptionNames.inheritance[name] == nil {
                        throw call.fail(call.runtime.unknownEnumMessage("UIViewAnimationOptions", name))
                    }
                }
            } else {
                transit_pop(call.L, 1)
            }
            guard let animations = try call.functionOption(1, "animations") else { throw call.fail("animations (a function) is required") }
            let completion = try call.functionOption(1, "completion")
            try call.runtime.world.transition(with: view, duration: duration, style: style, curve: curve,
                                              animations: { try animations.call() },
                                              completion: completion.map { f in { finished in try f.call { $0.push(.boolean(finished)); return 1 } } })
            return 0
        }
    }
}
