import CLua
import TransitCore

// Layers as objects: CALayer's tree, mask and contents members (CALayer itself is declared in
// Views.swift), CAShapeLayer, CAGradientLayer, CATransformLayer, UIBezierPath and CGPath.

extension TransitAPI {
    nonisolated(unsafe) static let layerEnums: [APIEnum] = [
        APIEnum(name: "CALayerContentsGravity", cases: ContentsGravityName.allCases.map(\.rawValue), doc: "CALayer.contentsGravity"),
        APIEnum(name: "CAShapeLayerFillRule", cases: FillRule.allCases.map(\.rawValue), doc: "CAShapeLayer.fillRule"),
        APIEnum(name: "CAShapeLayerLineCap", cases: LineCap.allCases.map(\.rawValue), doc: "CAShapeLayer.lineCap"),
        APIEnum(name: "CAShapeLayerLineJoin", cases: LineJoin.allCases.map(\.rawValue), doc: "CAShapeLayer.lineJoin"),
        APIEnum(name: "CAGradientLayerType", cases: GradientType.allCases.map(\.rawValue), doc: "CAGradientLayer.type"),
        APIEnum(name: "UIRectCorner", cases: RectCornerName.allCases.map(\.rawValue), doc: "UIBezierPath{roundedRect=, byRoundingCorners=} entries"),
    ]

    /// `CALayer()` / `CALayer.new{...}` for CALayer and its subclasses.
    static func layerConstructor<L: Layer>(_ make: @escaping (World) -> L, _ options: OptionTable) -> (inout HostCall) throws -> AnyObject {
        { call in
            let layer = make(call.runtime.world)
            try call.applyOptions(1, to: layer, options)
            return layer
        }
    }

    /// CALayer's members for layers as objects, added to the class Views.swift declares.
    static func layerTreeProperties() -> [APIProperty] {
        [
            property("frame", .value(Rect.self), "the frame in the superlayer (sets bounds size and position)", of: Layer.self,
                     get: { call, v in call.push(v.frame) }, set: { call, v, newValue in v.frame = newValue }),
            property("name", .optional(.string()), "a name shown in traces and trees", \Layer.name),
            property("isHidden", .boolean(), "hidden layers and their sublayers are not drawn", \Layer.isHidden),
            property("sublayers", .list(.object("CALayer")), "sublayers back to front, subviews' layers included (a copy)", of: Layer.self,
                     get: { call, l in call.pushList(l.sublayers) }),
            property("superlayer", .optional(.object("CALayer")), "the layer this one is a sublayer of", of: Layer.self,
                     get: { call, l in call.push(l.superlayer) }),
            property("mask", .optional(.object("", Layer.self)), "a standalone layer whose alpha masks this layer and its sublayers", of: Layer.self,
                     get: { call, l in call.push(l.mask) },
                     set: { call, l, newValue in
                         let mask = newValue
                         try call.core { try l.setMask(mask) }
                     }),
            property("contents", .optional(.value("UIImage")), "an image drawn in the bounds (transit.image)", of: Layer.self,
                     get: { call, l in if let image = l.contents { call.runtime.push(image) } else { call.pushNil() } },
                     set: { call, l in l.contents = call.isNil(1) ? nil : try call.image(1) }),
            property("contentsGravity", .enumeration("", ContentsGravityName.self, "CALayerContentsGravity"), "how contents fit the bounds (default resize)", of: Layer.self,
                     get: { call, l in call.push(ContentsGravityName(l.contentsGravity).rawValue) },
                     set: { call, l, newValue in l.contentsGravity = newValue.contentMode }),
            property("shouldRasterize", .boolean(), "accepted; changes nothing in the picture", \Layer.shouldRasterize),
            property("rasterizationScale", .finite(), "accepted; changes nothing in the picture", \Layer.rasterizationScale),
        ]
    }

    static func layerTreeMethods() -> [APIFunction] {
        [
            method("addSublayer", .object("layer", Layer.self), doc: "adds (or moves) a standalone layer on top", of: Layer.self) { call, l, layer in
                let sublayer = layer
                try call.core { try l.addSublayer(sublayer) }
                return 0
            },
            method("insertSublayer", .object("layer", Layer.self), .integer("index", "1-based, as Lua lists are (0 and 1: the bottom)"),
                   doc: "insertSublayer(_:at:): inserts at a position in sublayers (clamped)", of: Layer.self) { call, l, layer, index in
                let sublayer = layer
                try call.core { try l.insertSublayer(sublayer, at: index - 1) }
                return 0
            },
            method("insertSublayerBelow", .object("layer", Layer.self), .object("sibling", Layer.self),
                   doc: "insertSublayer(_:below:): just below a sublayer", of: Layer.self) { call, l, layer, siblingValue in
                let sublayer = layer, sibling = siblingValue
                try call.core { try l.insertSublayer(sublayer, relativeTo: sibling, above: false) }
                return 0
            },
            method("insertSublayerAbove", .object("layer", Layer.self), .object("sibling", Layer.self),
                   doc: "insertSublayer(_:above:): just above a sublayer", of: Layer.self) { call, l, layer, siblingValue in
                let sublayer = layer, sibling = siblingValue
                try call.core { try l.insertSublayer(sublayer, relativeTo: sibling, above: true) }
                return 0
            },
            method("removeFromSuperlayer", [], "removes a standalone layer from its superlayer (or from the layer it masks)", of: Layer.self) { call, l in
                try call.core { try l.removeFromSuperlayer() }
                return 0
            },
        ]
    }

    static func layerSubclasses() -> [APIClass] {
        [shapeLayerClass(), gradientLayerClass(), transformLayerClass(), bezierPathClass(), pathClass()]
    }

    private static func shapeLayerClass() -> APIClass {
        var cls = APIClass(name: "CAShapeLayer", superclass: "CALayer", doc: "A layer that fills and strokes a path.", isValue: false)
        cls.matches = { $0 is ShapeLayer }
        let options = OptionTable.properties(of: cls.name)
        cls.constructorParameters = [propertiesParameter(options, "any writable properties, e.g. {path=, fillColor=}")]
        cls.construct = layerConstructor({ ShapeLayer(standaloneIn: $0) }, options)
        func color(_ name: String, _ doc: String, _ key: ReferenceWritableKeyPath<ShapeLayer, Color?>) -> APIProperty {
            property(name, .optional(.value(Color.self)), doc, of: ShapeLayer.self, get: { call, l in call.push(l[keyPath: key]) },
                     set: { call, l, newValue in l[keyPath: key] = newValue })
        }
        func number(_ name: String, _ doc: String, _ key: ReferenceWritableKeyPath<ShapeLayer, Double>) -> APIProperty {
            property(name, .finite(), doc, of: ShapeLayer.self, get: { call, l in call.push(l[keyPath: key]) },
                     set: { call, l, newValue in l[keyPath: key] = newValue })
        }
        cls.properties = [
            property("path", .optional(.union([.object("CGPath"), .object("UIBezierPath")])),
                     "the path in the layer's coordinates (animatable; a UIBezierPath is taken as its cgPath)", of: ShapeLayer.self,
                     get: { call, l in call.push(l.path.map { PathObject(world: call.runtime.world, path: $0) }) },
                     set: { call, l in l.path = call.isNil(1) ? nil : try call.path(1) }),
            color("fillColor", "fill colour (animatable; default black, nil: no fill)", \.fillColor),
            color("strokeColor", "stroke colour (animatable; default nil: no stroke)", \.strokeColor),
            number("lineWidth", "stroke width (animatable; default 1)", \.lineWidth),
            number("strokeStart", "where the stroke starts, 0...1 of the path's length (animatable)", \.strokeStart),
            number("strokeEnd", "where the stroke ends, 0...1 of the path's length (animatable; default 1)", \.strokeEnd),
            property("fillRule", .enumeration("", FillRule.self, "CAShapeLayerFillRule"), "nonZero (default) or evenOdd", of: ShapeLayer.self,
                     get: { call, l in call.push(l.fillRule.rawValue) },
                     set: { call, l, newValue in l.fillRule = newValue }),
            property("lineCap", .enumeration("", LineCap.self, "CAShapeLayerLineCap"), "butt (default), round or square", of: ShapeLayer.self,
                     get: { call, l in call.push(l.lineCap.rawValue) },
                     set: { call, l, newValue in l.lineCap = newValue }),
            property("lineJoin", .enumeration("", LineJoin.self, "CAShapeLayerLineJoin"), "miter (default), round or bevel", of: ShapeLayer.self,
                     get: { call, l in call.push(l.lineJoin.rawValue) },
                     set: { call, l, newValue in l.lineJoin = newValue }),
            property("lineDashPattern", .optional(.list(.number)), "dash and gap lengths (nil: solid)", of: ShapeLayer.self,
                     get: { call, l in
                         if l.lineDashPattern.isEmpty { call.pushNil() } else { call.pushNumbers(l.lineDashPattern) }
                     },
                     set: { call, l in l.lineDashPattern = call.isNil(1) ? [] : try call.numberList(1, limit: 64) }),
        ]
        return cls
    }

    private static func gradientLayerClass() -> APIClass {
        var cls = APIClass(name: "CAGradientLayer", superclass: "CALayer", doc: "A layer that fills its bounds with a gradient.", isValue: false)
        cls.matches = { $0 is GradientLayer }
        let options = OptionTable.properties(of: cls.name)
        cls.constructorParameters = [propertiesParameter(options, "any writable properties, e.g. {colors=, locations=}")]
        cls.construct = layerConstructor({ GradientLayer(standaloneIn: $0) }, options)
        func point(_ name: String, _ doc: String, _ key: ReferenceWritableKeyPath<GradientLayer, Point>) -> APIProperty {
            property(name, .value(Point.self), doc, of: GradientLayer.self, get: { call, l in call.push(l[keyPath: key]) },
                     set: { call, l, newValue in l[keyPath: key] = newValue })
        }
        cls.properties = [
            property("colors", .optional(.list(.value("UIColor"))), "the colours (animatable)", of: GradientLayer.self,
                     get: { call, l in
                         guard let colors = l.colors else { call.pushNil(); return }
                         lua_createtable(call.L, Int32(colors.count), 0)
                         for (i, color) in colors.enumerated() { call.runtime.push(color); lua_rawseti(call.L, -2, lua_Integer(i + 1)) }
                     },
                     set: { call, l in l.colors = call.isNil(1) ? nil : try call.colorList(1, limit: GradientLayer.maximumStops) }),
            property("locations", .optional(.list(.number)), "each colour's stop, 0...1 (animatable; nil: evenly spread)", of: GradientLayer.self,
                     get: { call, l in if let locations = l.locations { call.pushNumbers(locations) } else { call.pushNil() } },
                     set: { call, l in l.locations = call.isNil(1) ? nil : try call.numberList(1, limit: GradientLayer.maximumStops) }),
            point("startPoint", "in the unit square of the bounds (animatable; default (0.5, 0)); a radial gradient's centre", \.startPoint),
            point("endPoint", "in the unit square of the bounds (animatable; default (0.5, 1)); a radial gradient's radii", \.endPoint),
            property("type", .enumeration("", GradientType.self, "CAGradientLayerType"), "axial (default) or radial", of: GradientLayer.self,
                     get: { call, l in call.push(l.type.rawValue) },
                     set: { call, l, newValue in l.type = newValue }),
        ]
        return cls
    }

    private static func transformLayerClass() -> APIClass {
        var cls = APIClass(name: "CATransformLayer", superclass: "CALayer",
                           doc: "A layer that only places its sublayers in 3D; it draws no contents of its own.", isValue: false)
        cls.matches = { $0 is TransformLayer }
        let options = OptionTable.properties(of: cls.name)
        cls.constructorParameters = [propertiesParameter(options, "")]
        cls.construct = layerConstructor({ TransformLayer(standaloneIn: $0) }, options)
        return cls
    }

    private static func bezierPathClass() -> APIClass {
        var cls = APIClass(name: "UIBezierPath", superclass: "NSObject", doc: "A path of lines and curves (a mutable object).", isValue: false)
        cls.matches = { $0 is BezierPathObject }
        cls.constructorParameters = [parameter("options", .optional(.union(BezierPathForms.all.map { .options($0.table) })),
            "{rect=}, {ovalIn=}, {roundedRect=, cornerRadius=}, {roundedRect=, byRoundingCorners=, cornerRadii=}, {arcCenter=, radius=, startAngle=, endAngle=, clockwise=} or {cgPath=}")]
        cls.construct = { call in BezierPathObject(world: call.runtime.world, path: try call.bezierPathOptions(1)) }
        func checkedPoint(_ call: inout HostCall, _ argument: Int, _ what: String) throws -> Point {
            let p = try call.finite(argument, what, Point.self)
            guard abs(p.x) <= 1e9, abs(p.y) <= 1e9 else { throw call.fail("\(what) must be within ±1e9 (got \(p))") }
            return p
        }
        func mutate(_ call: inout HostCall, _ object: BezierPathObject, _ change: (inout BezierPath) -> Void) throws {
            guard !object.path.isFull else { throw call.fail("the path already has \(BezierPath.maximumElements) elements") }
            change(&object.path)
        }
        cls.properties = [
            property("cgPath", .object("CGPath"), "the path as a CGPath (a copy)", of: BezierPathObject.self,
                     get: { call, p in call.push(PathObject(world: call.runtime.world, path: p.path)) }),
            property("bounds", .value("CGRect"), "the box around every point, control points included", of: BezierPathObject.self,
                     get: { call, p in call.push(p.path.boundingBox) }),
            property("isEmpty", .boolean, "whether the path has no elements", of: BezierPathObject.self,
                     get: { call, p in call.push(p.path.isEmpty) }),
            property("currentPoint", .value("CGPoint"), "where the next element starts (CGPoint.zero when none)", of: BezierPathObject.self,
                     get: { call, p in call.push(p.path.currentPoint ?? .zero) }),
        ]
        cls.methods = [
            method("move", .checked("to", .value("CGPoint")), doc: "move(to:): starts a subpath", of: BezierPathObject.self) { call, p, _ in
                let point = try checkedPoint(&call, 1, "to")
                try mutate(&call, p) { $0.move(to: point) }
                return 0
            },
            method("addLine", .checked("to", .value("CGPoint")), doc: "addLine(to:)", of: BezierPathObject.self) { call, p, _ in
                let point = try checkedPoint(&call, 1, "to")
                try mutate(&call, p) { $0.addLine(to: point) }
                return 0
            },
            method("addCurve", .checked("to", .value("CGPoint")), .checked("controlPoint1", .value("CGPoint")), .checked("controlPoint2", .value("CGPoint")),
                   doc: "addCurve(to:controlPoint1:controlPoint2:)", of: BezierPathObject.self) { call, p, _, _, _ in
                var call = call  // the helpers take it inout
                let to = try checkedPoint(&call, 1, "to"), c1 = try checkedPoint(&call, 2, "controlPoint1"), c2 = try checkedPoint(&call, 3, "controlPoint2")
                try mutate(&call, p) { $0.addCurve(to: to, control1: c1, control2: c2) }
                return 0
            },
            method("addQuadCurve", .checked("to", .value("CGPoint")), .checked("controlPoint", .value("CGPoint")),
                   doc: "addQuadCurve(to:controlPoint:)", of: BezierPathObject.self) { call, p, _, _ in
                var call = call  // the helpers take it inout
                let to = try checkedPoint(&call, 1, "to"), c = try checkedPoint(&call, 2, "controlPoint")
                try mutate(&call, p) { $0.addQuadCurve(to: to, control: c) }
                return 0
            },
            method("addArc", .checked("center", .value("CGPoint")), .checked("radius", .number), .checked("startAngle", .number), .checked("endAngle", .number), .boolean("clockwise"),
                   doc: "addArc(withCenter:radius:startAngle:endAngle:clockwise:), angles in radians", of: BezierPathObject.self) { call, p, _, _, _, _, clockwise in
                var call = call  // the helpers take it inout
                let center = try checkedPoint(&call, 1, "center")
                let (radius, start, end) = try call.arcNumbers(2)
                try mutate(&call, p) { $0.addArc(center: center, radius: radius, startAngle: start, endAngle: end, clockwise: clockwise) }
                return 0
            },
            method("close", [], "closes the subpath", of: BezierPathObject.self) { call, p in
                try mutate(&call, p) { $0.close() }
                return 0
            },
            method("append", .checked("path", .union([.object("UIBezierPath"), .object("CGPath")])), doc: "appends another path's elements", of: BezierPathObject.self) { call, p, _ in
                let other = try call.path(1)
                guard p.path.elements.count + other.elements.count <= BezierPath.maximumElements else {
                    throw call.fail("the path would have more than \(BezierPath.maximumElements) elements")
                }
                p.path.append(other)
                return 0
            },
            method("apply", .value("transform", Transform2D.self), doc: "transforms every point", of: BezierPathObject.self) { call, p, transform in
                let moved = p.path.applying(transform)
                guard moved.isFinite else { throw call.fail("the transformed path is not finite") }
                p.path = moved
                return 0
            },
            method("removeAllPoints", [], "empties the path", of: BezierPathObject.self) { _, p in
                p.path = BezierPath()
                return 0
            },
            method("copy", [], returns: .object("UIBezierPath"), "a new path with the same elements", of: BezierPathObject.self) { call, p in
                call.push(BezierPathObject(world: call.runtime.world, path: p.path))
                return 1
            },
        ]
        return cls
    }

    private static func pathClass() -> APIClass {
        var cls = APIClass(name: "CGPath", superclass: "NSObject", doc: "An immutable path (UIBezierPath.cgPath; CAShapeLayer.path).", isValue: false)
        cls.matches = { $0 is PathObject }
        cls.properties = [
            property("boundingBox", .value("CGRect"), "the box around every point, control points included (CGRect.null when empty)", of: PathObject.self,
                     get: { call, p in call.push(p.path.boundingBox) }),
            property("isEmpty", .boolean, "whether the path has no elements", of: PathObject.self,
                     get: { call, p in call.push(p.path.isEmpty) }),
        ]
        return cls
    }
}

/// CALayerContentsGravity's names for the fits Transit draws.
enum ContentsGravityName: String, CaseIterable {
    case resize, resizeAspect, resizeAspectFill, center

    init(_ mode: ContentMode) {
        switch mode {
        case .scaleToFill: self = .resize
        case .scaleAspectFit: self = .resizeAspect
        case .scaleAspectFill: self = .resizeAspectFill
        case .center: self = .center
        }
    }

    var contentMode: ContentMode {
        switch self {
        case .resize: return .scaleToFill
        case .resizeAspect: return .scaleAspectFit
        case .resizeAspectFill: return .scaleAspectFill
        case .center: return .center
        }
    }
}

extension HostCall {
    /// Errors from TransitCore's layer and animation model, as this function's errors.
    func core<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch ModelUsageError.layerTree(let refusal) {
            throw fail(refusal.text)
        } catch ModelUsageError.animation(let refusal) {
            throw fail(refusal.text)
        }
    }

    func isString(_ argument: Int) -> Bool { lua_type(L, index(argument)) == LUA_TSTRING }

    func pushNumbers(_ values: [Double]) {
        lua_createtable(L, Int32(values.count), 0)
        for (i, value) in values.enumerated() { lua_pushnumber(L, value); lua_rawseti(L, -2, lua_Integer(i + 1)) }
    }

    /// A path from a CGPath or a UIBezierPath.
    func path(_ argument: Int) throws -> BezierPath {
        switch runtime.object(at: index(argument)) {
        case let path as PathObject: return path.path
        case let path as BezierPathObject: return path.path
        default: throw argumentError(argument, "a CGPath or UIBezierPath")
        }
    }

    /// A list of finite numbers of at most `limit` entries.
    func numberList(_ argument: Int, limit: Int) throws -> [Double] {
        guard isTable(argument) else { throw argumentError(argument, "a list of numbers") }
        let table = index(argument)
        let count = Int(lua_rawlen(L, table))
        guard count <= limit else { throw fail("at most \(limit) entries (got \(count))") }
        var result: [Double] = []
        for i in 0..<count {
            lua_rawgeti(L, table, lua_Integer(i + 1))
            defer { transit_pop(L, 1) }
            guard lua_type(L, -1) == LUA_TNUMBER else { throw fail("entry \(i + 1) must be a number (got \(runtime.typeDescription(at: -1)))") }
            let value = lua_tonumberx(L, -1, nil)
            guard value.isFinite else { throw fail("entry \(i + 1) must be finite (got \(formatNumber(value)))") }
            result.append(value)
        }
        return result
    }

    /// A list of UIColors with finite components, of at most `limit` entries.
    func colorList(_ argument: Int, limit: Int) throws -> [Color] {
        guard isTable(argument) else { throw argumentError(argument, "a list of UIColors") }
        let table = index(argument)
        let count = Int(lua_rawlen(L, table))
        guard count <= limit else { throw fail("at most \(limit) entries (got \(count))") }
        var result: [Color] = []
        for i in 0..<count {
            lua_rawgeti(L, table, lua_Integer(i + 1))
            defer { transit_pop(L, 1) }
            guard let color = runtime.read(Color.self, at: -1), color.isFinite else {
                throw fail("entry \(i + 1) must be a UIColor (got \(runtime.typeDescription(at: -1)))")
            }
            result.append(color)
        }
        return result
    }

    /// radius, startAngle, endAngle from arguments `first`...`first + 2`, finite and bounded.
    func arcNumbers(_ first: Int) throws -> (Double, Double, Double) {
        let radius = try finite(first, "radius")
        let start = try finite(first + 1, "startAngle"), end = try finite(first + 2, "endAngle")
        guard abs(radius) <= 1e9, abs(start) <= 1e6, abs(end) <= 1e6 else {
            throw fail("radius must be within ±1e9 and the angles within ±1e6 radians")
        }
        return (radius, start, end)
    }

    /// UIBezierPath's initialisers as an options table (nil or {}: an empty path).
    func bezierPathOptions(_ argument: Int) throws -> BezierPath {
        guard isTable(argument) else {
            if isNil(argument) { return BezierPath() }
            throw argumentError(argument, "an options table")
        }
        let keys = Set(unknownKeys(argument, known: []))
        if keys.isEmpty { return BezierPath() }
        guard let form = BezierPathForms.all.first(where: { keys.contains($0.key) }) else {
            throw unknownOption(keys.sorted().first!, accepted: BezierPathForms.all.map(\.key), argument: argument,
                                hint: "UIBezierPath takes one of {rect=}, {ovalIn=}, {roundedRect=, cornerRadius=}, {roundedRect=, byRoundingCorners=, cornerRadii=}, {arcCenter=, radius=, startAngle=, endAngle=, clockwise=}, {cgPath=}")
        }
        try checkOptions(argument, form.table) { _ in "Not taken with \(form.key)" }
        func rectOption(_ key: String) throws -> Rect {
            defer { transit_pop(L, 1) }
            _ = field(argument, key)
            guard let rect = runtime.read(Rect.self, at: -1), rect.isFinite, abs(rect.x) <= 1e9, abs(rect.y) <= 1e9,
                  abs(rect.width) <= 1e9, abs(rect.height) <= 1e9 else {
                throw fail("\(key) must be a finite CGRect within ±1e9 (got \(runtime.typeDescription(at: -1)))")
            }
            return rect
        }
        func finiteOption(_ key: String, required: Bool) throws -> Double? {
            guard let value = try numberOption(argument, key) else {
                if required { throw fail("\(key) (a number) is required with \(form.key)") }
                return nil
            }
            guard value.isFinite, abs(value) <= 1e9 else { throw fail("\(key) must be a finite number within ±1e9 (got \(formatNumber(value)))") }
            return value
        }
        switch form.key {
        case "rect": return BezierPath.rect(try rectOption("rect"))
        case "ovalIn": return BezierPath.oval(in: try rectOption("ovalIn"))
        case "roundedRect":
            let rect = try rectOption("roundedRect")
            if let radius = try finiteOption("cornerRadius", required: false) {
                guard !keys.contains("byRoundingCorners"), !keys.contains("cornerRadii") else {
                    throw fail("give either cornerRadius or byRoundingCorners with cornerRadii")
                }
                return BezierPath.roundedRect(rect, cornerRadii: Size(width: radius, height: radius))
            }
            var corners = MaskedCorners.all
            if field(argument, "byRoundingCorners") {
                transit_pop(L, 1)
                corners = try rectCorners(argument)
            } else {
                transit_pop(L, 1)
            }
            var radii = Size.zero
            if field(argument, "cornerRadii") {
                defer { transit_pop(L, 1) }
                guard let size = runtime.read(Size.self, at: -1), size.isFinite else { throw fail("cornerRadii must be a finite CGSize (got \(runtime.typeDescription(at: -1)))") }
                radii = size
            } else {
                transit_pop(L, 1)
                throw fail("roundedRect needs cornerRadius, or byRoundingCorners with cornerRadii")
            }
            return BezierPath.roundedRect(rect, cornerRadii: radii, corners: corners)
        case "arcCenter":
            guard let center = try pointOption(argument, "arcCenter"), abs(center.x) <= 1e9, abs(center.y) <= 1e9 else {
                throw fail("arcCenter must be a finite CGPoint within ±1e9")
            }
            let radius = try finiteOption("radius", required: true)!
            let start = try finiteOption("startAngle", required: true)!, end = try finiteOption("endAngle", required: true)!
            let clockwise = try booleanOption(argument, "clockwise") ?? true
            return BezierPath.arc(center: center, radius: radius, startAngle: start, endAngle: end, clockwise: clockwise)
        default:
            defer { transit_pop(L, 1) }
            _ = field(argument, "cgPath")
            switch runtime.object(at: -1) {
            case let path as PathObject: return path.path
            case let path as BezierPathObject: return path.path
            default: throw fail("cgPath must be a CGPath (got \(runtime.typeDescription(at: -1)))")
            }
        }
    }

    /// `byRoundingCorners`: a list of UIRectCorner names.
    private func rectCorners(_ argument: Int) throws -> MaskedCorners {
        defer { transit_pop(L, 1) }
        _ = field(argument, "byRoundingCorners")
        guard lua_type(L, -1) == LUA_TTABLE else { throw fail("byRoundingCorners must be a list of UIRectCorner strings") }
        var corners: MaskedCorners = []
        let table = lua_gettop(L)
        let count = Int(lua_rawlen(L, table))
        for i in 0..<min(count, 8) {
            lua_rawgeti(L, table, lua_Integer(i + 1))
            defer { transit_pop(L, 1) }
            guard let name = runtime.string(at: -1), let corner = RectCornerName(rawValue: name) else {
                throw fail(runtime.unknownEnumMessage("UIRectCorner", runtime.string(at: -1) ?? runtime.typeDescription(at: -1)))
            }
            corners.formUnion(corner.corners)
        }
        return corners
    }
}

/// UIRectCorner's names.
enum RectCornerName: String, CaseIterable {
    case topLeft, topRight, bottomLeft, bottomRight, allCorners
    var corners: MaskedCorners {
        switch self {
        case .topLeft: return .minXMinY
        case .topRight: return .maxXMinY
        case .bottomLeft: return .minXMaxY
        case .bottomRight: return .maxXMaxY
        case .allCorners: return .all
        }
    }
}

/// UIBezierPath's initialisers as options tables, one per form, each chosen by its first key
/// (`UIBezierPath{roundedRect = r, cornerRadius = 8}` is `UIBezierPath(roundedRect:cornerRadius:)`).
enum BezierPathForms {
    static let all: [(key: String, table: OptionTable)] = [
        ("rect", OptionTable("UIBezierPath.RectOptions", "UIBezierPath(rect:)", [.required("rect", .value("CGRect"))])),
        ("ovalIn", OptionTable("UIBezierPath.OvalOptions", "UIBezierPath(ovalIn:)", [.required("ovalIn", .value("CGRect"))])),
        ("roundedRect", OptionTable("UIBezierPath.RoundedRectOptions",
                                    "UIBezierPath(roundedRect:cornerRadius:) or (roundedRect:byRoundingCorners:cornerRadii:)", [
            .required("roundedRect", .value("CGRect")), .optional("cornerRadius", .number, "all corners' radius"),
            .optional("byRoundingCorners", .list(.enumeration("UIRectCorner")), "default: all"), .optional("cornerRadii", .value("CGSize")),
        ])),
        ("arcCenter", OptionTable("UIBezierPath.ArcOptions", "UIBezierPath(arcCenter:radius:startAngle:endAngle:clockwise:)", [
            .required("arcCenter", .value("CGPoint")), .required("radius", .number), .required("startAngle", .number, "radians"),
            .required("endAngle", .number, "radians"), .optional("clockwise", .boolean),
        ])),
        ("cgPath", OptionTable("UIBezierPath.CGPathOptions", "UIBezierPath(cgPath:)", [.required("cgPath", .object("CGPath"))])),
    ]
}
