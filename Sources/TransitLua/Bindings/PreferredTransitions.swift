import CLua
import TransitCore

// iOS 18's UIViewController.Transition and UIViewController.preferredTransition: the zoom
// (scripts/system/zoom.lua runs it) and the four modal transition styles by their new names.
// The class is a member of UIViewController's class table, as in Swift, and not a global.

/// The zoom's options as checked when the transition was made: the script's functions, kept
/// alive in the registry, and the dimming. zoom.lua reads them back through the properties.
final class ZoomOptions {
    let sourceViewProvider: LuaValueReference
    let alignmentRectProvider: LuaValueReference?
    let interactiveDismissShouldBegin: LuaValueReference?
    let dimmingColor: Color?
    let dimmingVisualEffect: BlurEffect?
    /// Where each function option is defined ("scene.lua:12"): zoom.lua's messages about what a
    /// provider returned name the provider's line, as the host's messages about hooks do.
    var locations: [String: String] = [:]

    init(sourceViewProvider: LuaValueReference, alignmentRectProvider: LuaValueReference?,
         interactiveDismissShouldBegin: LuaValueReference?, dimmingColor: Color?, dimmingVisualEffect: BlurEffect?) {
        self.sourceViewProvider = sourceViewProvider
        self.alignmentRectProvider = alignmentRectProvider
        self.interactiveDismissShouldBegin = interactiveDismissShouldBegin
        self.dimmingColor = dimmingColor
        self.dimmingVisualEffect = dimmingVisualEffect
    }
}

extension TransitAPI {
    static let transitionClassName = "UIViewController.Transition"
    static let zoomOptions = OptionTable("UIViewController.Transition.ZoomOptions", "UIViewController.Transition.zoom's options (Swift's zoom(options:sourceViewProvider:))", [
        .optional("sourceViewProvider", .function, "function(ctx) returning the view to zoom from (nil: from nothing)"),
        .optional("alignmentRectProvider", .function, "function(ctx) returning the CGRect the zoomed view aligns to"),
        .optional("interactiveDismissShouldBegin", .function, "function(ctx) returning whether a drag or pinch may dismiss"),
        .optional("dimmingColor", .value("UIColor")), .optional("dimmingVisualEffect", .object("UIBlurEffect")),
    ])

    /// UIKit marks the API `@available(iOS 18.0, *)`: code using it does not build for an
    /// earlier target, so a script that reaches it on an earlier version is told so.
    static func requireIOS18(_ call: HostCall) throws {
        let version = call.runtime.world.systemVersion
        guard version >= 18 else {
            throw call.fail("available from iOS 18 (this run is iOS \(formatNumber(version)); run with --ios 18)")
        }
    }

    static func viewControllerTransitionClass() -> APIClass {
        var cls = APIClass(name: transitionClassName, superclass: "NSObject",
                           doc: "iOS 18: a transition UIKit runs for a push or a presentation when set as the pushed or presented controller's preferredTransition (zoom, coverVertical, crossDissolve, flipHorizontal, partialCurl).",
                           isValue: false)
        cls.matches = { $0 is ViewControllerTransition }
        cls.properties = viewControllerTransitionProperties()
        cls.methods = [
            method("definedAt", .string("option"), returns: .optional(.string),
                   doc: "where the zoom's function option of this name is defined (\"file:line\"), for messages about what it returned (Transit's)", of: ViewControllerTransition.self) { call, t, option in
                call.push((t.options as? ZoomOptions)?.locations[option])
                return 1
            },
        ]
        let options = "{sourceViewProvider = function(ctx) return view end, alignmentRectProvider = function(ctx) return CGRect end, interactiveDismissShouldBegin = function(ctx) return true end, dimmingColor = UIColor, dimmingVisualEffect = UIBlurEffect}"
        cls.functions = [
            function("zoom", .checked("options", .options(zoomOptions), options), returns: .object(transitionClassName),
                     doc: "UIKit's zoom from a source view (sourceViewProvider, asked at each zoom in and out with ctx.sourceViewController and ctx.zoomedViewController; nil zooms from nothing: a fade and scale in the middle of the screen); dragged down or pinched, the zoomed view shrinks back into it") { call, table in
                try requireIOS18(call)
                return try makeZoom(&call, table)
            },
        ]
        for kind in ViewControllerTransition.Kind.allCases where kind != .zoom {
            cls.functions.append(function(kind.rawValue, [], returns: .object(transitionClassName),
                                          "the \(kind.rawValue) modal transition style as a preferred transition (iOS 18)") { call in
                try requireIOS18(call)
                call.push(ViewControllerTransition(world: call.runtime.world, kind: kind))
                return 1
            })
        }
        return cls
    }

    private static func makeZoom(_ call: inout HostCall, _ table: Int32) throws -> Int32 {
        try call.checkOptions(1, zoomOptions)
        let L = call.L, runtime = call.runtime
        var locations: [String: String] = [:]
        // Raw reads: a metamethod of the script's table must not raise through Swift frames.
        func rawField(_ name: String) {
            lua_pushstring(L, name)
            lua_rawget(L, table)
        }
        func function(_ name: String, required: Bool) throws -> LuaValueReference? {
            rawField(name)
            defer { transit_pop(L, 1) }
            if lua_type(L, -1) == LUA_TNIL, !required { return nil }
            guard lua_type(L, -1) == LUA_TFUNCTION else {
                throw call.fail(argument: 1, "(options): \(name) must be a function (got \(runtime.typeDescription(at: -1)))")
            }
            lua_pushvalue(L, -1)
            var record = lua_Debug()
            if lua_getinfo(L, ">S", &record) != 0, record.linedefined > 0 { locations[name] = "\(record.shortSource):\(record.linedefined)" }
            return LuaValueReference(runtime: runtime, index: -1)
        }
        let source = try function("sourceViewProvider", required: true)!
        let alignment = try function("alignmentRectProvider", required: false)
        let shouldBegin = try function("interactiveDismissShouldBegin", required: false)
        var color: Color?
        rawField("dimmingColor")
        if lua_type(L, -1) != LUA_TNIL {
            guard let value = runtime.read(Color.self, at: -1), value.isFinite else {
                defer { transit_pop(L, 1) }
                throw call.fail(argument: 1, "(options): dimmingColor must be a UIColor (got \(runtime.typeDescription(at: -1)))")
            }
            color = value
        }
        transit_pop(L, 1)
        var effect: BlurEffect?
        rawField("dimmingVisualEffect")
        if lua_type(L, -1) != LUA_TNIL {
            guard let value = runtime.object(at: -1) as? BlurEffect else {
                defer { transit_pop(L, 1) }
                throw call.fail(argument: 1, "(options): dimmingVisualEffect must be a UIBlurEffect (got \(runtime.typeDescription(at: -1)))")
            }
            effect = value
        }
        transit_pop(L, 1)
        let options = ZoomOptions(sourceViewProvider: source, alignmentRectProvider: alignment, interactiveDismissShouldBegin: shouldBegin,
                                  dimmingColor: color, dimmingVisualEffect: effect)
        options.locations = locations
        call.push(ViewControllerTransition(world: runtime.world, kind: .zoom, options: options))
        return 1
    }

    /// What zoom.lua reads of a transition: its kind and the zoom's options (not UIKit API,
    /// whose Transition is opaque; read-only).
    static func viewControllerTransitionProperties() -> [APIProperty] {
        func zoom(_ t: ViewControllerTransition) -> ZoomOptions? { t.options as? ZoomOptions }
        func push(_ call: inout HostCall, _ reference: LuaValueReference?) {
            if let reference { reference.push() } else { lua_pushnil(call.L) }
        }
        return [
            property("kind", .string, "\"zoom\", \"coverVertical\", \"crossDissolve\", \"flipHorizontal\" or \"partialCurl\" (Transit's; UIKit's Transition is opaque)", of: ViewControllerTransition.self,
                     get: { call, t in call.push(t.kind.rawValue) }),
            property("sourceViewProvider", .optional(.function), "the zoom's source-view provider (the function given to zoom)", of: ViewControllerTransition.self,
                     get: { call, t in push(&call, zoom(t)?.sourceViewProvider) }),
            property("alignmentRectProvider", .optional(.function), "the zoom's alignment-rect provider, if given", of: ViewControllerTransition.self,
                     get: { call, t in push(&call, zoom(t)?.alignmentRectProvider) }),
            property("interactiveDismissShouldBegin", .optional(.function), "the zoom's interactiveDismissShouldBegin, if given", of: ViewControllerTransition.self,
                     get: { call, t in push(&call, zoom(t)?.interactiveDismissShouldBegin) }),
            property("dimmingColor", .optional(.value("UIColor")), "the zoom's dimming colour, if given", of: ViewControllerTransition.self,
                     get: { call, t in call.push(zoom(t)?.dimmingColor) }),
            property("dimmingVisualEffect", .optional(.object("UIBlurEffect")), "the zoom's dimming blur, if given", of: ViewControllerTransition.self,
                     get: { call, t in call.push(zoom(t)?.dimmingVisualEffect) }),
        ]
    }

    /// UIViewController.preferredTransition.
    static func preferredTransitionProperty() -> APIProperty {
        property("preferredTransition", .optional(.object(transitionClassName)),
                 "iOS 18: the transition UIKit runs for its push or presentation when no delegate gives an animator (UIViewController.Transition.zoom{...}); nil by default", of: ViewController.self,
                 get: { call, c in call.push(c.preferredTransition) },
                 set: { call, c in
                     if call.isNil(1) { c.preferredTransition = nil; return }
                     try requireIOS18(call)
                     guard let transition = call.runtime.object(at: call.index(1)) as? ViewControllerTransition else {
                         throw call.argumentError(1, "a UIViewController.Transition or nil")
                     }
                     c.preferredTransition = transition
                 })
    }
}
