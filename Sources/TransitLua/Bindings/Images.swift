import CLua
import TransitCore

// Snapshots and images: UIView's drawHierarchy and resizableSnapshotView, UIGraphicsImageRenderer
// and its context, UIKit's image-context functions, UIVisualEffectView and UIBlurEffect.
// Pictures of views are frozen presentation trees (TransitCore's ImageRendering.swift).

extension TransitAPI {
    static func imageClasses() -> [APIClass] {
        [imageRendererClass(), imageRendererContextClass(), blurEffectClass(), visualEffectViewClass()]
    }

    /// The methods UIView gains here (Views.swift adds them to its class).
    static func snapshotMethods() -> [APIFunction] {
        [
            method("drawHierarchy", .value("rect", Rect.self, "where the view's bounds land in the image context"), .optional(.boolean("afterScreenUpdates", "true: lay the view out first"), default: false),
                   returns: .boolean, doc: "draws the view as it is on screen now into the current image context; false without one",
                   of: View.self) { call, v, rect, after in
                do {
                    call.push(try v.drawHierarchy(in: rect, afterScreenUpdates: after))
                } catch ModelUsageError.viewHierarchy(let refusal) {
                    throw call.fail(refusal.text)
                }
                return 1
            },
            method("resizableSnapshotView", .value("rect", Rect.self, "the part of the view, in its bounds"), .optional(.boolean("afterScreenUpdates", "true: lay the view out first"), default: false), .checked("capInsets", .optional(.table), "UIEdgeInsets {top=, left=, bottom=, right=}: parts that keep their size when the snapshot is resized"),
                   returns: .object("UIView"), doc: "a new view showing that part of this view as it is now", of: View.self) { call, v, rect, after, _ in
                let insets = call.isNil(3) ? EdgeInsets.zero : try call.edgeInsets(3, "capInsets")
                call.push(try v.resizableSnapshotView(from: rect, afterScreenUpdates: after, withCapInsets: insets))
                return 1
            },
        ]
    }

    /// UIGraphicsBeginImageContextWithOptions and its companions: the image context stack
    /// before UIGraphicsImageRenderer.
    static func imageContextFunctions() -> [APIFunction] {
        [
            function("UIGraphicsBeginImageContextWithOptions", .checked("size", .value("CGSize")), .boolean("opaque", "true: the image starts black, not transparent"), .finite("scale", "accepted; a picture of views has no pixels of its own"),
                     doc: "makes a new image context current (drawHierarchy draws into it)") { call, _, opaque, scale in
                let size = try call.contextSize(1, "size")
                _ = scale
                call.runtime.world.beginImageContext(size: size, isOpaque: opaque)
                return 0
            },
            function("UIGraphicsBeginImageContext", .checked("size", .value("CGSize")),
                     doc: "UIGraphicsBeginImageContextWithOptions(size, false, 1)") { call, _ in
                call.runtime.world.beginImageContext(size: try call.contextSize(1, "size"), isOpaque: false)
                return 0
            },
            function("UIGraphicsGetImageFromCurrentImageContext", [], returns: .optional(.value("UIImage")),
                     "what the current image context holds now, as an image; nil without a context") { call in
                if let image = call.runtime.world.currentImageContext?.image() { call.runtime.push(image) } else { call.pushNil() }
                return 1
            },
            function("UIGraphicsEndImageContext", [], "ends the current image context (nothing without one)") { call in
                call.runtime.world.endImageContext()
                return 0
            },
        ]
    }

    private static func imageRendererClass() -> APIClass {
        var cls = APIClass(name: "UIGraphicsImageRenderer", superclass: "NSObject",
                           doc: "Makes images: renderer:image(function(context) view:drawHierarchy(rect, true) end).", isValue: false)
        cls.matches = { $0 is ImageRenderer }
        cls.constructorParameters = [parameter("options", .union([.options(imageRendererOptions), .value("CGSize")]), "{size = CGSize(w, h)} or a CGSize")]
        cls.construct = { call in
            let size: Size
            if let direct = call.runtime.read(Size.self, at: call.index(1)) {
                size = direct
            } else {
                guard call.isTable(1) else { throw call.argumentError(1, "an options table {size=} or a CGSize") }
                try call.checkOptions(1, imageRendererOptions)
                defer { transit_pop(call.L, 1) }
                guard call.field(1, "size"), let given = call.runtime.read(Size.self, at: -1) else { throw call.fail("size (a CGSize) is required") }
                size = given
            }
            guard ImageContext.isValid(size) else { throw call.fail("size " + ImageContext.sizeMessage(size)) }
            return ImageRenderer(world: call.runtime.world, size: size)
        }
        cls.properties = [
            property("size", .value("CGSize"), "the size of the images it makes, in points", of: ImageRenderer.self,
                     get: { call, r in call.push(r.size) }),
        ]
        cls.methods = [
            method("image", .function("actions", "called with the UIGraphicsImageRendererContext; draw with view:drawHierarchy"),
                   returns: .value("UIImage"), doc: "runs the actions with a new image context current and returns the image", of: ImageRenderer.self) { call, r, actions in
                let image = try r.image { context in try actions.call { runtime in runtime.push(context); return 1 } }
                call.runtime.push(image)
                return 1
            },
        ]
        return cls
    }

    private static func imageRendererContextClass() -> APIClass {
        var cls = APIClass(name: "UIGraphicsImageRendererContext", superclass: "NSObject",
                           doc: "The image context inside an image renderer's actions.", isValue: false)
        cls.matches = { $0 is ImageContext }
        cls.properties = [
            property("currentImage", .value("UIImage"), "what has been drawn so far", of: ImageContext.self,
                     get: { call, c in call.runtime.push(c.image()) }),
        ]
        return cls
    }

    private static func blurEffectClass() -> APIClass {
        var cls = APIClass(name: "UIBlurEffect", superclass: "NSObject",
                           doc: "A blur for UIVisualEffectView: UIBlurEffect{style = \"regular\"}.", isValue: false)
        cls.matches = { $0 is BlurEffect }
        cls.constructorParameters = [parameter("options", .options(blurEffectOptions), "{style = UIBlurEffectStyle}")]
        cls.construct = { call in
            guard call.isTable(1) else { throw call.argumentError(1, "an options table {style=}") }
            try call.checkOptions(1, blurEffectOptions)
            defer { transit_pop(call.L, 1) }
            guard call.field(1, "style") else { throw call.fail("style (a UIBlurEffectStyle string) is required") }
            guard lua_type(call.L, -1) == LUA_TSTRING, let name = call.runtime.string(at: -1) else {
                throw call.fail("style must be a UIBlurEffectStyle string (got \(call.runtime.typeDescription(at: -1)))")
            }
            guard let style = BlurStyle(rawValue: name) else { throw call.fail(call.runtime.unknownEnumMessage("UIBlurEffectStyle", name)) }
            return BlurEffect(world: call.runtime.world, style: style)
        }
        return cls
    }

    private static func visualEffectViewClass() -> APIClass {
        var cls = APIClass(name: "UIVisualEffectView", superclass: "UIView",
                           doc: "Blurs what is behind it; add subviews to its contentView. effect animates (to nil and back) in animation blocks.",
                           isValue: false)
        cls.isSubclassable = true
        cls.matches = { $0 is VisualEffectView }
        let options = OptionTable.properties(of: cls.name)
        cls.constructorParameters = [parameter("options", .optional(.union([.options(options), .object("UIBlurEffect")])),
                                               "{effect=, frame=, ...} or the effect")]
        cls.construct = { call in
            let view = VisualEffectView(world: call.runtime.world)
            if let effect = call.runtime.object(at: call.index(1)) {
                guard let blur = effect as? BlurEffect else { throw call.argumentError(1, "a UIBlurEffect or an options table") }
                view.effect = blur
            } else {
                try call.applyOptions(1, to: view, options)
            }
            return view
        }
        cls.properties = [
            property("effect", .optional(.object("", BlurEffect.self)), "the blur; nil shows no effect (animatable: the blur fades)", of: VisualEffectView.self,
                     get: { call, v in call.push(v.effect) },
                     set: { call, v, newValue in v.effect = newValue }),
            property("contentView", .object("UIView"), "where subviews go; drawn over the blur", of: VisualEffectView.self,
                     get: { call, v in call.push(v.contentView) }),
        ]
        return cls
    }
}

extension ImageContext {
    static func sizeMessage(_ size: Size) -> String {
        "must be positive, finite and at most \(formatNumber(maximumSide)) points a side (got \(size))"
    }
}

extension HostCall {
    /// A size an image context accepts.
    func contextSize(_ argument: Int, _ what: String) throws -> Size {
        let size = try value(argument, Size.self)
        guard ImageContext.isValid(size) else { throw fail(argument: argument, "(\(what)) " + ImageContext.sizeMessage(size)) }
        return size
    }

    /// UIEdgeInsets as a table of top, left, bottom and right (missing ones are 0).
    func edgeInsets(_ argument: Int, _ what: String) throws -> EdgeInsets {
        guard isTable(argument) else { throw argumentError(argument, "a UIEdgeInsets table {top=, left=, bottom=, right=}") }
        func read(_ key: String) throws -> Double {
            defer { transit_pop(L, 1) }
            guard field(argument, key) else { return 0 }
            guard lua_type(L, -1) == LUA_TNUMBER else { throw fail("\(what).\(key) must be a number (got \(runtime.typeDescription(at: -1)))") }
            let value = lua_tonumberx(L, -1, nil)
            guard value.isFinite else { throw fail("\(what).\(key) must be finite (got \(formatNumber(value)))") }
            return value
        }
        return EdgeInsets(top: try read("top"), left: try read("left"), bottom: try read("bottom"), right: try read("right"))
    }
}

extension TransitAPI {
    static let imageRendererOptions = OptionTable("UIGraphicsImageRenderer.Options", "UIGraphicsImageRenderer{...} (Swift's init(size:))", [
        .required("size", .value("CGSize")),
    ])
    static let blurEffectOptions = OptionTable("UIBlurEffect.Options", "UIBlurEffect{...} (Swift's init(style:))", [
        .required("style", .enumeration("UIBlurEffectStyle")),
    ])
}
