import CLua
import TransitCore

// CGRect, CGPoint, CGSize, CGVector, CGAffineTransform, CATransform3D, UIColor: value classes
// whose instances are tables with numeric fields.

private func computed(_ name: String, _ type: APIType, _ doc: String, _ read: @escaping (inout HostCall) throws -> Void) -> APIProperty {
    APIProperty(name: name, type: type, doc: doc, getter: { call, _ in try read(&call) }, setter: nil)
}

private func valueMethod(_ name: String, _ parameters: [APIParameter], returns: APIType, _ doc: String,
                         _ body: @escaping (inout HostCall) throws -> Int32) -> APIFunction {
    APIFunction(name, .method, parameters, returns: returns, doc: doc, implementation: body)
}

/// A value class's method declared with `Argument`s (the body reads `self` at index 1).
private func valueMethod<each A>(_ name: String, _ arguments: repeat Argument<each A>, returns: APIType, doc: String,
                                 _ body: @escaping (inout HostCall, repeat each A) throws -> Int32) -> APIFunction {
    var method = function(name, repeat each arguments, returns: returns, doc: doc, body)
    method.kind = .method
    return method
}

private func selfRect(_ call: HostCall) throws -> Rect {
    guard let r = call.runtime.read(Rect.self, at: 1) else { throw call.fail("self must be a CGRect") }
    return r
}

extension TransitAPI {
    static func valueClasses() -> [APIClass] {
        var rect = APIClass(name: "CGRect", superclass: nil, doc: "A rectangle (Core Graphics), a value.", isValue: true)
        rect.functions = [
            function("new", .number("x"), .number("y"), .number("width"), .number("height"),
                     returns: .value("CGRect"), doc: "CGRect(x, y, width, height)") { call, x, y, width, height in
                call.push(Rect(x: x, y: y, width: width, height: height))
                return 1
            },
        ]
        rect.constants = [("zero", .value("CGRect"), "CGRect(0, 0, 0, 0)", { call in call.push(Rect.zero) })]
        rect.properties = [
            computed("minX", .number, "left edge") { call in call.push(try selfRect(call).minX) },
            computed("midX", .number, "horizontal centre") { call in call.push(try selfRect(call).midX) },
            computed("maxX", .number, "right edge") { call in call.push(try selfRect(call).maxX) },
            computed("minY", .number, "top edge") { call in call.push(try selfRect(call).minY) },
            computed("midY", .number, "vertical centre") { call in call.push(try selfRect(call).midY) },
            computed("maxY", .number, "bottom edge") { call in call.push(try selfRect(call).maxY) },
            computed("origin", .value("CGPoint"), "origin as a CGPoint") { call in call.push(try selfRect(call).origin) },
            computed("size", .value("CGSize"), "size as a CGSize") { call in call.push(try selfRect(call).size) },
        ]
        rect.methods = [
            valueMethod("offsetBy", .number("dx"), .number("dy"), returns: .value("CGRect"), doc: "the rectangle moved") { call, dx, dy in
                call.push(try selfRect(call).offsetBy(dx: dx, dy: dy)); return 1
            },
            valueMethod("insetBy", .number("dx"), .number("dy"), returns: .value("CGRect"), doc: "the rectangle shrunk on each side (negative grows)") { call, dx, dy in
                call.push(try selfRect(call).insetBy(dx: dx, dy: dy)); return 1
            },
            valueMethod("contains", .value("point", Point.self), returns: .boolean, doc: "whether the point is inside") { call, point in
                call.push(try selfRect(call).contains(point)); return 1
            },
            valueMethod("intersects", .value("rect", Rect.self), returns: .boolean, doc: "whether the rectangles overlap") { call, rect in
                call.push(try selfRect(call).intersects(rect)); return 1
            },
            valueMethod("union", .value("rect", Rect.self), returns: .value("CGRect"), doc: "the smallest rectangle containing both") { call, rect in
                call.push(try selfRect(call).union(rect)); return 1
            },
            valueMethod("equalTo", .value("rect", Rect.self), returns: .boolean, doc: "value equality (same as ==)") { call, rect in
                call.push(try selfRect(call) == (rect)); return 1
            },
        ]

        var point = APIClass(name: "CGPoint", superclass: nil, doc: "A point, a value.", isValue: true)
        point.functions = [
            function("new", .number("x"), .number("y"), returns: .value("CGPoint"), doc: "CGPoint(x, y)") { call, x, y in
                call.push(Point(x: x, y: y)); return 1
            },
        ]
        point.constants = [("zero", .value("CGPoint"), "CGPoint(0, 0)", { call in call.push(Point.zero) })]
        point.methods = [
            valueMethod("equalTo", .value("point", Point.self), returns: .boolean, doc: "value equality") { call, point in
                call.push(call.runtime.read(Point.self, at: 1) == (point)); return 1
            },
        ]

        var size = APIClass(name: "CGSize", superclass: nil, doc: "A size, a value.", isValue: true)
        size.functions = [
            function("new", .number("width"), .number("height"), returns: .value("CGSize"), doc: "CGSize(width, height)") { call, width, height in
                call.push(Size(width: width, height: height)); return 1
            },
        ]
        size.constants = [("zero", .value("CGSize"), "CGSize(0, 0)", { call in call.push(Size.zero) })]
        size.methods = [
            valueMethod("equalTo", .value("size", Size.self), returns: .boolean, doc: "value equality") { call, size in
                call.push(call.runtime.read(Size.self, at: 1) == (size)); return 1
            },
        ]

        var vector = APIClass(name: "CGVector", superclass: nil, doc: "A vector, a value.", isValue: true)
        vector.functions = [
            function("new", .number("dx"), .number("dy"), returns: .value("CGVector"), doc: "CGVector(dx, dy)") { call, dx, dy in
                call.push(Vector(dx: dx, dy: dy)); return 1
            },
        ]
        vector.constants = [("zero", .value("CGVector"), "CGVector(0, 0)", { call in call.push(Vector.zero) })]

        let image = APIClass(name: "UIImage", superclass: nil, doc: "An image (fields width, height): a decoded PNG from transit.image, or a picture of views from an image renderer or context.", isValue: true)
        return [rect, point, size, vector, affineClass(), transform3DClass(), colorClass(), image]
    }

    private static func affineClass() -> APIClass {
        func me(_ call: HostCall) throws -> Transform2D {
            guard let t = call.runtime.read(Transform2D.self, at: 1) else { throw call.fail("self must be a CGAffineTransform") }
            return t
        }
        var cls = APIClass(name: "CGAffineTransform", superclass: nil, doc: "A 2D affine transform, a value (fields a b c d tx ty).", isValue: true)
        cls.constants = [("identity", .value("CGAffineTransform"), "the identity", { call in call.push(Transform2D.identity) })]
        cls.functions = [
            function("new", .number("a"), .number("b"), .number("c"), .number("d"), .number("tx"), .number("ty"),
                     returns: .value("CGAffineTransform"), doc: "CGAffineTransform(a, b, c, d, tx, ty)") { call, a, b, c, d, tx, ty in
                call.push(Transform2D(a: a, b: b, c: c,
                                      d: d, tx: tx, ty: ty))
                return 1
            },
            function("scale", .number("sx"), .number("sy"), returns: .value("CGAffineTransform"), doc: "CGAffineTransform(scaleX:y:)") { call, sx, sy in
                call.push(Transform2D.scale(sx, sy)); return 1
            },
            function("translation", .number("tx"), .number("ty"), returns: .value("CGAffineTransform"), doc: "CGAffineTransform(translationX:y:)") { call, tx, ty in
                call.push(Transform2D.translation(tx, ty)); return 1
            },
            function("rotation", .number("angle", "radians"), returns: .value("CGAffineTransform"), doc: "CGAffineTransform(rotationAngle:)") { call, angle in
                call.push(Transform2D.rotation(angle)); return 1
            },
        ]
        cls.properties = [computed("isIdentity", .boolean, "whether this is the identity") { call in call.push(try me(call).isIdentity) }]
        cls.methods = [
            valueMethod("scaledBy", .number("sx"), .number("sy"), returns: .value("CGAffineTransform"), doc: "scale, then self") { call, sx, sy in
                call.push(try me(call).scaledBy(sx, sy)); return 1
            },
            valueMethod("translatedBy", .number("tx"), .number("ty"), returns: .value("CGAffineTransform"), doc: "translate, then self") { call, tx, ty in
                call.push(try me(call).translatedBy(tx, ty)); return 1
            },
            valueMethod("rotated", .number("angle"), returns: .value("CGAffineTransform"), doc: "rotate, then self") { call, angle in
                call.push(try me(call).rotated(by: angle)); return 1
            },
            valueMethod("concatenating", .value("other", Transform2D.self), returns: .value("CGAffineTransform"), doc: "self, then other") { call, other in
                call.push(try me(call).concatenating(other)); return 1
            },
            valueMethod("inverted", [], returns: .value("CGAffineTransform"), "the inverse (self when not invertible)") { call in
                call.push(try me(call).inverted()); return 1
            },
        ]
        return cls
    }

    private static func transform3DClass() -> APIClass {
        func me(_ call: HostCall) throws -> Transform3D {
            guard let t = call.runtime.read(Transform3D.self, at: 1) else { throw call.fail("self must be a CATransform3D") }
            return t
        }
        var cls = APIClass(name: "CATransform3D", superclass: nil, doc: "A 3D transform, a value (fields m11 .. m44, writable on the copy).", isValue: true)
        cls.constants = [("identity", .value("CATransform3D"), "the identity", { call in call.push(Transform3D.identity) })]
        cls.functions = [
            function("rotation", .number("angle"), .number("x"), .number("y"), .number("z"),
                     returns: .value("CATransform3D"), doc: "CATransform3DMakeRotation") { call, angle, x, y, z in
                call.push(Transform3D.rotation(angle, x, y, z)); return 1
            },
            function("translation", .number("tx"), .number("ty"), .number("tz"),
                     returns: .value("CATransform3D"), doc: "CATransform3DMakeTranslation") { call, tx, ty, tz in
                call.push(Transform3D.translation(tx, ty, tz)); return 1
            },
            function("scale", .number("sx"), .number("sy"), .number("sz"),
                     returns: .value("CATransform3D"), doc: "CATransform3DMakeScale") { call, sx, sy, sz in
                call.push(Transform3D.scale(sx, sy, sz)); return 1
            },
            function("affine", .value("transform", Transform2D.self), returns: .value("CATransform3D"), doc: "CATransform3DMakeAffineTransform") { call, transform in
                call.push(transform.as3D); return 1
            },
        ]
        cls.properties = [
            computed("isIdentity", .boolean, "whether this is the identity") { call in call.push(try me(call).isIdentity) },
            computed("isAffine", .boolean, "whether only the 2D part is used") { call in call.push(try me(call).isAffine) },
        ]
        cls.methods = [
            valueMethod("rotated", .number("angle"), .number("x"), .number("y"), .number("z"),
                        returns: .value("CATransform3D"), doc: "CATransform3DRotate") { call, angle, x, y, z in
                call.push(try me(call).rotated(angle, x, y, z)); return 1
            },
            valueMethod("translated", .number("tx"), .number("ty"), .number("tz"),
                        returns: .value("CATransform3D"), doc: "CATransform3DTranslate") { call, tx, ty, tz in
                call.push(try me(call).translated(tx, ty, tz)); return 1
            },
            valueMethod("scaled", .number("sx"), .number("sy"), .number("sz"),
                        returns: .value("CATransform3D"), doc: "CATransform3DScale") { call, sx, sy, sz in
                call.push(try me(call).scaled(sx, sy, sz)); return 1
            },
            valueMethod("concatenating", .value("other", Transform3D.self), returns: .value("CATransform3D"), doc: "self, then other (CATransform3DConcat)") { call, other in
                call.push(try me(call).concatenating(other)); return 1
            },
        ]
        return cls
    }

    private static func colorClass() -> APIClass {
        var cls = APIClass(name: "UIColor", superclass: nil, doc: "An sRGB colour, a value (fields red green blue alpha in 0...1).", isValue: true)
        cls.functions = [
            function("new", .checked("red", .union([.number, .options(colorOptions)]), "or an options table {red=, green=, blue=, alpha=} / {white=, alpha=}"), .checked("green", .optional(.number)), .checked("blue", .optional(.number)), .optional(.number("alpha")),
                     returns: .value("UIColor"), doc: "UIColor(r, g, b, a), UIColor{red=, green=, blue=, alpha=} or UIColor{white=, alpha=}") { call, _, _, _, alphaValue in
                if call.isTable(1) {
                    try call.checkOptions(1, colorOptions)
                    func read(_ key: String, _ fallback: Double?) throws -> Double? {
                        defer { transit_pop(call.L, 1) }
                        guard call.field(1, key) else { return fallback }
                        guard lua_type(call.L, -1) == LUA_TNUMBER else { throw call.fail("\(key) must be a number") }
                        return lua_tonumberx(call.L, -1, nil)
                    }
                    let alpha = try read("alpha", 1)!
                    if let white = try read("white", nil) {
                        call.push(Color(white: white, alpha: alpha)); return 1
                    }
                    guard let r = try read("red", nil), let g = try read("green", nil), let b = try read("blue", nil) else {
                        throw call.fail("give red, green and blue, or white")
                    }
                    call.push(Color(red: r, green: g, blue: b, alpha: alpha)); return 1
                }
                guard !call.isNil(2), !call.isNil(3) else { throw call.fail("expected UIColor(red, green, blue [, alpha]) or an options table") }
                call.push(Color(red: try call.number(1), green: try call.number(2), blue: try call.number(3),
                                alpha: alphaValue ?? 1))
                return 1
            },
            function("hex", .string("hex", "\"#RRGGBB\" or \"#RRGGBBAA\""), returns: .value("UIColor"), doc: "a colour from hex digits") { call, text in
                guard let color = Color.hex(text) else { throw call.fail("\"\(text)\" is not \"#RRGGBB\" or \"#RRGGBBAA\"") }
                call.push(color); return 1
            },
        ]
        cls.constants = Color.named.map { entry in
            (entry.name, APIType.value("UIColor"), "UIColor.\(entry.name)", { (call: inout HostCall) in call.push(entry.color) })
        }
        cls.methods = [
            valueMethod("withAlphaComponent", .number("alpha"), returns: .value("UIColor"), doc: "the same colour with another alpha") { call, alpha in
                guard let color = call.runtime.read(Color.self, at: 1) else { throw call.fail("self must be a UIColor") }
                call.push(color.withAlphaComponent(alpha)); return 1
            },
        ]
        return cls
    }
}

extension TransitAPI {
    static let colorOptions = OptionTable("UIColor.Options", "UIColor{...}: red, green and blue, or white, with alpha (each 0...1)", [
        .optional("red", .number), .optional("green", .number), .optional("blue", .number),
        .optional("white", .number, "a grey instead of red, green and blue"), .optional("alpha", .number, "default 1"),
    ])
}
