import CLua
import TransitCore

// Core Animation's animation objects (CAAnimation and its subclasses), CALayer's add /
// removeAnimation / animationKeys / animation, and CATransaction. The model is TransitCore's
// CoreAnimation.swift.

extension TransitAPI {
    nonisolated(unsafe) static let coreAnimationEnums: [APIEnum] = [
        APIEnum(name: "CAMediaTimingFillMode", cases: FillMode.allCases.map(\.rawValue), doc: "CAAnimation.fillMode"),
        APIEnum(name: "CAAnimationCalculationMode", cases: KeyframeCalculationMode.allCases.map(\.rawValue), doc: "CAKeyframeAnimation.calculationMode"),
    ]

    static func layerAnimationMethods() -> [APIFunction] {
        [
            method("add", .object("animation", CoreAnimationObject.self), .optional(.string("forKey", "replaces the animation added under the same key")),
                   doc: "add(_:forKey:): runs a copy of the animation on this layer", of: Layer.self) { call, l, animation, key in
                try call.core { try call.runtime.world.addAnimation(animation, to: l, forKey: key) }
                return 0
            },
            method("removeAnimation", .string("forKey"), doc: "removeAnimation(forKey:): its delegate hears animationDidStop with finished = false", of: Layer.self) { call, l, forKey in
                l.removeAnimation(forKey: forKey)
                return 0
            },
            method("animationKeys", [], returns: .list(.string), "the keys of the attached animations, sorted: the key an animation was added with, else its key path (\"opacity\" for a UIView.animate of alpha)", of: Layer.self) { call, l in
                let keys = l.animationKeys
                lua_createtable(call.L, Int32(keys.count), 0)
                for (i, key) in keys.enumerated() { lua_pushstring(call.L, key); lua_rawseti(call.L, -2, lua_Integer(i + 1)) }
                return 1
            },
            method("animation", .string("forKey"), returns: .optional(.object("CAAnimation")),
                   doc: "animation(forKey:): the animation added under the key (nil for implicit ones)", of: Layer.self) { call, l, forKey in
                call.push(l.animation(forKey: forKey))
                return 1
            },
        ]
    }

    static func coreAnimationClasses() -> [APIClass] {
        [animationClass(), propertyAnimationClass(), basicAnimationClass(), springAnimationClass(),
         keyframeAnimationClass(), animationGroupClass(), transactionClass()]
    }

    private static func constructor<A: CoreAnimationObject>(_ make: @escaping (World) -> A, _ options: OptionTable) -> (inout HostCall) throws -> AnyObject {
        { call in
            let animation = make(call.runtime.world)
            try call.applyOptions(1, to: animation, options)
            return animation
        }
    }

    private static func animationClass() -> APIClass {
        var cls = APIClass(name: "CAAnimation", superclass: "NSObject", doc: "Timing shared by Core Animation's animations.", isValue: false)
        cls.matches = { $0 is CoreAnimationObject }
        func number(_ name: String, _ doc: String, _ key: ReferenceWritableKeyPath<CoreAnimationObject, Double>,
                    check: @escaping (Double) -> Bool, _ rule: String) -> APIProperty {
            property(name, .number(), doc, of: CoreAnimationObject.self, get: { call, a in call.push(a[keyPath: key]) },
                     set: { call, a, newValue in
                         let value = newValue
                         guard check(value) else { throw call.fail("must be \(rule) (got \(formatNumber(value)))") }
                         a[keyPath: key] = value
                     })
        }
        cls.properties = [
            number("duration", "seconds; 0 takes the transaction's duration (0.25 s)", \.duration,
                   check: { $0.isFinite && $0 >= 0 && $0 <= 1e6 }, "a finite number of seconds in 0...1e6"),
            number("beginTime", "0: when added; else a time on CACurrentMediaTime()'s clock, e.g. CACurrentMediaTime() + 0.2", \.beginTime,
                   check: { $0.isFinite && abs($0) <= 1e9 }, "a finite time"),
            number("repeatCount", "how many times it plays (fractions allowed; math.huge: forever)", \.repeatCount,
                   check: { !$0.isNaN && $0 >= 0 && ($0.isFinite ? $0 <= 1e6 : true) }, "a number ≥ 0 (math.huge for ever)"),
            property("timingFunction", .optional(.value("CAMediaTimingFunction")), "the pacing (nil: linear)", of: CoreAnimationObject.self,
                     get: { call, a in if let f = a.timingFunction { call.runtime.push(f) } else { call.pushNil() } },
                     set: { call, a in
                         if call.isNil(1) { a.timingFunction = nil; return }
                         guard let f = call.runtime.read(TimingFunction.self, at: call.index(1)) else { throw call.argumentError(1, "a CAMediaTimingFunction") }
                         a.timingFunction = f
                     }),
            property("fillMode", .enumeration("", FillMode.self, "CAMediaTimingFillMode"), "what shows before the start and after the end (default removed)", of: CoreAnimationObject.self,
                     get: { call, a in call.push(a.fillMode.rawValue) },
                     set: { call, a, newValue in a.fillMode = newValue }),
            property("isRemovedOnCompletion", .boolean(), "whether the layer lets go of it when it ends (default true)", \CoreAnimationObject.isRemovedOnCompletion),
            property("autoreverses", .boolean(), "plays backwards after each forward play", \CoreAnimationObject.autoreverses),
            property("delegate", .optional(.protocolObject("", Hook.AnimationDelegate.protocolName)), "told when it starts and stops (held strongly, as Core Animation does)", of: CoreAnimationObject.self,
                     get: { call, a in call.push(a.delegate) },
                     set: { call, a, newValue in a.delegate = newValue }),
        ]
        return cls
    }

    private static func propertyAnimationClass() -> APIClass {
        var cls = APIClass(name: "CAPropertyAnimation", superclass: "CAAnimation", doc: "An animation of one key path.", isValue: false)
        cls.matches = { $0 is PropertyAnimationObject }
        cls.properties = [
            property("keyPath", .optional(.string), "what it animates: a layer property or a part of one (position.x, transform.rotation.z, ...)", of: PropertyAnimationObject.self,
                     get: { call, a in call.push(a.keyPath) },
                     set: { call, a in
                         if call.isNil(1) { a.keyPath = nil; return }
                         let text = try call.string(1)
                         guard AnimationKeyPath(text) != nil else {
                             throw call.fail("\"\(text)\" is not a key path Transit animates; known: " + AnimationKeyPath.all.joined(separator: ", "))
                         }
                         a.keyPath = text
                     }),
            property("isAdditive", .boolean(), "adds its values to the value beneath instead of replacing it", \PropertyAnimationObject.isAdditive),
        ]
        return cls
    }

    private static func basicAnimationClass() -> APIClass {
        var cls = APIClass(name: "CABasicAnimation", superclass: "CAPropertyAnimation", doc: "An animation from one value to another.", isValue: false)
        cls.matches = { $0 is BasicAnimationObject }
        let options = OptionTable.properties(of: cls.name)
        cls.constructorParameters = [propertiesParameter(options, "any writable properties, e.g. {keyPath=, fromValue=, toValue=, duration=}")]
        cls.construct = constructor({ BasicAnimationObject(world: $0) }, options)
        let valueType = APIType.optional(.any)
        func value(_ name: String, _ doc: String, _ key: ReferenceWritableKeyPath<BasicAnimationObject, AnimatableValue?>) -> APIProperty {
            property(name, valueType, doc, of: BasicAnimationObject.self,
                     get: { call, a in call.pushAnimatable(a[keyPath: key]) },
                     set: { call, a in a[keyPath: key] = call.isNil(1) ? nil : try call.animatableValue(1) })
        }
        cls.properties = [
            value("fromValue", "the start (nil: the value beneath)", \.fromValue),
            value("toValue", "the end (nil: the value beneath)", \.toValue),
            value("byValue", "the change, with fromValue or toValue or alone", \.byValue),
        ]
        return cls
    }

    private static func springAnimationClass() -> APIClass {
        var cls = APIClass(name: "CASpringAnimation", superclass: "CABasicAnimation", doc: "A basic animation paced by a damped spring.", isValue: false)
        cls.matches = { $0 is SpringAnimationObject }
        let options = OptionTable.properties(of: cls.name)
        cls.constructorParameters = [propertiesParameter(options, "any writable properties, e.g. {keyPath=, toValue=, damping=}")]
        cls.construct = constructor({ SpringAnimationObject(world: $0) }, options)
        func number(_ name: String, _ doc: String, _ key: ReferenceWritableKeyPath<SpringAnimationObject, Double>, positive: Bool) -> APIProperty {
            property(name, .finite(), doc, of: SpringAnimationObject.self, get: { call, a in call.push(a[keyPath: key]) },
                     set: { call, a, newValue in
                         let value = newValue
                         guard positive ? value > 0 && value <= 1e6 : abs(value) <= 1e6 else {
                             throw call.fail("must be \(positive ? "> 0" : "within ±1e6") (got \(formatNumber(value)))")
                         }
                         a[keyPath: key] = value
                     })
        }
        cls.properties = [
            number("mass", "default 1", \.mass, positive: true),
            number("stiffness", "default 100", \.stiffness, positive: true),
            property("damping", .finite(), "default 10 (≥ 0)", of: SpringAnimationObject.self, get: { call, a in call.push(a.damping) },
                     set: { call, a, newValue in
                         let value = newValue
                         guard value >= 0, value <= 1e6 else { throw call.fail("must be in 0...1e6 (got \(formatNumber(value)))") }
                         a.damping = value
                     }),
            number("initialVelocity", "in units of the whole change per second", \.initialVelocity, positive: false),
            property("settlingDuration", .number, "seconds until the spring is at rest (set duration to it)", of: SpringAnimationObject.self,
                     get: { call, a in call.push(a.settlingDuration) }),
        ]
        return cls
    }

    private static func keyframeAnimationClass() -> APIClass {
        var cls = APIClass(name: "CAKeyframeAnimation", superclass: "CAPropertyAnimation", doc: "An animation through a list of values.", isValue: false)
        cls.matches = { $0 is KeyframeAnimationObject }
        let options = OptionTable.properties(of: cls.name)
        cls.constructorParameters = [propertiesParameter(options, "any writable properties, e.g. {keyPath=, values=, keyTimes=}")]
        cls.construct = constructor({ KeyframeAnimationObject(world: $0) }, options)
        cls.properties = [
            property("values", .list(.any), "the values, in order", of: KeyframeAnimationObject.self,
                     get: { call, a in
                         lua_createtable(call.L, Int32(a.values.count), 0)
                         for (i, value) in a.values.enumerated() { call.pushAnimatable(value); lua_rawseti(call.L, -2, lua_Integer(i + 1)) }
                     },
                     set: { call, a in
                         guard call.isTable(1) else { throw call.argumentError(1, "a list of values") }
                         let table = call.index(1)
                         let count = Int(lua_rawlen(call.L, table))
                         guard count <= 10_000 else { throw call.fail("at most 10000 values (got \(count))") }
                         var values: [AnimatableValue] = []
                         for i in 0..<count {
                             lua_rawgeti(call.L, table, lua_Integer(i + 1))
                             defer { transit_pop(call.L, 1) }
                             let entry = HostCall(runtime: call.runtime, name: "\(call.name)[\(i + 1)]", base: lua_gettop(call.L))
                             values.append(try entry.animatableValue(1))
                         }
                         a.values = values
                     }),
            property("keyTimes", .optional(.list(.number)), "each value's time, 0...1 (nil: evenly spread)", of: KeyframeAnimationObject.self,
                     get: { call, a in if let times = a.keyTimes { call.pushNumbers(times) } else { call.pushNil() } },
                     set: { call, a in a.keyTimes = call.isNil(1) ? nil : try call.numberList(1, limit: 10_001) }),
            property("calculationMode", .enumeration("", KeyframeCalculationMode.self, "CAAnimationCalculationMode"), "how values between keyframes are found (default linear)", of: KeyframeAnimationObject.self,
                     get: { call, a in call.push(a.calculationMode.rawValue) },
                     set: { call, a, newValue in a.calculationMode = newValue }),
            property("path", .optional(.union([.object("CGPath"), .object("UIBezierPath")])), "for position: moves along the path (paced)", of: KeyframeAnimationObject.self,
                     get: { call, a in call.push(a.path.map { PathObject(world: call.runtime.world, path: $0) }) },
                     set: { call, a in a.path = call.isNil(1) ? nil : try call.path(1) }),
        ]
        return cls
    }

    private static func animationGroupClass() -> APIClass {
        var cls = APIClass(name: "CAAnimationGroup", superclass: "CAAnimation", doc: "Animations run together on one timeline.", isValue: false)
        cls.matches = { $0 is AnimationGroupObject }
        let options = OptionTable.properties(of: cls.name)
        cls.constructorParameters = [propertiesParameter(options, "any writable properties, e.g. {animations=, duration=}")]
        cls.construct = constructor({ AnimationGroupObject(world: $0) }, options)
        cls.properties = [
            property("animations", .list(.object("CAAnimation")), "the animations; their beginTime and duration are in the group's time", of: AnimationGroupObject.self,
                     get: { call, g in call.pushList(g.animations) },
                     set: { call, g in
                         guard call.isTable(1) else { throw call.argumentError(1, "a list of CAAnimations") }
                         let table = call.index(1)
                         let count = Int(lua_rawlen(call.L, table))
                         guard count <= 1_000 else { throw call.fail("at most 1000 animations (got \(count))") }
                         var animations: [CoreAnimationObject] = []
                         for i in 0..<count {
                             lua_rawgeti(call.L, table, lua_Integer(i + 1))
                             defer { transit_pop(call.L, 1) }
                             guard let animation = call.runtime.object(at: -1) as? CoreAnimationObject else {
                                 throw call.fail("entry \(i + 1) must be a CAAnimation (got \(call.runtime.typeDescription(at: -1)))")
                             }
                             if animation === g { throw call.fail("a group cannot contain itself") }
                             animations.append(animation)
                         }
                         g.animations = animations
                     }),
        ]
        return cls
    }

    private static func transactionClass() -> APIClass {
        var cls = APIClass(name: "CATransaction", superclass: nil, doc: "Groups layer changes: their implicit animations' duration and timing, and a completion block.", isValue: false)
        cls.functions = [
            function("begin", [], "opens a transaction (nested ones inherit the settings)") { call in
                try call.core { try call.runtime.world.beginTransaction() }
                return 0
            },
            function("commit", [], "closes the innermost transaction") { call in
                try call.core { try call.runtime.world.commitTransaction() }
                return 0
            },
            function("flush", [], "accepted; Transit commits the implicit transaction at the end of the run-loop turn") { _ in 0 },
            function("setDisableActions", .boolean("flag"), doc: "true: changes of standalone layers do not animate implicitly") { call, flag in
                call.runtime.world.transactionDisablesActions = flag
                return 0
            },
            function("disableActions", [], returns: .boolean, "whether implicit animations are off") { call in
                call.push(call.runtime.world.transactionDisablesActions)
                return 1
            },
            function("setAnimationDuration", .finite("duration"), doc: "the implicit animations' duration (default 0.25 s)") { call, duration in
                guard duration >= 0, duration <= 1e6 else { throw call.fail(argument: 1, "(duration) must be in 0...1e6 (got \(formatNumber(duration)))") }
                call.runtime.world.transactionAnimationDuration = duration
                return 0
            },
            function("animationDuration", [], returns: .number, "the implicit animations' duration") { call in
                call.push(call.runtime.world.transactionAnimationDuration)
                return 1
            },
            function("setAnimationTimingFunction", .checked("timingFunction", .optional(.value("CAMediaTimingFunction"))), doc: "the implicit animations' pacing (nil: default)") { call, _ in
                if call.isNil(1) { call.runtime.world.transactionTimingFunction = nil; return 0 }
                guard let f = call.runtime.read(TimingFunction.self, at: call.index(1)) else { throw call.argumentError(1, "a CAMediaTimingFunction") }
                call.runtime.world.transactionTimingFunction = f
                return 0
            },
            function("setCompletionBlock", .optional(.function("block")), doc: "runs once every animation added in the transaction has ended") { call, block in
                call.runtime.world.setTransactionCompletion(block.map { f in { try f.call() } })
                return 0
            },
        ]
        return cls
    }
}

extension HostCall {
    /// An animation value: a number, CGPoint, CGSize, CGRect, UIColor, CATransform3D (a
    /// CGAffineTransform becomes one), CGPath or UIBezierPath, or a list of numbers or UIColors.
    func animatableValue(_ argument: Int) throws -> AnimatableValue {
        let i = index(argument)
        switch lua_type(L, i) {
        case LUA_TNUMBER:
            let n = lua_tonumberx(L, i, nil)
            guard n.isFinite else { throw fail("\(subjectName)must be finite (got \(formatNumber(n)))") }
            return .number(n)
        case LUA_TUSERDATA:
            return .path(try path(argument))
        case LUA_TTABLE:
            let value: AnimatableValue?
            switch runtime.valueClassName(at: i) {
            case "CGPoint": value = runtime.read(Point.self, at: i).map { .point($0) }
            case "CGSize": value = runtime.read(Size.self, at: i).map { .size($0) }
            case "CGRect": value = runtime.read(Rect.self, at: i).map { .rect($0) }
            case "UIColor": value = runtime.read(Color.self, at: i).map { .color($0) }
            case "CATransform3D": value = runtime.read(Transform3D.self, at: i).map { .transform($0) }
            case "CGAffineTransform": value = runtime.read(Transform2D.self, at: i).map { .transform($0.as3D) }
            case nil:
                lua_rawgeti(L, i, 1)
                let firstIsColor = runtime.valueClassName(at: -1) == "UIColor"
                transit_pop(L, 1)
                value = firstIsColor ? .list(GradientLayer.flattenColors(try colorList(argument, limit: GradientLayer.maximumStops)))
                    : .list(try numberList(argument, limit: 10_000))
            default: value = nil
            }
            guard let value else { break }
            guard value.isFiniteValue else { throw fail("\(subjectName)must be finite") }
            return value
        default: break
        }
        throw argumentError(argument, "a number, CGPoint, CGSize, CGRect, UIColor, CATransform3D, CGPath or a list")
    }

    private var subjectName: String { "" }

    func pushAnimatable(_ value: AnimatableValue?) {
        guard let value else { lua_pushnil(L); return }
        switch value {
        case .number(let n): lua_pushnumber(L, n)
        case .point(let p): runtime.push(p)
        case .size(let s): runtime.push(s)
        case .rect(let r): runtime.push(r)
        case .color(let c): runtime.push(c)
        case .transform(let t): runtime.push(t)
        case .path(let p): runtime.push(PathObject(world: runtime.world, path: p))
        case .list(let l): pushNumbers(l)
        }
    }
}

extension AnimatableValue {
    var isFiniteValue: Bool {
        switch self {
        case .number(let n): return n.isFinite
        case .point(let p): return p.isFinite
        case .size(let s): return s.isFinite
        case .rect(let r): return r.isFinite
        case .color(let c): return c.isFinite
        case .transform(let t): return t.isFinite
        case .path(let p): return p.isFinite
        case .list(let l): return l.allSatisfy(\.isFinite)
        }
    }
}
