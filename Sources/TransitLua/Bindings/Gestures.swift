import CLua
import TransitCore

// UIGestureRecognizer and its subclasses, their delegate protocol, UIScrollView and its
// delegate, and the synthetic touches that drive them (transit.touch.press, pinch, swipe).

extension TransitAPI {
    static func gestureClasses() -> [APIClass] {
        var gesture = APIClass(name: "UIGestureRecognizer", superclass: "NSObject", doc: "A gesture recognizer attached to a view.", isValue: false)
        gesture.matches = { $0 is GestureRecognizer }
        gesture.properties = [
            property("view", .optional(.object("UIView")), "the view it is attached to", of: GestureRecognizer.self,
                     get: { call, g in call.push(g.view) }),
            property("state", .string, "possible, began, changed, ended (also UIKit's recognized), cancelled or failed", of: GestureRecognizer.self,
                     get: { call, g in call.push(g.state.rawValue) }),
            property("isEnabled", .boolean(), "whether it recognizes; false during its gesture cancels it", of: GestureRecognizer.self,
                     get: { call, g in call.push(g.isEnabled) }, set: { call, g, newValue in try g.setEnabled(newValue) }),
            property("cancelsTouchesInView", .boolean(), "accepted (Transit's views get no touches of their own to cancel)", \GestureRecognizer.cancelsTouchesInView),
            property("delegate", .optional(.protocolObject("", Hook.GestureRecognizerDelegate.protocolName)), "asked whether to begin, to recognize together and which must fail", of: GestureRecognizer.self,
                     get: { call, g in call.push(g.delegate) },
                     set: { call, g, newValue in g.delegate = newValue }),
            property("numberOfTouches", .integer, "fingers of the current touch (0 without one)", of: GestureRecognizer.self,
                     get: { call, g in lua_pushinteger(call.L, lua_Integer(g.numberOfTouches)) }),
        ]
        gesture.methods = [
            method("location", .optional(.object("view", View.self, "nil: the window")), returns: .value("CGPoint"),
                   doc: "where the touch is (the fingers' centroid; a swipe's start), in the view's coordinates", of: GestureRecognizer.self) { call, g, view in
                call.push(g.location(in: view)); return 1
            },
            method("addTarget", .checked("target", .any, "a table or object"), .checked("action", .union([.function, .string]), "a function called as action(target, recognizer), or the name of a method of target"),
                   doc: "adds a target-action pair, called on each state change after those added before", of: GestureRecognizer.self) { call, g, _, _ in
                guard !call.isNil(1), lua_type(call.L, call.index(1)) == LUA_TTABLE || lua_type(call.L, call.index(1)) == LUA_TUSERDATA else {
                    throw call.argumentError(1, "a table or object")
                }
                g.addTarget(try call.gestureTarget(target: 1, action: 2, for: g)); return 0
            },
            method("removeTarget", .checked("target", .any, "nil: every target"), .checked("action", .optional(.union([.function, .string])), "nil: every action"),
                   doc: "removes the matching target-action pairs", of: GestureRecognizer.self) { call, g, _, _ in
                let target = call.isNil(1) ? nil : call.identityKey(1)
                let action = call.isNil(2) ? nil : try call.actionKey(2)
                g.removeTarget(targetKey: target, actionKey: action); return 0
            },
            method("require", .object("toFail", GestureRecognizer.self),
                   doc: "require(toFail:): this recognizer waits until the other fails, and fails if it recognizes", of: GestureRecognizer.self) { call, g, toFail in
                g.require(toFail: toFail); return 0
            },
        ]

        func recognizer(_ name: String, superclass: String = "UIGestureRecognizer", _ kind: GestureKind, _ doc: String) -> APIClass {
            var cls = APIClass(name: name, superclass: superclass, doc: doc, isValue: false)
            cls.matches = { ($0 as? GestureRecognizer)?.kind == kind }
            cls.constructorParameters = [
                parameter("target", .any, "a function called with the recognizer on each state change, or the target of action"),
                parameter("action", .optional(.union([.function, .string])), "with a target: a function called as action(target, recognizer), or a method name"),
            ]
            cls.construct = { call in
                let recognizer = GestureRecognizer.make(world: call.runtime.world, kind: kind)
                if call.isNil(1) {
                    guard call.isNil(2) else { throw call.fail("an action needs a target (or pass the function alone)") }
                } else if call.isNil(2) {
                    let function = try call.function(1)
                    let key = "function:\(call.identityKey(1))"
                    recognizer.addTarget(GestureTarget(targetKey: nil, actionKey: key) { [weak recognizer] _ in
                        try function.call { runtime in runtime.push(recognizer); return 1 }
                    })
                } else {
                    guard lua_type(call.L, call.index(1)) == LUA_TTABLE || lua_type(call.L, call.index(1)) == LUA_TUSERDATA else {
                        throw call.argumentError(1, "a table or object (the target of action)")
                    }
                    recognizer.addTarget(try call.gestureTarget(target: 1, action: 2, for: recognizer))
                }
                return recognizer
            }
            return cls
        }
        func touchCount(_ name: String, _ doc: String, get: @escaping (GestureRecognizer) -> Int, set: @escaping (GestureRecognizer, Int) -> Void) -> APIProperty {
            property(name, .integer(), doc, of: GestureRecognizer.self,
                     get: { call, g in lua_pushinteger(call.L, lua_Integer(get(g))) },
                     set: { call, g, count in
                         guard count >= 1 else { throw call.fail("must be ≥ 1 (got \(count))") }
                         set(g, count)
                     })
        }
        let touchesRequired = touchCount("numberOfTouchesRequired", "fingers it needs (default 1)",
                                         get: { $0.numberOfTouchesRequired }, set: { $0.numberOfTouchesRequired = $1 })

        var pan = recognizer("UIPanGestureRecognizer", .pan, "A pan: begins after 10 pt of movement; continuous.")
        pan.matches = { $0 is PanGestureRecognizer }
        pan.properties = [
            touchCount("minimumNumberOfTouches", "fewest fingers it begins with (default 1)",
                       get: { $0.minimumNumberOfTouches }, set: { $0.minimumNumberOfTouches = $1 }),
            touchCount("maximumNumberOfTouches", "most fingers it begins with (default: no limit)",
                       get: { $0.maximumNumberOfTouches }, set: { $0.maximumNumberOfTouches = $1 }),
        ]
        pan.methods = [
            method("translation", .optional(.object("view", View.self)), returns: .value("CGPoint"),
                   doc: "how far the touch moved since it went down (minus setTranslation's reference)", of: PanGestureRecognizer.self) { call, g, view in
                call.push(g.translation(in: view)); return 1
            },
            method("velocity", .optional(.object("view", View.self)), returns: .value("CGPoint"),
                   doc: "points per second", of: PanGestureRecognizer.self) { call, g, view in
                call.push(g.velocity(in: view)); return 1
            },
            method("setTranslation", .value("translation", Point.self), .optional(.object("view", View.self)),
                   doc: "makes the current translation read as the given one", of: PanGestureRecognizer.self) { call, g, translation, view in
                g.setTranslation(translation, in: view); return 0
            },
        ]
        var edge = recognizer("UIScreenEdgePanGestureRecognizer", superclass: "UIPanGestureRecognizer", .screenEdgePan,
                              "A pan that starts within 20 pt of a screen edge and moves away from it.")
        edge.properties = [
            property("edges", .enumeration("", RectEdge.self, "UIRectEdge"), "the screen edge it starts from", of: ScreenEdgePanGestureRecognizer.self,
                     get: { call, g in call.push(g.edges.rawValue) }, set: { call, g, newValue in g.edges = newValue }),
        ]
        var tap = recognizer("UITapGestureRecognizer", .tap, "A tap: recognized when the fingers lift within 10 pt of where they went down; discrete.")
        tap.properties = [touchesRequired,
            property("numberOfTapsRequired", .integer(), "taps it needs (default 1); each must go down within 0.35 s of the last lift", of: TapGestureRecognizer.self,
                     get: { call, g in lua_pushinteger(call.L, lua_Integer(g.numberOfTapsRequired)) },
                     set: { call, g, count in
                         guard count >= 1 else { throw call.fail("must be ≥ 1 (got \(count))") }
                         g.numberOfTapsRequired = count
                     })]

        var press = recognizer("UILongPressGestureRecognizer", .longPress,
                               "A long press: begins when the fingers stayed down minimumPressDuration without moving more than allowableMovement; continuous.")
        press.properties = [
            property("minimumPressDuration", .finite(), "seconds the fingers must stay down (default 0.5)", of: LongPressGestureRecognizer.self,
                     get: { call, g in call.push(g.minimumPressDuration) },
                     set: { call, g, newValue in
                         let seconds = newValue
                         guard seconds >= 0, seconds <= World.maximumTouchDuration else {
                             throw call.fail("must be in 0...\(formatNumber(World.maximumTouchDuration)) seconds (got \(formatNumber(seconds)))")
                         }
                         g.minimumPressDuration = seconds
                     }),
            property("allowableMovement", .finite(), "points the fingers may move before it begins (default 10)", of: LongPressGestureRecognizer.self,
                     get: { call, g in call.push(g.allowableMovement) },
                     set: { call, g, newValue in
                         let points = newValue
                         guard points >= 0 else { throw call.fail("must be ≥ 0 (got \(formatNumber(points)))") }
                         g.allowableMovement = points
                     }),
            touchesRequired,
        ]

        var pinch = recognizer("UIPinchGestureRecognizer", .pinch,
                               "A pinch of two fingers: begins when their distance changed by 10 pt; continuous.")
        pinch.properties = [
            property("scale", .finite(), "the finger distance relative to touch down (set it to 1 to measure from now)", of: PinchGestureRecognizer.self,
                     get: { call, g in call.push(g.scale) },
                     set: { call, g, newValue in
                         let scale = newValue
                         guard scale > 0 else { throw call.fail("must be > 0 (got \(formatNumber(scale)))") }
                         g.setScale(scale)
                     }),
            property("velocity", .number, "scale per second over the last sample", of: PinchGestureRecognizer.self,
                     get: { call, g in call.push(g.velocity) }),
        ]

        var swipe = recognizer("UISwipeGestureRecognizer", .swipe,
                               "A swipe: recognized when the fingers moved 50 pt in an allowed direction within 0.5 s; discrete.")
        let directionType = APIType.enumeration("UISwipeGestureRecognizerDirection")
        swipe.properties = [
            property("direction", .union([directionType, .list(directionType)]), "the allowed directions (default \"right\"); read as a list", of: SwipeGestureRecognizer.self,
                     get: { call, g in
                         let directions = SwipeDirection.allCases.filter(g.direction.contains)
                         lua_createtable(call.L, Int32(directions.count), 0)
                         for (i, direction) in directions.enumerated() {
                             lua_pushstring(call.L, direction.rawValue)
                             lua_rawseti(call.L, -2, lua_Integer(i + 1))
                         }
                     },
                     set: { call, g in
                         if lua_type(call.L, call.index(1)) == LUA_TSTRING {
                             g.direction = [try call.enumeration(1, SwipeDirection.self, "UISwipeGestureRecognizerDirection")]
                         } else {
                             g.direction = Set(try call.enumList(1, SwipeDirection.self, "UISwipeGestureRecognizerDirection"))
                         }
                     }),
            touchesRequired,
        ]

        return [gesture, pan, edge, tap, press, pinch, swipe, scrollViewClass()]
    }

    private static func scrollViewClass() -> APIClass {
        var cls = APIClass(name: "UIScrollView", superclass: "UIView",
                           doc: "A view whose bounds origin (contentOffset) its own pan recognizer moves; no deceleration or rubber band (docs/semantics.md).", isValue: false)
        cls.isSubclassable = true
        cls.matches = { $0 is ScrollView }
        let options = OptionTable.properties(of: cls.name)
        cls.constructorParameters = [viewOptionsParameter(options, "any writable properties, e.g. {frame=, contentSize=}")]
        cls.construct = { call in
            let view = ScrollView(world: call.runtime.world)
            try call.applyOptions(1, to: view, options)
            return view
        }
        cls.properties = [
            property("contentOffset", .value(Point.self), "the content point at the top-left corner (bounds.origin)", of: ScrollView.self,
                     get: { call, s in call.push(s.contentOffset) }, set: { call, s, newValue in try s.setContentOffset(newValue) }),
            property("contentSize", .value(Size.self), "the size of the content", of: ScrollView.self,
                     get: { call, s in call.push(s.contentSize) },
                     set: { call, s, newValue in
                         let size = newValue
                         guard size.width >= 0, size.height >= 0 else { throw call.fail("must not be negative (got \(size))") }
                         s.contentSize = size
                     }),
            property("contentInset", .value(EdgeInsets.self), "room around the content (UIEdgeInsets)", \ScrollView.contentInset),
            property("isScrollEnabled", .boolean(), "whether its pan recognizer scrolls (false during a drag cancels it)", of: ScrollView.self,
                     get: { call, s in call.push(s.isScrollEnabled) }, set: { call, s, newValue in try s.setScrollEnabled(newValue) }),
            property("adjustedContentInset", .value("UIEdgeInsets"), "contentInset plus the safe area contentInsetAdjustmentBehavior adds", of: ScrollView.self,
                     get: { call, s in call.push(s.adjustedContentInset) }),
            property("contentInsetAdjustmentBehavior", .enumeration("", ContentInsetAdjustmentBehavior.self, "UIScrollViewContentInsetAdjustmentBehavior"),
                     "how the safe area adds to contentInset (default automatic)", of: ScrollView.self,
                     get: { call, s in call.push(s.contentInsetAdjustmentBehavior.rawValue) }, set: { call, s, newValue in s.contentInsetAdjustmentBehavior = newValue }),
            property("zoomScale", .finite(), "the zoom view's scale (setting it: setZoomScale(scale, false))", of: ScrollView.self,
                     get: { call, s in call.push(s.zoomScale) }, set: { call, s, newValue in try s.setZoomScale(newValue, animated: false) }),
            property("minimumZoomScale", .finite(), "the smallest zoomScale (default 1)", of: ScrollView.self,
                     get: { call, s in call.push(s.minimumZoomScale) }, set: { call, s, newValue in try s.setZoomScaleRange(minimum: newValue, maximum: s.maximumZoomScale) }),
            property("maximumZoomScale", .finite(), "the largest zoomScale (default 1; above the minimum a pinch zooms)", of: ScrollView.self,
                     get: { call, s in call.push(s.maximumZoomScale) }, set: { call, s, newValue in try s.setZoomScaleRange(minimum: s.minimumZoomScale, maximum: newValue) }),
            property("pinchGestureRecognizer", .optional(.object("UIPinchGestureRecognizer")), "the pinch that zooms, while zooming is possible", of: ScrollView.self,
                     get: { call, s in call.push(s.pinchGestureRecognizer) }),
            property("bounces", .boolean(), "dragging past an edge rubber-bands and springs back (false: stops at the edges)", \ScrollView.bounces),
            property("alwaysBounceVertical", .boolean(), "scrolls vertically even when the content is not taller than the view", \ScrollView.alwaysBounceVertical),
            property("alwaysBounceHorizontal", .boolean(), "scrolls horizontally even when the content is not wider than the view", \ScrollView.alwaysBounceHorizontal),
            property("panGestureRecognizer", .object("UIPanGestureRecognizer"), "the recognizer that scrolls it", of: ScrollView.self,
                     get: { call, s in call.push(s.panGestureRecognizer) }),
            property("delegate", .optional(.protocolObject("", Hook.ScrollViewDelegate.protocolName)), "told of every contentOffset change", of: ScrollView.self,
                     get: { call, s in call.push(s.delegate) },
                     set: { call, s, newValue in s.delegate = newValue }),
            property("showsVerticalScrollIndicator", .boolean(), "accepted; Transit draws no scroll indicators", \ScrollView.showsVerticalScrollIndicator),
            property("showsHorizontalScrollIndicator", .boolean(), "accepted; Transit draws no scroll indicators", \ScrollView.showsHorizontalScrollIndicator),
            property("isDragging", .boolean, "true while the finger scrolls the content", of: ScrollView.self,
                     get: { call, s in call.push(s.isDragging) }),
            property("isTracking", .boolean, "true while a finger scrolls the content", of: ScrollView.self,
                     get: { call, s in call.push(s.isTracking) }),
            property("isDecelerating", .boolean, "always false: the content stops when the finger lifts", of: ScrollView.self,
                     get: { call, s in call.push(s.isDecelerating) }),
        ]
        cls.methods = [
            method("setZoomScale", .finite("scale"), .boolean("animated"), doc: "zooms the delegate's viewForZooming (clamped to the zoom range)", of: ScrollView.self) { call, s, scale, animated in
                try s.setZoomScale(scale, animated: animated); return 0
            },
            method("setContentOffset", .value("offset", Point.self), .checked("animated", .optional(.boolean), "accepted; the offset is set at once"),
                   doc: "sets contentOffset (scrollViewDidScroll follows)", of: ScrollView.self) { call, s, offset, _ in
                try s.setContentOffset(offset); return 0
            },
        ]
        return cls
    }

    static func gestureProtocols() -> [APIProtocol] {
        typealias D = Hook.GestureRecognizerDelegate
        let recognizer = APIType.object("UIGestureRecognizer")
        let pair = [parameter("gestureRecognizer", recognizer), parameter("otherGestureRecognizer", recognizer)]
        return [
            APIProtocol(
                name: D.protocolName,
                doc: "A gesture recognizer's delegate: whether it may begin, recognize with another, or must wait for another to fail.",
                hooks: [
                    hook(D.gestureRecognizerShouldBegin, [parameter("gestureRecognizer", recognizer)], returns: .boolean,
                         swift: "optional func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool", "asked when it would leave possible; false makes it fail (default true)"),
                    hook(D.shouldRecognizeSimultaneouslyWith, pair, returns: .boolean,
                         swift: "optional func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldRecognizeSimultaneouslyWith otherGestureRecognizer: UIGestureRecognizer) -> Bool",
                         "true lets both recognize together (either delegate may allow it; default false)"),
                    hook(D.shouldRequireFailureOf, pair, returns: .boolean,
                         swift: "optional func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldRequireFailureOf otherGestureRecognizer: UIGestureRecognizer) -> Bool",
                         "true makes gestureRecognizer wait for the other to fail (asked at touch down)"),
                    hook(D.shouldBeRequiredToFailBy, pair, returns: .boolean,
                         swift: "optional func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldBeRequiredToFailBy otherGestureRecognizer: UIGestureRecognizer) -> Bool",
                         "true makes the other wait for gestureRecognizer to fail (asked at touch down)"),
                ],
                usedAs: "recognizer.delegate"),
            APIProtocol(
                name: Hook.ScrollViewDelegate.protocolName,
                doc: "A scroll view's delegate.",
                hooks: [
                    hook(Hook.ScrollViewDelegate.scrollViewDidScroll, [parameter("scrollView", .object("UIScrollView"))],
                         swift: "optional func scrollViewDidScroll(_ scrollView: UIScrollView)", "contentOffset changed (by a drag or by a script)"),
                    hook(Hook.ScrollViewDelegate.viewForZooming, [parameter("scrollView", .object("UIScrollView"))], returns: .optional(.object("UIView")),
                         swift: "optional func viewForZooming(in scrollView: UIScrollView) -> UIView?", "the subview that zooms, or nil"),
                    hook(Hook.ScrollViewDelegate.scrollViewDidZoom, [parameter("scrollView", .object("UIScrollView"))],
                         swift: "optional func scrollViewDidZoom(_ scrollView: UIScrollView)", "zoomScale changed"),
                ],
                usedAs: "scrollView.delegate"),
        ]
    }

    /// transit.touch.press, pinch and swipe, beside tap, pan and edgePan (Transit.swift).
    static func gestureTouchFunctions() -> [APIFunction] {
        [
            function("touch.press", .checked("options", .options(TouchOptions.press)),
                     doc: "fingers held still at a window point (a long press)") { call, _ in
                try call.checkOptions(1, TouchOptions.press)
                let at = try call.pointOption(1, "at") ?? call.runtime.world.window.bounds.center
                let fingers = World.fingers(around: at, count: try call.touchesOption(1))
                try call.runtime.world.performTouch(fingers: fingers.map { ($0, $0) }, duration: try call.numberOption(1, "duration") ?? 1, release: true)
                return 0
            },
            function("touch.swipe", .checked("options", .options(TouchOptions.swipe)),
                     doc: "a quick drag between window points that lifts at the end") { call, _ in
                try call.checkOptions(1, TouchOptions.swipe)
                guard let from = try call.pointOption(1, "from"), let to = try call.pointOption(1, "to") else { throw call.fail("from and to (CGPoints) are required") }
                let count = try call.touchesOption(1)
                let fingers = Array(zip(World.fingers(around: from, count: count), World.fingers(around: to, count: count)))
                try call.runtime.world.performTouch(fingers: fingers.map { (start: $0.0, end: $0.1) }, duration: try call.numberOption(1, "duration") ?? 0.15, release: true)
                return 0
            },
            function("touch.pinch", .checked("options", .options(TouchOptions.pinch)),
                     doc: "two fingers moving apart or together on a horizontal line through center") { call, _ in
                try call.checkOptions(1, TouchOptions.pinch)
                let center = try call.pointOption(1, "center") ?? call.runtime.world.window.bounds.center
                let fromScale = try call.numberOption(1, "fromScale"), toScale = try call.numberOption(1, "toScale")
                let fromDistance = try call.numberOption(1, "from"), toDistance = try call.numberOption(1, "to")
                let start: Double, end: Double
                if fromScale != nil || toScale != nil {
                    guard fromDistance == nil, toDistance == nil else { throw call.fail("give either fromScale/toScale or from/to distances, not both") }
                    guard let toScale else { throw call.fail("toScale is required with fromScale") }
                    start = pinchBaseDistance * (fromScale ?? 1); end = pinchBaseDistance * toScale
                } else {
                    guard let toDistance else { throw call.fail("toScale (or a to distance) is required") }
                    start = fromDistance ?? pinchBaseDistance; end = toDistance
                }
                guard start.isFinite, end.isFinite, start >= 0, end >= 0 else {
                    throw call.fail("finger distances must be finite and ≥ 0 (got \(formatNumber(start)) → \(formatNumber(end)))")
                }
                let half = { (d: Double) in Point(x: d / 2, y: 0) }
                try call.runtime.world.performTouch(fingers: [(center - half(start), center - half(end)), (center + half(start), center + half(end))],
                                                    duration: try call.numberOption(1, "duration") ?? 0.3,
                                                    release: try call.booleanOption(1, "release") ?? true)
                return 0
            },
        ]
    }
}

/// The finger distance of scale 1 in transit.touch.pinch{fromScale=, toScale=}.
let pinchBaseDistance = 100.0

extension HostCall {
    /// The `touches` option: how many fingers (1...World.maximumTouchCount).
    func touchesOption(_ argument: Int) throws -> Int {
        guard let count = try numberOption(argument, "touches") else { return 1 }
        guard count == count.rounded(), count >= 1, count <= Double(World.maximumTouchCount) else {
            throw fail("touches must be a whole number of fingers in 1...\(World.maximumTouchCount) (got \(formatNumber(count)))")
        }
        return Int(count)
    }

    /// The identity of a table, function or userdata argument, for removeTarget to compare.
    func identityKey(_ argument: Int) -> UInt {
        if let host = runtime.object(at: index(argument)) { return UInt(bitPattern: ObjectIdentifier(host)) }
        return UInt(bitPattern: lua_topointer(L, index(argument)))
    }

    /// A method name or a function's identity.
    func actionKey(_ argument: Int) throws -> String {
        switch lua_type(L, index(argument)) {
        case LUA_TSTRING: return "method:" + (try string(argument))
        case LUA_TFUNCTION: return "function:\(identityKey(argument))"
        default: throw argumentError(argument, "a function or a method name")
        }
    }

    /// A target-action pair: host objects are held weakly (UIKit does not retain targets),
    /// tables strongly (a table has no weak handle the host could keep).
    func gestureTarget(target: Int, action: Int, for recognizer: GestureRecognizer) throws -> GestureTarget {
        let key = identityKey(target)
        let actionKey = try self.actionKey(action)
        let runtime = self.runtime
        let host = runtime.object(at: index(target)) as? HostObject
        let table = host == nil ? LuaValueReference(runtime: runtime, index: index(target)) : nil
        let targetObject: () -> AnyObject? = { [weak host] in host ?? table }
        if lua_type(L, index(action)) == LUA_TFUNCTION {
            let function = try self.function(action)
            return GestureTarget(targetKey: key, actionKey: actionKey) { [weak recognizer] _ in
                guard let object = targetObject() else { return }
                try function.call { runtime in runtime.push(object); runtime.push(recognizer); return 2 }
            }
        }
        let name = try string(action)
        // Found now, so a misspelt name is reported where it was given.
        guard runtime.hasMethod(named: name, at: index(target)) else {
            throw fail("the target (\(runtime.typeDescription(at: index(target)))) has no method \"\(name)\"")
        }
        return GestureTarget(targetKey: key, actionKey: actionKey) { [weak runtime] recognizer in
            guard let runtime, let object = targetObject() else { return }
            try runtime.performAction(named: name, on: object, recognizer: recognizer)
        }
    }
}

extension LuaRuntime {
    /// Whether the value at `index` has a function under `name` (looked up protected).
    func hasMethod(named name: String, at index: Int32) -> Bool {
        let top = lua_gettop(L)
        defer { lua_settop(L, top) }
        guard transit_pgetfield(L, index, name) == LUA_OK else { return false }
        return lua_type(L, -1) == LUA_TFUNCTION
    }

    /// Calls `target:name(recognizer)`, as UIKit sends an action to its target.
    func performAction(named name: String, on target: AnyObject, recognizer: GestureRecognizer) throws {
        try performAction(named: name, on: target, sender: recognizer, senderName: recognizer.traceName)
    }

    /// Calls `target:name(sender)`: a recognizer's or a control's action sent to its target.
    func performAction(named name: String, on target: AnyObject, sender: AnyObject, senderName: @autoclosure () -> String) throws {
        let top = lua_gettop(L)
        defer { lua_settop(L, top) }
        push(target)
        guard lua_type(L, -1) != LUA_TNIL else { return }
        guard transit_pgetfield(L, -1, name) == LUA_OK else { throw takeError() }
        guard lua_type(L, -1) == LUA_TFUNCTION else {
            throw ScriptError("\(senderName()) action: the target no longer has a method \"\(name)\"")
        }
        lua_rotate(L, -2, 1)
        push(sender)
        guard transit_pcall(L, 2, 0) == LUA_OK else { throw takeError() }
    }
}
