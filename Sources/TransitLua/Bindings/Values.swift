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

private func selfRect(_ call: HostCall) throws -> Rect {
    guard let r = call.runtime.read(Rect.self, at: 1) else { throw call.fail("self must be a CGRect") }
    return r
}

extension TransitAPI {
    static func valueClasses() -> [APIClass] {
        var rect = APIClass(name: "CGRect", superclass: nil, doc: "A rectangle (Core Graphics), a value.", isValue: true)
        rect.functions = [
            function("new", [parameter("x", .number), parameter("y", .number), parameter("width", .number), parameter("height", .number)],
                     returns: .value("CGRect"), "CGRect(x, y, width, height)") { call in
                call.push(Rect(x: try call.number(1), y: try call.number(2), width: try call.number(3), height: try call.number(4)))
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
            valueMethod("offsetBy", [parameter("dx", .number), parameter("dy", .number)], returns: .value("CGRect"), "the rectangle moved") { call in
                call.push(try selfRect(call).offsetBy(dx: try call.number(1), dy: try call.number(2))); return 1
            },
            valueMethod("insetBy", [parameter("dx", .number), parameter("dy", .number)], returns: .value("CGRect"), "the rectangle shrunk on each side (negative grows)") { call in
                call.push(try selfRect(call).insetBy(dx: try call.number(1), dy: try call.number(2))); return 1
            },
            valueMethod("contains", [parameter("point", .value("CGPoint"))], returns: .boolean, "whether the point is inside") { call in
                call.push(try selfRect(call).contains(try call.value(1, Point.self))); return 1
            },
            valueMethod("intersects", [parameter("rect", .value("CGRect"))], returns: .boolean, "whether the rectangles overlap") { call in
                call.push(try selfRect(call).intersects(try call.value(1, Rect.self))); return 1
            },
            valueMethod("union", [parameter("rect", .value("CGRect"))], returns: .value("CGRect"), "the smallest rectangle containing both") { call in
                call.push(try selfRect(call).union(try call.value(1, Rect.self))); return 1
            },
            valueMethod("equalTo", [parameter("rect", .value("CGRect"))], returns: .boolean, "value equality (same as ==)") { call in
                call.push(try selfRect(call) == (try call.value(1, Rect.self))); return 1
            },
        ]

        var point = APIClass(name: "CGPoint", superclass: nil, doc: "A point, a value.", isValue: true)
        point.functions = [
            function("new", [parameter("x", .number), parameter("y", .number)], returns: .value("CGPoint"), "CGPoint(x, y)") { call in
                call.push(Point(x: try call.number(1), y: try call.number(2))); return 1
            },
        ]
        point.constants = [("zero", .value("CGPoint"), "CGPoint(0, 0)", { call in call.push(Point.zero) })]
        point.methods = [
            valueMethod("equalTo", [parameter("point", .value("CGPoint"))], returns: .boolean, "value equality") { call in
                call.push(call.runtime.read(Point.self, at: 1) == (try call.value(1, Point.self))); return 1
            },
        ]

        var size = APIClass(name: "CGSize", superclass: nil, doc: "A size, a value.", isValue: true)
        size.functions = [
            function("new", [parameter("width", .number), parameter("height", .number)], returns: .value("CGSize"), "CGSize(width, height)") { call in
                call.push(Size(width: try call.number(1), height: try call.number(2))); return 1
            },
        ]
        size.constants = [("zero", .value("CGSize"), "CGSize(0, 0)", { call in call.push(Size.zero) })]
        size.methods = [
            valueMethod("equalTo", [parameter("size", .value("CGSize"))], returns: .boolean, "value equality") { call in
                call.push(call.runtime.read(Size.self, at: 1) == (try call.value(1, Size.self))); return 1
            },
        ]

        var vector = APIClass(name: "CGVector", superclass: nil, doc: "A vector, a value.", isValue: true)
        vector.functions = [
            function("new", [parameter("dx", .number), parameter("dy", .number)], returns: .value("CGVector"), "CGVector(dx, dy)") { call in
                call.push(Vector(dx: try call.number(1), dy: try call.number(2))); return 1
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
            function("new", [parameter("a", .number), parameter("b", .number), parameter("c", .number),
                             parameter("d", .number), parameter("tx", .number), parameter("ty", .number)],
                     returns: .value("CGAffineTransform"), "CGAffineTransform(a, b, c, d, tx, ty)") { call in
                call.push(Transform2D(a: try call.number(1), b: try call.number(2), c: try call.number(3),
                                      d: try call.number(4), tx: try call.number(5), ty: try call.number(6)))
                return 1
            },
            function("scale", [parameter("sx", .number), parameter("sy", .number)], returns: .value("CGAffineTransform"), "CGAffineTransform(scaleX:y:)") { call in
                call.push(Transform2D.scale(try call.number(1), try call.number(2))); return 1
            },
            function("translation", [parameter("tx", .number), parameter("ty", .number)], returns: .value("CGAffineTransform"), "CGAffineTransform(translationX:y:)") { call in
                call.push(Transform2D.translation(try call.number(1), try call.number(2))); return 1
            },
            function("rotation", [parameter("angle", .number, "radians")], returns: .value("CGAffineTransform"), "CGAffineTransform(rotationAngle:)") { call in
                call.push(Transform2D.rotation(try call.number(1))); return 1
            },
        ]
        cls.properties = [computed("isIdentity", .boolean, "whether this is the identity") { call in call.push(try me(call).isIdentity) }]
        cls.methods = [
            valueMethod("scaledBy", [parameter("sx", .number), parameter("sy", .number)], returns: .value("CGAffineTransform"), "scale, then self") { call in
                call.push(try me(call).scaledBy(try call.number(1), try call.number(2))); return 1
            },
            valueMethod("translatedBy", [parameter("tx", .number), parameter("ty", .number)], returns: .value("CGAffineTransform"), "translate, then self") { call in
                call.push(try me(call).translatedBy(try call.number(1), try call.number(2))); return 1
            },
            valueMethod("rotated", [parameter("angle", .number)], returns: .value("CGAffineTransform"), "rotate, then self") { call in
                call.push(try me(call).rotated(by: try call.number(1))); return 1
            },
            valueMethod("concatenating", [parameter("other", .value("CGAffineTransform"))], returns: .value("CGAffineTransform"), "self, then other") { call in
                call.push(try me(call).concatenating(try call.value(1, Transform2D.self))); return 1
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
            function("rotation", [parameter("angle", .number), parameter("x", .number), parameter("y", .number), parameter("z", .number)],
                     returns: .value("CATransform3D"), "CATransform3DMakeRotation") { call in
                call.push(Transform3D.rotation(try call.number(1), try call.number(2), try call.number(3), try call.number(4))); return 1
            },
            function("translation", [parameter("tx", .number), parameter("ty", .number), parameter("tz", .number)],
                     returns: .value("CATransform3D"), "CATransform3DMakeTranslation") { call in
                call.push(Transform3D.translation(try call.number(1), try call.number(2), try call.number(3))); return 1
            },
            function("scale", [parameter("sx", .number), parameter("sy", .number), parameter("sz", .number)],
                     returns: .value("CATransform3D"), "CATransform3DMakeScale") { call in
                call.push(Transform3D.scale(try call.number(1), try call.number(2), try call.number(3))); return 1
            },
            function("affine", [parameter("transform", .value("CGAffineTransform"))], returns: .value("CATransform3D"), "CATransform3DMakeAffineTransform") { call in
                call.push(try call.value(1, Transform2D.self).as3D); return 1
            },
        ]
        cls.properties = [
            computed("isIdentity", .boolean, "whether this is the identity") { call in call.push(try me(call).isIdentity) },
            computed("isAffine", .boolean, "whether only the 2D part is used") { call in call.push(try me(call).isAffine) },
        ]
        cls.methods = [
            valueMethod("rotated", [parameter("angle", .number), parameter("x", .number), parameter("y", .number), parameter("z", .number)],
                        returns: .value("CATransform3D"), "CATransform3DRotate") { call in
                call.push(try me(call).rotated(try call.number(1), try call.number(2), try call.number(3), try call.number(4))); return 1
            },
            valueMethod("translated", [parameter("tx", .number), parameter("ty", .number), parameter("tz", .number)],
                        returns: .value("CATransform3D"), "CATransform3DTranslate") { call in
                call.push(try me(call).translated(try call.number(1), try call.number(2), try call.number(3))); return 1
            },
            valueMethod("scaled", [parameter("sx", .number), parameter("sy", .number), parameter("sz", .number)],
                        returns: .value("CATransform3D"), "CATransform3DScale") { call in
                call.push(try me(call).scaled(try call.number(1), try call.number(2), try call.number(3))); return 1
            },
            valueMethod("concatenating", [parameter("other", .value("CATransform3D"))], returns: .value("CATransform3D"), "self, then other (CATransform3DConcat)") { call in
                call.push(try me(call).concatenating(try call.value(1, Transform3D.self))); return 1
            },
        ]
        return cls
    }

    private static func colorClass() -> APIClass {
        var cls = APIClass(name: "UIColor", superclass: nil, doc: "An sRGB colour, a value (fields red green blue alpha in 0...1).", isValue: true)
        cls.functions = [
            function("new", [parameter("red", .union([.number, .table]), "or an options table {red=, green=, blue=, alpha=} / {white=, alpha=}"),
                             parameter("green", .optional(.number)), parameter("blue", .optional(.number)), parameter("alpha", .optional(.number))],
                     returns: .value("UIColor"), "UIColor(r, g, b, a), UIColor{red=, green=, blue=, alpha=} or UIColor{white=, alpha=}") { call in
                if call.isTable(1) {
                    let keys = call.unknownKeys(1, known: ["red", "green", "blue", "alpha", "white"])
                    if let key = keys.first { throw call.fail("unknown option \"\(key)\"; accepted: red, green, blue, alpha, white") }
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
                                alpha: try call.optionalNumber(4) ?? 1))
                return 1
            },
            function("hex", [parameter("hex", .string, "\"#RRGGBB\" or \"#RRGGBBAA\"")], returns: .value("UIColor"), "a colour from hex digits") { call in
                let text = try call.string(1)
                guard let color = Color.hex(text) else { throw call.fail("\"\(text)\" is not \"#RRGGBB\" or \"#RRGGBBAA\"") }
                call.push(color); return 1
            },
        ]
        cls.constants = Color.named.map { entry in
            (entry.name, APIType.value("UIColor"), "UIColor.\(entry.name)", { (call: inout HostCall) in call.push(entry.color) })
        }
        cls.methods = [
            valueMethod("withAlphaComponent", [parameter("alpha", .number)], returns: .value("UIColor"), "the same colour with another alpha") { call in
                guard let color = call.runtime.read(Color.self, at: 1) else { throw call.fail("self must be a UIColor") }
                call.push(color.withAlphaComponent(try call.number(1))); return 1
            },
        ]
        return cls
    }
}
