import CLua
import TransitCore

// Shared glue for the binding files: short builders for declarations, so each binding reads
// as a list of UIKit names with their types and docs.

enum TransitAPI {
    nonisolated(unsafe) static let description: APIDescription = {
        var api = APIDescription()
        api.enums = enums + popoverEnums + layerEnums + coreAnimationEnums + layoutEnums + controlEnums + dynamicsEnums + listEnums
        api.classes = valueClasses() + viewClasses() + viewControllerClasses() + [viewControllerTransitionClass()] + gestureClasses() + animationClasses()
            + coreAnimationClasses() + transitionClasses() + sheetClasses() + [popoverClass()] + [navigationClass(), tabBarClass()] + navigationBarClasses() + controlClasses()
            + [edgeInsetsClass(), directionalEdgeInsetsClass(), layoutGuideClass()] + autoLayoutClasses() + runLoopClasses() + feedbackClasses() + imageClasses() + listClasses()
            + dynamicsClasses()
        api.globals = imageContextFunctions() + [
            function("CACurrentMediaTime", [], returns: .number, "Core Animation's clock: virtual seconds, as transit.now() (for CAAnimation.beginTime)") { call in
                call.push(call.runtime.world.mediaTime)
                return 1
            },
        ]
        api.protocols = protocols() + popoverProtocols() + gestureProtocols() + dynamicsProtocols() + listProtocols()
        api.unavailable = unavailableMembers
        api.unavailableClasses = unavailableClasses
        api.unavailableStatics = unavailableStatics
        api.namespace = namespace()
        api.namespace.functions += gestureTouchFunctions() + sheetNamespaceFunctions()
        SwiftNames.apply(to: &api)
        api.completingPropertyTables()
        api.indexNames()
        return api
    }()

    nonisolated(unsafe) static let enums: [APIEnum] = [
        APIEnum(name: "UIViewAutoresizing", cases: AutoresizingMask.allCases.map(\.rawValue), doc: "autoresizingMask entries"),
        APIEnum(name: "NSTextAlignment", cases: TextAlignment.allCases.map(\.rawValue), doc: "UILabel.textAlignment"),
        APIEnum(name: "UIFontWeight", cases: FontWeight.allCases.map(\.rawValue), doc: "UILabel.fontWeight"),
        APIEnum(name: "UIViewContentMode", cases: ContentMode.allCases.map(\.rawValue), doc: "UIImageView.contentMode"),
        APIEnum(name: "CACornerMask", cases: MaskedCorners.names.map(\.0), doc: "CALayer.maskedCorners entries"),
        APIEnum(name: "UIModalPresentationStyle", cases: ModalPresentationStyle.allCases.map(\.rawValue), doc: "UIViewController.modalPresentationStyle"),
        APIEnum(name: "UIModalTransitionStyle", cases: ModalTransitionStyle.allCases.map(\.rawValue), doc: "UIViewController.modalTransitionStyle"),
        APIEnum(name: "UITransitionContextKey", cases: TransitionKey.allCases.map(\.rawValue), doc: "ctx:viewController / ctx:view keys"),
        APIEnum(name: "UIRectEdge", cases: RectEdge.allCases.map(\.rawValue), doc: "screen edges"),
        APIEnum(name: "UISwipeGestureRecognizerDirection", cases: SwipeDirection.allCases.map(\.rawValue), doc: "UISwipeGestureRecognizer.direction entries"),
        APIEnum(name: "UIDeviceOrientation", cases: Orientation.allCases.map(\.rawValue), doc: "transit.rotate"),
        APIEnum(name: "UserDismissalStep", cases: PresentationController.UserDismissalStep.allCases.map(\.rawValue), doc: "transit.userDismissal"),
        APIEnum(name: "CAMediaTimingFunctionName", cases: ["default", "easeIn", "easeOut", "easeInEaseOut", "linear"], doc: "named timing functions"),
        APIEnum(name: "UIViewAnimationCurve", cases: AnimationCurve.allCases.map(\.rawValue), doc: "UIViewPropertyAnimator curve"),
        APIEnum(name: "UIViewAnimationOptions", cases: AnimationOptionNames.all + ViewTransitionStyle.allCases.map(\.rawValue), doc: "UIView.animate and UIView.transition options"),
        APIEnum(name: "UIViewKeyframeAnimationOptions", cases: AnimationOptionNames.keyframes, doc: "UIView.animateKeyframes options"),
        APIEnum(name: "UIViewAnimatingPosition", cases: ["start", "end", "current"], doc: "property animator positions"),
        APIEnum(name: "UIViewAnimatingState", cases: ["inactive", "active", "stopped"], doc: "property animator states"),
        APIEnum(name: "UIStatusBarStyle", cases: StatusBarStyle.allCases.map(\.rawValue), doc: "UIViewController.preferredStatusBarStyle"),
        APIEnum(name: "RunLoopMode", cases: ["default", "common", "tracking"], doc: "CADisplayLink add/remove modes (all alike on virtual time)"),
        APIEnum(name: "UIImpactFeedbackStyle", cases: ImpactStyle.allCases.map(\.rawValue), doc: "UIImpactFeedbackGenerator styles"),
        APIEnum(name: "UINotificationFeedbackType", cases: NotificationFeedbackType.allCases.map(\.rawValue), doc: "UINotificationFeedbackGenerator.notificationOccurred"),
        APIEnum(name: "UIBlurEffectStyle", cases: BlurStyle.allCases.map(\.rawValue), doc: "UIBlurEffect styles (the adaptive ones look light)"),
    ]

    /// How `tostring` and the REPL show a host object.
    static func describe(_ object: AnyObject) -> String {
        if let view = object as? View {
            return "<\(view.traceName) frame=\(view.frame) alpha=\(formatNumber(view.alpha))>"
        }
        if let host = object as? HostObject { return "<\(host.traceName)>" }
        return "<object>"
    }
}

// MARK: - Declaration builders

/// Runs `body` with `object` as a `T`, borrowed: no retain and release around the call.
/// Objects that were ever weakly referenced (views are) keep their counts in a side table,
/// where each retain is an atomic operation on another cache line: the bridge's biggest cost
/// before. The dispatcher keeps the object alive (the userdata holds it) for the call.
@inline(__always)
func borrowing<T: AnyObject, Result>(_ object: AnyObject, as _: T.Type, _ body: (T) throws -> Result) rethrows -> Result? {
    guard object is T else { return nil }
    return try Unmanaged<T>.fromOpaque(Unmanaged.passUnretained(object).toOpaque())._withUnsafeGuaranteedRef(body)
}

func property<T: AnyObject>(_ name: String, _ type: APIType, _ doc: String, of _: T.Type,
                            get: @escaping (inout HostCall, T) throws -> Void,
                            set: ((inout HostCall, T) throws -> Void)? = nil) -> APIProperty {
    // The class tables only offer a property on objects of its class, so the cast holds.
    APIProperty(
        name: name, type: type, doc: doc,
        // A class's metatable can still be fetched and its __index called with an object of
        // another class (`getmetatable(view).__index(controller, "frame")`): refuse, never trap.
        getter: { call, object in
            guard try borrowing(object, as: T.self, { try get(&call, $0) }) != nil else { throw foreignReceiver(name, call) }
        },
        setter: set.map { setter in { call, object, _ in
            guard try borrowing(object, as: T.self, { try setter(&call, $0) }) != nil else { throw foreignReceiver(name, call) }
        } })
}

private func foreignReceiver(_ property: String, _ call: HostCall) -> LuaCallError {
    LuaCallError("\(property) is not a property of \(call.runtime.typeDescription(at: 1)) (another class's metamethod was called with it)")
}

func method<T: AnyObject>(_ name: String, _ parameters: [APIParameter], returns: APIType? = nil, _ doc: String,
                          of _: T.Type, variadic: Bool = false,
                          _ body: @escaping (inout HostCall, T) throws -> Int32) -> APIFunction {
    APIFunction(name, .method, parameters, returns: returns, doc: doc, variadic: variadic) { call in
        guard let raw = ObjectBox.at(1, in: call.L)?.pointee.object else { return 0 }
        return try Unmanaged<AnyObject>.borrow(raw) { object in
            try borrowing(object, as: T.self) { try body(&call, $0) } ?? 0
        }
    }
}

/// A method declared with `Argument`s: the body receives `self` and the arguments converted.
/// (`doc:` is labelled because an unlabelled string after the arguments would read as one.)
func method<T: AnyObject, each A>(_ name: String, _ arguments: repeat Argument<each A>, returns: APIType? = nil, doc: String,
                                  of _: T.Type, _ body: @escaping (inout HostCall, T, repeat each A) throws -> Int32) -> APIFunction {
    var function = APIFunction(name, .method, parameters(repeat each arguments), returns: returns, doc: doc) { call in
        guard let raw = ObjectBox.at(1, in: call.L)?.pointee.object else { return 0 }
        var position = 0
        func next<V>(_ argument: Argument<V>) throws -> V {
            position += 1
            return try argument.read(call, position)
        }
        let values = (repeat try next(each arguments))
        return try Unmanaged<AnyObject>.borrow(raw) { object in
            try borrowing(object, as: T.self) { try body(&call, $0, repeat each values) } ?? 0
        }
    }
    function.convertsArguments = true
    return function
}

/// A function (on a class table or the `transit` namespace) declared with `Argument`s.
func function<each A>(_ name: String, _ arguments: repeat Argument<each A>, returns: APIType? = nil, doc: String,
                      _ body: @escaping (inout HostCall, repeat each A) throws -> Int32) -> APIFunction {
    var function = APIFunction(name, .function, parameters(repeat each arguments), returns: returns, doc: doc) { call in
        var position = 0
        func next<V>(_ argument: Argument<V>) throws -> V {
            position += 1
            return try argument.read(call, position)
        }
        let values = (repeat try next(each arguments))
        return try body(&call, repeat each values)
    }
    function.convertsArguments = true
    return function
}

/// A settable property whose value is declared (and converted) by an `Argument`:
/// `property("alpha", .finite(), "...", of: View.self, get: ..., set: { call, v, newValue in v.alpha = newValue })`.
func property<T: AnyObject, V>(_ name: String, _ value: Argument<V>, _ doc: String, of _: T.Type,
                               get: @escaping (inout HostCall, T) throws -> Void,
                               set: @escaping (inout HostCall, T, V) throws -> Void) -> APIProperty {
    // One closure between the dispatcher and the model: the read and the body are called from
    // it directly (a property write is the bridge's hottest path; bench `bridge.property_write`).
    let read = value.read
    var declared = property(name, value.parameter.type, doc, of: T.self, get: get)
    declared.setter = { call, object, _ in
        guard object is T else { throw foreignReceiver(name, call) }
        let converted = try read(call, 1)
        try Unmanaged<T>.fromOpaque(Unmanaged.passUnretained(object).toOpaque())._withUnsafeGuaranteedRef {
            try set(&call, $0, converted)
        }
    }
    declared.convertsValue = true
    // The same write for a value the C path read (ObjectDispatch.swift, assignChecked).
    if let readInC = value.readInC {
        let make = readInC.make
        declared.setterInC = SetterInC(kind: readInC.kind, valueType: readInC.valueType, set: { call, object, numbers in
            guard object is T else { throw foreignReceiver(name, call) }
            let converted = make(numbers)
            try Unmanaged<T>.fromOpaque(Unmanaged.passUnretained(object).toOpaque())._withUnsafeGuaranteedRef {
                try set(&call, $0, converted)
            }
        })
    }
    return declared
}

// Stored properties by key path: `property("isHidden", .boolean(), "...", \View.isHidden)` reads
// and writes `\View.isHidden` for the property, with no getter or setter written out. One
// overload per kind of value, because each kind is pushed by its own `HostCall.push`.
// A key path's write costs more than a closure's (measured in a debug build: about 0.7 µs
// more per `view.alpha = x`, bench bridge.property_write), so the geometry and colours that
// animations write every frame keep their closures (Views.swift, Layers.swift).

func property<T: AnyObject>(_ name: String, _ value: Argument<Double>, _ doc: String,
                            _ keyPath: ReferenceWritableKeyPath<T, Double>) -> APIProperty {
    property(name, value, doc, of: T.self, get: { call, object in call.push(object[keyPath: keyPath]) },
             set: { _, object, newValue in object[keyPath: keyPath] = newValue })
}

func property<T: AnyObject>(_ name: String, _ value: Argument<Bool>, _ doc: String,
                            _ keyPath: ReferenceWritableKeyPath<T, Bool>) -> APIProperty {
    property(name, value, doc, of: T.self, get: { call, object in call.push(object[keyPath: keyPath]) },
             set: { _, object, newValue in object[keyPath: keyPath] = newValue })
}

func property<T: AnyObject>(_ name: String, _ value: Argument<String>, _ doc: String,
                            _ keyPath: ReferenceWritableKeyPath<T, String>) -> APIProperty {
    property(name, value, doc, of: T.self, get: { call, object in call.push(object[keyPath: keyPath]) },
             set: { _, object, newValue in object[keyPath: keyPath] = newValue })
}

func property<T: AnyObject>(_ name: String, _ value: Argument<String?>, _ doc: String,
                            _ keyPath: ReferenceWritableKeyPath<T, String?>) -> APIProperty {
    property(name, value, doc, of: T.self, get: { call, object in call.push(object[keyPath: keyPath]) },
             set: { _, object, newValue in object[keyPath: keyPath] = newValue })
}

func property<T: AnyObject, V: BridgedValue>(_ name: String, _ value: Argument<V>, _ doc: String,
                                             _ keyPath: ReferenceWritableKeyPath<T, V>) -> APIProperty {
    property(name, value, doc, of: T.self, get: { call, object in call.push(object[keyPath: keyPath]) },
             set: { _, object, newValue in object[keyPath: keyPath] = newValue })
}

func property<T: AnyObject, V: BridgedValue>(_ name: String, _ value: Argument<V?>, _ doc: String,
                                             _ keyPath: ReferenceWritableKeyPath<T, V?>) -> APIProperty {
    property(name, value, doc, of: T.self, get: { call, object in call.push(object[keyPath: keyPath]) },
             set: { _, object, newValue in object[keyPath: keyPath] = newValue })
}

private func parameters<each A>(_ arguments: repeat Argument<each A>) -> [APIParameter] {
    var declared: [APIParameter] = []
    for argument in repeat each arguments { declared.append(argument.parameter) }
    return declared
}

func function(_ name: String, _ parameters: [APIParameter], returns: APIType? = nil, _ doc: String,
              variadic: Bool = false, _ body: @escaping (inout HostCall) throws -> Int32) -> APIFunction {
    APIFunction(name, .function, parameters, returns: returns, doc: doc, variadic: variadic, implementation: body)
}

/// A hook the engine calls: `name` is one of TransitCore's `Hook` cases, `swift` UIKit's
/// Swift declaration; `required` for protocol members UIKit does not mark `optional`.
func hook(_ name: some HookName, _ parameters: [APIParameter], returns: APIType? = nil, swift: String, required: Bool = false,
          _ doc: String) -> APIFunction {
    hook(named: name.rawValue, parameters, returns: returns, swift: swift, required: required, doc)
}

/// A hook by name: a renamed hook's former name, which is no case of the engine's.
func hook(named name: String, _ parameters: [APIParameter], returns: APIType? = nil, swift: String, required: Bool = false,
          _ doc: String) -> APIFunction {
    var function = APIFunction(name, .hook, parameters, returns: returns, doc: doc, implementation: nil)
    let declaration = SwiftDeclaration(swift)
    function.swiftName = declaration.name
    function.swiftDeclaration = declaration.isFull ? swift : nil
    function.isRequired = required
    return function
}

/// A hook under its name from before the naming rule (docs/porting.md, "Hook names").
func renamed(_ hook: APIFunction, to name: String) -> APIFunction {
    var hook = hook
    hook.renamedTo = name
    return hook
}

func parameter(_ name: String, _ type: APIType, _ doc: String = "") -> APIParameter {
    APIParameter(name, type, doc)
}

extension HostCall {
    /// Applies a constructor's table of settable properties (`UIView.new{frame=..., name=...}`,
    /// declared once as `OptionTable.properties(of:)`) through the class's setters; a key that
    /// is neither a settable property nor one the table declares (read by the constructor
    /// itself) is an error listing what is accepted. A view class also takes a CGRect, its
    /// frame: `UIView.new(CGRect(0, 0, 10, 10))` is UIKit's `UIView(frame:)`, the initializer
    /// ported code uses most.
    func applyOptions(_ argument: Int, to object: AnyObject, _ table: OptionTable) throws {
        guard isTable(argument), let className = table.propertiesOf else { return }
        let api = runtime.api
        let settable = api.settableProperties(of: className)
        let tableIndex = index(argument)
        if let valueName = runtime.valueClassName(at: tableIndex) {
            // A value is never an options table: its fields (x, y, width, height) are no options.
            guard valueName == Rect.luaName, let frame = settable["frame"], api.isSubclass(className, of: "UIView") else {
                throw fail(argument: argument, "(options) must be a table of \(className)'s settable properties (got \(valueName))")
            }
            var call = HostCall(runtime: runtime, name: "\(className).frame", base: tableIndex)
            try frame.setter!(&call, object, tableIndex)
            return
        }
        // The keys given, sorted: Lua's traversal order depends on the state's hash seed, and
        // the properties must be set in the same order every run. A key that is neither a
        // settable property nor one of the table's own (read by the constructor) is rejected.
        var given: [String] = []
        var unknown: [String] = []
        lua_pushnil(L)
        while lua_next(L, tableIndex) != 0 {
            if lua_type(L, -2) == LUA_TSTRING, let key = runtime.string(at: -2) {
                if settable[key] != nil { given.append(key) } else if !table.fields.contains(where: { $0.name == key }) { unknown.append(key) }
            } else {
                unknown.append("[\(runtime.typeDescription(at: -2)) key]")
            }
            transit_pop(L, 1)
        }
        if let first = unknown.min() {
            throw unknownOption(first, accepted: Set(settable.keys).union(table.fields.map(\.name)), argument: argument)
        }
        for key in given.sorted() {
            lua_pushstring(L, key)
            lua_rawget(L, tableIndex)
            defer { transit_pop(L, 1) }
            let property = settable[key]!
            let valueIndex = lua_gettop(L)
            if let problem = runtime.check(property.type, at: valueIndex) {
                throw fail("option \(key) must be \(problem) (got \(runtime.typeDescription(at: valueIndex)))")
            }
            var call = HostCall(runtime: runtime, name: "\(className).\(key)", base: valueIndex)
            try property.setter!(&call, object, valueIndex)
        }
    }
}

/// A constructor's argument that is a table of the class's settable properties (`table`,
/// declared once as `OptionTable.properties(of:)`).
func propertiesParameter(_ table: OptionTable, _ doc: String) -> APIParameter {
    parameter("options", .optional(.options(table)), doc)
}

/// A view class's constructor argument: a CGRect, the frame (`UIView(frame:)`), or a table of
/// its settable properties (HostCall.applyOptions reads both).
func viewOptionsParameter(_ table: OptionTable, _ doc: String) -> APIParameter {
    parameter("options", .viewOptions(table), "a CGRect (the frame, as UIView(frame:)) or a table of " + doc)
}

extension APIType {
    /// What a view class's constructor takes (`viewOptionsParameter`).
    static func viewOptions(_ table: OptionTable) -> APIType { .optional(.union([.value(Rect.luaName), .options(table)])) }

    /// A constructor argument that is the class's options (settable properties), and nothing of
    /// its own: a Lua subclass's `init` may take its place (constructInstance).
    var isConstructorOptions: Bool {
        if self == .optional(.table) { return true }
        // A declared options table, or a choice of them (UIBezierPath's forms): a table too.
        guard case .optional(let inner) = self else { return false }
        if case .options = inner { return true }
        // A list or the options (a behavior's items), or a view's frame or its properties: a
        // table either way.
        if case .union(let types) = inner {
            return types.contains { if case .options = $0 { return true } else { return false } }
                && types.allSatisfy {
                    switch $0 {
                    case .options, .list: return true
                    case .value(let name): return name == Rect.luaName
                    default: return false
                    }
                }
        }
        return false
    }
}
