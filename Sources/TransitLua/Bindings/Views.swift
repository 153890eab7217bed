import CLua
import TransitCore

// NSObject, UIView, CALayer, UILabel, UIImageView, UIWindow.

extension TransitAPI {
    static func viewClasses() -> [APIClass] {
        var object = APIClass(name: "NSObject", superclass: nil, doc: "The root class; subclass it for animators and delegates.", isValue: false)
        object.isSubclassable = true
        object.construct = { call in HostObject(world: call.runtime.world) }
        object.matches = { $0 is HostObject }
        let introspection = introspectionMethods()
        object.methods = introspection.methods
        object.functions = introspection.functions
        object.hooks = [hook(Hook.Object.deinitialize, [], swift: "deinit",
                             "the object went away (no script and nothing in the model holds it); runs at the end of that run-loop turn, e.g. to remove a gesture recognizer it added")]
        return [object, viewClass(), layerClass(), labelClass(), imageViewClass(), windowClass()] + layerSubclasses()
    }

    private static func viewClass() -> APIClass {
        var cls = APIClass(name: "UIView", superclass: "NSObject", doc: "A view: geometry, appearance and hierarchy.", isValue: false)
        cls.isSubclassable = true
        cls.matches = { $0 is View }
        let options = OptionTable.properties(of: cls.name)
        cls.constructorParameters = [viewOptionsParameter(options, "any writable properties, e.g. {frame=, backgroundColor=, name=}")]
        cls.construct = { call in
            let view = View(world: call.runtime.world)
            try call.applyOptions(1, to: view, options)
            return view
        }
        // The animatable geometry and colour keep closures: they are the bridge's hottest
        // writes, and a key path's write costs more (BindingSupport.swift, "by key path").
        cls.properties = [
            property("frame", .value(Rect.self), "the frame in the superview (animatable)", of: View.self,
                     get: { call, v in call.push(v.frame) }, set: { call, v, newValue in v.frame = newValue }),
            property("bounds", .value(Rect.self), "the bounds (animatable)", of: View.self,
                     get: { call, v in call.push(v.bounds) }, set: { call, v, newValue in v.bounds = newValue }),
            property("center", .value(Point.self), "the centre in the superview (animatable)", of: View.self,
                     get: { call, v in call.push(v.center) }, set: { call, v, newValue in v.center = newValue }),
            property("transform", .value(Transform2D.self), "the 2D transform (animatable)", of: View.self,
                     get: { call, v in call.push(v.transform) }, set: { call, v, newValue in v.transform = newValue }),
            property("alpha", .finite(), "opacity 0...1 (animatable)", of: View.self,
                     get: { call, v in call.push(v.alpha) }, set: { call, v, newValue in v.alpha = newValue }),
            property("backgroundColor", .optional(.value(Color.self)), "fill colour (animatable)", of: View.self,
                     get: { call, v in call.push(v.backgroundColor) }, set: { call, v, newValue in v.backgroundColor = newValue }),
            property("isHidden", .boolean(), "hidden views and their subviews are not drawn", \View.isHidden),
            property("clipsToBounds", .boolean(), "clip subviews to the bounds", \View.clipsToBounds),
            property("tag", .integer(), "an integer tag", of: View.self,
                     get: { call, v in call.push(Double(v.tag)) }, set: { call, v, newValue in v.tag = newValue }),
            property("name", .optional(.string()), "a name shown in traces, trees and errors", \View.name),
            property("isUserInteractionEnabled", .boolean(), "whether hit-testing finds this view", \View.isUserInteractionEnabled),
            property("autoresizingMask", .list(.enumeration("UIViewAutoresizing")), "how the view follows its superview's size changes", of: View.self,
                     get: { call, v in
                         lua_createtable(call.L, Int32(v.autoresizingMask.count), 0)
                         for (i, entry) in AutoresizingMask.allCases.filter(v.autoresizingMask.contains).enumerated() {
                             lua_pushstring(call.L, entry.rawValue)
                             lua_rawseti(call.L, -2, lua_Integer(i + 1))
                         }
                     },
                     set: { call, v in v.autoresizingMask = Set(try call.enumList(1, AutoresizingMask.self, "UIViewAutoresizing")) }),
            property("superview", .optional(.object("UIView")), "the view containing this one", of: View.self,
                     get: { call, v in call.push(v.superview) }),
            property("subviews", .list(.object("UIView")), "subviews, back to front (a copy)", of: View.self,
                     get: { call, v in call.pushList(v.subviews) }),
            property("window", .optional(.object("UIWindow")), "the window, when the view is in one", of: View.self,
                     get: { call, v in call.push(v.window) }),
            property("layer", .object("CALayer"), "the backing layer", of: View.self,
                     get: { call, v in call.push(v.layer) }),
            property("traitCollection", .object("UITraitCollection"), "read-only: its controller's traits when it is a controller's view, else its superview's (the window's at the top)", of: View.self,
                     get: { call, v in call.push(v.traitCollection) }),
            property("tintColor", .optional(.value(Color.self)), "the tint (reads the inherited one, the system blue at the top; nil: inherit)", of: View.self,
                     get: { call, v in call.push(v.tintColor) }, set: { call, v, newValue in v.setTintColor(newValue) }),
            property("isOpaque", .boolean(), "a drawing hint (every view composites the same way)", \View.isOpaque),
        ]
        cls.methods = [
            method("addSubview", .object("view", View.self), doc: "adds (or moves) a view to the front", of: View.self) { call, v, view in
                try v.addSubview(view); return 0
            },
            method("insertSubview", .object("view", View.self), .integer("index", "1-based, as Lua lists are"),
                   doc: "inserts at a position (clamped)", of: View.self) { call, v, view, indexValue in
                try v.insertSubview(view, at: indexValue - 1); return 0
            },
            method("insertSubviewBelow", .object("view", View.self), .object("sibling", View.self),
                   doc: "inserts just below a subview (below all subviews when sibling is not one)", of: View.self) { call, v, view, sibling in
                try v.insertSubview(view, belowSubview: sibling); return 0
            },
            method("insertSubviewAbove", .object("view", View.self), .object("sibling", View.self),
                   doc: "inserts just above a subview (above all subviews when sibling is not one)", of: View.self) { call, v, view, sibling in
                try v.insertSubview(view, aboveSubview: sibling); return 0
            },
            method("isDescendant", .object("view", View.self), returns: .boolean,
                   doc: "isDescendant(of:): whether this view is the view or inside it", of: View.self) { call, v, view in
                call.push(v.isDescendant(of: view)); return 1
            },
            method("removeFromSuperview", [], "removes the view from its superview", of: View.self) { _, v in
                v.removeFromSuperview(); return 0
            },
            method("bringSubviewToFront", .object("view", View.self), doc: "moves a subview to the front", of: View.self) { call, v, view in
                v.bringSubviewToFront(view); return 0
            },
            method("sendSubviewToBack", .object("view", View.self), doc: "moves a subview to the back", of: View.self) { call, v, view in
                v.sendSubviewToBack(view); return 0
            },
            method("layoutIfNeeded", [], "lays out now if needed (inside an animation block, layout changes animate)", of: View.self) { _, v in
                try v.layoutIfNeeded(); return 0
            },
            method("setNeedsLayout", [], "asks for layout at the end of the run-loop turn", of: View.self) { _, v in
                v.setNeedsLayout(); return 0
            },
            method("layoutSubviews", [], "UIKit's layout (override it; call Class.super.layoutSubviews(self) for the base)", of: View.self) { _, v in
                try v.layoutSubviews(); return 0
            },
            method("convert", .rectOrPoint("value"), .optional(.object("toView", View.self, "nil: the window")),
                   returns: .union([.value("CGRect"), .value("CGPoint")]), doc: "converts a rect or point to another view's coordinates", of: View.self) { call, v, value, toView in
                switch value {
                case .rect(let rect): call.push(v.convert(rect, to: toView))
                case .point(let point): call.push(v.convert(point, to: toView))
                }
                return 1
            },
            method("snapshotView", .checked("afterScreenUpdates", .optional(.boolean)), returns: .object("UIView"),
                   doc: "a new view showing this view as it is now", of: View.self) { call, v, _ in
                call.push(v.snapshotView(afterScreenUpdates: call.isNil(1) ? nil : try call.boolean(1))); return 1
            },
            method("hitTest", .value("point", Point.self), returns: .optional(.object("UIView")),
                   doc: "the deepest interactive view containing the point", of: View.self) { call, v, point in
                call.push(v.hitTest(point)); return 1
            },
            method("addGestureRecognizer", .object("recognizer", GestureRecognizer.self), doc: "attaches a gesture recognizer", of: View.self) { call, v, recognizer in
                v.addGestureRecognizer(recognizer); return 0
            },
            method("removeGestureRecognizer", .object("recognizer", GestureRecognizer.self), doc: "detaches a gesture recognizer", of: View.self) { call, v, recognizer in
                v.removeGestureRecognizer(recognizer); return 0
            },
        ]
        cls.methods += snapshotMethods()
        cls.hooks = [
            hook(Hook.View.layoutSubviews, [], swift: "func layoutSubviews()", "lay out subviews; called by the layout pass"),
            hook(Hook.View.layoutSublayers, [parameter("layer", .object("CALayer"))], swift: "func layoutSublayers(of layer: CALayer)",
                 "after layoutSubviews in each layout pass, for the view's own layer: size its sublayers here"),
            hook(Hook.View.layerClass, [], returns: .any, swift: "class var layerClass: AnyClass { get }",
                 "a class function returning CALayer, CAShapeLayer, CAGradientLayer or CATransformLayer: the backing layer's class"),
        ]
        let layout = viewLayoutMembers()
        cls.properties += layout.properties
        cls.methods += layout.methods
        cls.hooks += layout.hooks
        let autoLayout = viewAutoLayoutMembers()
        cls.properties += autoLayout.properties
        cls.methods += autoLayout.methods
        cls.hooks += autoLayout.hooks
        cls.functions = animationFunctions()
        return cls
    }

    private static func layerClass() -> APIClass {
        var cls = APIClass(name: "CALayer", superclass: "NSObject", doc: "A layer: a view's backing layer, or a standalone one (CALayer()) added with addSublayer.", isValue: false)
        cls.matches = { $0 is Layer }
        let options = OptionTable.properties(of: cls.name)
        cls.constructorParameters = [propertiesParameter(options, "any writable properties, e.g. {frame=, backgroundColor=}")]
        cls.construct = layerConstructor({ Layer(standaloneIn: $0) }, options)
        // Read and written through closures, not key paths: a write through a
        // ReferenceWritableKeyPath to a computed property allocates a writeback buffer each time,
        // a third of `layer.cornerRadius = x` (bench `bridge.layer_corner_radius`).
        func number(_ name: String, _ doc: String, _ get: @escaping (Layer) -> Double, _ set: @escaping (Layer, Double) -> Void) -> APIProperty {
            property(name, .finite(), doc, of: Layer.self, get: { call, l in call.push(get(l)) }, set: { _, l, newValue in set(l, newValue) })
        }
        func color(_ name: String, _ doc: String, _ get: @escaping (Layer) -> Color, _ set: @escaping (Layer, Color) -> Void) -> APIProperty {
            property(name, .value(Color.self), doc, of: Layer.self, get: { call, l in call.push(get(l)) }, set: { _, l, newValue in set(l, newValue) })
        }
        func transform(_ name: String, _ doc: String, _ get: @escaping (Layer) -> Transform3D, _ set: @escaping (Layer, Transform3D) -> Void) -> APIProperty {
            property(name, .value(Transform3D.self), doc, of: Layer.self, get: { call, l in call.push(get(l)) }, set: { _, l, newValue in set(l, newValue) })
        }
        func flag(_ name: String, _ doc: String, _ get: @escaping (Layer) -> Bool, _ set: @escaping (Layer, Bool) -> Void) -> APIProperty {
            property(name, .boolean(), doc, of: Layer.self, get: { call, l in call.push(get(l)) }, set: { _, l, newValue in set(l, newValue) })
        }
        cls.properties = [
            number("cornerRadius", "corner radius (animatable)", { $0.cornerRadius }, { $0.cornerRadius = $1 }),
            property("maskedCorners", .list(.enumeration("CACornerMask")), "which corners are rounded", of: Layer.self,
                     get: { call, l in
                         let names = MaskedCorners.names.filter { l.maskedCorners.contains($0.1) }.map(\.0)
                         lua_createtable(call.L, Int32(names.count), 0)
                         for (i, name) in names.enumerated() { lua_pushstring(call.L, name); lua_rawseti(call.L, -2, lua_Integer(i + 1)) }
                     },
                     set: { call, l in
                         let names = try call.enumList(1, CornerName.self, "CACornerMask")
                         l.maskedCorners = MaskedCorners(names.compactMap { n in MaskedCorners.names.first { $0.0 == n.rawValue }?.1 })
                     }),
            number("borderWidth", "border width, drawn inside the bounds (animatable)", { $0.borderWidth }, { $0.borderWidth = $1 }),
            color("borderColor", "border colour (animatable)", { $0.borderColor }, { $0.borderColor = $1 }),
            color("shadowColor", "shadow colour (animatable)", { $0.shadowColor }, { $0.shadowColor = $1 }),
            number("shadowOpacity", "shadow opacity 0...1 (animatable)", { $0.shadowOpacity }, { $0.shadowOpacity = $1 }),
            number("shadowRadius", "shadow blur radius (animatable)", { $0.shadowRadius }, { $0.shadowRadius = $1 }),
            property("shadowPath", .optional(.union([.object("CGPath"), .object("UIBezierPath")])),
                     "the shadow's shape in the layer's coordinates (nil: the layer's rounded bounds, or what it draws); not animated", of: Layer.self,
                     get: { call, l in call.push(l.shadowPath.map { PathObject(world: call.runtime.world, path: $0) }) },
                     set: { call, l in l.shadowPath = call.isNil(1) ? nil : try call.path(1) }),
            property("shadowOffset", .value(Size.self), "shadow offset (animatable; default (0, -3))", of: Layer.self,
                     get: { call, v in call.push(v.shadowOffset) }, set: { call, v, newValue in v.shadowOffset = newValue }),
            number("opacity", "opacity 0...1 (animatable; the view's alpha)", { $0.opacity }, { $0.opacity = $1 }),
            transform("transform", "3D transform about the anchor point (animatable)", { $0.transform }, { $0.transform = $1 }),
            transform("sublayerTransform", "transform applied to sublayers, e.g. perspective m34 (animatable)", { $0.sublayerTransform }, { $0.sublayerTransform = $1 }),
            property("anchorPoint", .value(Point.self), "unit point the transform applies about", of: Layer.self,
                     get: { call, v in call.push(v.anchorPoint) }, set: { call, v, newValue in v.anchorPoint = newValue }),
            property("position", .value(Point.self), "the anchor point's position in the superlayer (animatable)", of: Layer.self,
                     get: { call, v in call.push(v.position) }, set: { call, v, newValue in v.position = newValue }),
            property("bounds", .value(Rect.self), "the bounds (animatable)", of: Layer.self,
                     get: { call, v in call.push(v.bounds) }, set: { call, v, newValue in v.bounds = newValue }),
            number("zPosition", "drawing order among siblings (animatable)", { $0.zPosition }, { $0.zPosition = $1 }),
            flag("isDoubleSided", "whether the back face is drawn", { $0.isDoubleSided }, { $0.isDoubleSided = $1 }),
            flag("masksToBounds", "clip sublayers to the (rounded) bounds", { $0.masksToBounds }, { $0.masksToBounds = $1 }),
            property("backgroundColor", .optional(.value(Color.self)), "fill colour (animatable)", of: Layer.self,
                     get: { call, v in call.push(v.backgroundColor) }, set: { call, v, newValue in v.backgroundColor = newValue }),
        ] + layerTreeProperties()
        cls.methods = layerTreeMethods() + layerAnimationMethods() + [
            method("presentation", [], returns: .table, "the values on screen now (read-only table)", of: Layer.self) { call, l in
                call.pushPresentation(of: l); return 1
            },
            method("removeAllAnimations", [], "stops every animation; completions get finished = false", of: Layer.self) { _, l in
                l.removeAllAnimations()
                return 0
            },
        ]
        return cls
    }

    private static func labelClass() -> APIClass {
        var cls = APIClass(name: "UILabel", superclass: "UIView", doc: "A view that draws text.", isValue: false)
        cls.isSubclassable = true
        cls.matches = { $0 is Label }
        let options = OptionTable.properties(of: cls.name)
        cls.constructorParameters = [viewOptionsParameter(options, "any writable properties")]
        cls.construct = { call in
            let label = Label(world: call.runtime.world)
            try call.applyOptions(1, to: label, options)
            return label
        }
        cls.properties = [
            property("text", .optional(.string()), "the text", \Label.text),
            property("textColor", .value(Color.self), "text colour", \Label.textColor),
            property("fontSize", .finite(), "point size (default 17)", of: Label.self,
                     get: { call, l in call.push(l.fontSize) }, set: { call, l, newValue in
                         let size = newValue
                         guard size > 0 else { throw call.fail("must be > 0 (got \(formatNumber(size)))") }
                         l.fontSize = size
                     }),
            property("fontWeight", .enumeration("", FontWeight.self, "UIFontWeight"), "font weight", of: Label.self,
                     get: { call, l in call.push(l.fontWeight.rawValue) }, set: { call, l, newValue in l.fontWeight = newValue }),
            property("textAlignment", .enumeration("", TextAlignment.self, "NSTextAlignment"), "alignment", of: Label.self,
                     get: { call, l in call.push(l.textAlignment.rawValue) }, set: { call, l, newValue in l.textAlignment = newValue }),
            property("numberOfLines", .integer(), "maximum lines; 0 = as many as fit", of: Label.self,
                     get: { call, l in call.push(Double(l.numberOfLines)) }, set: { call, l, newValue in l.numberOfLines = max(0, newValue) }),
        ]
        return cls
    }

    private static func imageViewClass() -> APIClass {
        var cls = APIClass(name: "UIImageView", superclass: "UIView", doc: "A view that draws a PNG image.", isValue: false)
        cls.isSubclassable = true
        cls.matches = { $0 is ImageView }
        let options = OptionTable.properties(of: cls.name)
        cls.constructorParameters = [viewOptionsParameter(options, "any writable properties")]
        cls.construct = { call in
            let view = ImageView(world: call.runtime.world)
            try call.applyOptions(1, to: view, options)
            if let image = view.image, view.bounds.size == .zero {
                view.frame = Rect(x: 0, y: 0, width: Double(image.width), height: Double(image.height))
            }
            return view
        }
        cls.properties = [
            property("image", .optional(.value("UIImage")), "the image, from transit.image(name)", of: ImageView.self,
                     get: { call, v in
                         if let image = v.image { call.runtime.push(image) } else { call.pushNil() }
                     },
                     set: { call, v in v.image = call.isNil(1) ? nil : try call.image(1) }),
            property("contentMode", .enumeration("", ContentMode.self, "UIViewContentMode"), "how the image fits the bounds", of: ImageView.self,
                     get: { call, v in call.push(v.contentMode.rawValue) }, set: { call, v, newValue in v.contentMode = newValue }),
        ]
        return cls
    }

    private static func windowClass() -> APIClass {
        var cls = APIClass(name: "UIWindow", superclass: "UIView", doc: "The window (transit.window).", isValue: false)
        cls.matches = { $0 is Window }
        cls.properties = [
            property("rootViewController", .optional(.object("", ViewController.self)), "the view controller whose view fills the window", of: Window.self,
                     get: { call, w in call.push(w.rootViewController) },
                     set: { call, w, newValue in try w.setRootViewController(newValue) }),
        ]
        return cls
    }
}

enum CornerName: String {
    case layerMinXMinYCorner, layerMaxXMinYCorner, layerMinXMaxYCorner, layerMaxXMaxYCorner
}


extension HostCall {
    /// A list of enum strings.
    func enumList<E: RawRepresentable>(_ argument: Int, _ type: E.Type, _ enumName: String) throws -> [E] where E.RawValue == String {
        guard isTable(argument) else { throw argumentError(argument, "a list of \(enumName) strings") }
        var result: [E] = []
        let table = index(argument)
        let count = lua_rawlen(L, table)
        for i in 0..<Int(count) {
            lua_rawgeti(L, table, lua_Integer(i + 1))
            defer { transit_pop(L, 1) }
            guard lua_type(L, -1) == LUA_TSTRING, let text = runtime.string(at: -1) else {
                throw fail("entry \(i + 1) must be a \(enumName) string (got \(runtime.typeDescription(at: -1)))")
            }
            guard let value = E(rawValue: text) else { throw fail(runtime.unknownEnumMessage(enumName, text)) }
            result.append(value)
        }
        return result
    }

    func pushList(_ objects: [AnyObject]) {
        lua_createtable(L, Int32(objects.count), 0)
        for (i, object) in objects.enumerated() {
            runtime.push(object)
            lua_rawseti(L, -2, lua_Integer(i + 1))
        }
    }

    /// `layer:presentation()`: a plain read-only snapshot of the values on screen now.
    func pushPresentation(of layer: Layer) {
        let snapshot = layer.snapshot(at: runtime.world.now)
        lua_createtable(L, 0, 16)
        func set(_ key: String) { lua_setfield(L, -2, key) }
        runtime.push(snapshot.frame); set("frame")
        runtime.push(snapshot.bounds); set("bounds")
        runtime.push(snapshot.position); set("position")
        runtime.push(snapshot.position); set("center")
        runtime.push(snapshot.anchorPoint); set("anchorPoint")
        lua_pushnumber(L, snapshot.opacity); set("opacity")
        lua_pushnumber(L, snapshot.opacity); set("alpha")
        runtime.push(snapshot.transform); set("transform")
        runtime.push(snapshot.sublayerTransform); set("sublayerTransform")
        lua_pushnumber(L, snapshot.cornerRadius); set("cornerRadius")
        lua_pushnumber(L, snapshot.borderWidth); set("borderWidth")
        if let border = snapshot.borderColor { runtime.push(border); set("borderColor") }
        if let background = snapshot.backgroundColor { runtime.push(background); set("backgroundColor") }
        if let shadow = snapshot.shadowColor { runtime.push(shadow); set("shadowColor") }
        lua_pushnumber(L, snapshot.shadowOpacity); set("shadowOpacity")
        lua_pushnumber(L, snapshot.shadowRadius); set("shadowRadius")
        runtime.push(snapshot.shadowOffset); set("shadowOffset")
        lua_pushnumber(L, snapshot.zPosition); set("zPosition")
        // Read-only, as Core Animation's presentation layer is to a script: the values sit in
        // a table behind an empty proxy, so every write reaches __newindex and raises
        // (a __newindex on the table itself would only see keys it does not have).
        lua_createtable(L, 0, 0)        // the proxy
        lua_createtable(L, 0, 4)        // its metatable
        lua_pushvalue(L, -3)
        lua_setfield(L, -2, "__index")
        transit_pushhostfunction(L, { L in refusePresentationWrite(L) }, 0)
        lua_setfield(L, -2, "__newindex")
        lua_pushstring(L, "CALayer.presentation")
        lua_setfield(L, -2, "__name")
        lua_pushvalue(L, -3)
        transit_pushhostfunction(L, { L in pairsOfPresentation(L) }, 1)
        lua_setfield(L, -2, "__pairs")
        lua_setmetatable(L, -2)
        transit_remove(L, -2)           // the values table: reached through the proxy only
    }

    func image(_ argument: Int) throws -> ImageContent {
        guard let image = runtime.readImage(at: index(argument)) else { throw argumentError(argument, "a UIImage (from transit.image)") }
        return image
    }
}

/// `pairs(layer:presentation())`: the values behind the proxy in key order, so what a script
/// prints from it is the same every run (upvalue: the values table).
private func pairsOfPresentation(_ L: OpaquePointer?) -> Int32 {
    transit_pushhostfunction(L, { L in nextPresentationValue(L) }, 0)
    lua_pushvalue(L, transit_upvalueindex(2))
    lua_pushnil(L)
    return 3
}

/// The iterator: the smallest key after the previous one (the keys are a score of names).
private func nextPresentationValue(_ L: OpaquePointer?) -> Int32 {
    guard lua_type(L, 1) == LUA_TTABLE else { lua_pushnil(L); return 1 }  // called by hand with anything
    let previous = lua_type(L, 2) == LUA_TSTRING ? String(cString: lua_tolstring(L, 2, nil)) : nil
    var best: String?
    lua_pushnil(L)
    while lua_next(L, 1) != 0 {
        transit_pop(L, 1)
        if lua_type(L, -1) == LUA_TSTRING {
            let key = String(cString: lua_tolstring(L, -1, nil))
            if previous.map({ key > $0 }) ?? true, best.map({ key < $0 }) ?? true { best = key }
        }
    }
    guard let best else { lua_pushnil(L); return 1 }
    lua_pushstring(L, best)
    lua_pushstring(L, best)
    lua_rawget(L, 1)
    return 2
}

/// `layer:presentation().key = value`: a mistake (the values on screen are computed); say what
/// to do instead.
private func refusePresentationWrite(_ L: OpaquePointer?) -> Int32 {
    guarded(L) { runtime in
        let key = runtime.string(at: 2) ?? "?"
        throw LuaCallError("CALayer.presentation() is read-only (setting \(key)): it shows the values on screen; set the view's or layer's own properties instead")
    }
}

/// A rect or a point, as UIKit's `convert` overloads take either; read once, as whichever it is.
enum RectOrPoint { case rect(Rect), point(Point) }

extension Argument where Value == RectOrPoint {
    static func rectOrPoint(_ name: String, _ doc: String = "") -> Self {
        let declared = APIType.union([.value(Rect.luaName), .value(Point.luaName)])
        return Argument(name, declared, doc) { call, position in
            let index = call.index(position)
            if let rect = call.runtime.read(Rect.self, at: index) { return .rect(rect) }
            if let point = call.runtime.read(Point.self, at: index) { return .point(point) }
            throw call.mismatch(position, declared)
        }
    }
}
