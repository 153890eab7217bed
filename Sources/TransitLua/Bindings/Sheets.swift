import CLua
import TransitCore

// UISheetPresentationController (iOS 15) and its detents: the host class `vc.sheetPresentationController`
// returns, the detents apps build (`UISheetPresentationController.Detent.medium()`, `.large()`,
// `.custom{ identifier =, resolver = }`) and the context a resolver is given. Identifiers are
// strings: "medium" and "large" for the system detents (UISheetPresentationController.Detent.Identifier),
// a custom detent's own otherwise.

extension TransitAPI {
    static func sheetClasses() -> [APIClass] {
        [detentResolutionContextClass(), detentClass(), sheetPresentationControllerClass()]
    }

    private static func detentResolutionContextClass() -> APIClass {
        var cls = APIClass(name: "UISheetPresentationControllerDetentResolutionContext", superclass: "NSObject",
                           doc: "What a custom detent's resolver is given (iOS 16).", isValue: false)
        cls.matches = { $0 is DetentResolutionContext }
        cls.properties = [
            property("maximumDetentValue", .number, "the large detent's height: the most a detent may be", of: DetentResolutionContext.self,
                     get: { call, c in call.push(c.maximumDetentValue) }),
            property("containerTraitCollection", .object("UITraitCollection"), "the container's traits", of: DetentResolutionContext.self,
                     get: { call, c in call.push(c.containerTraitCollection) }),
        ]
        return cls
    }

    private static func detentClass() -> APIClass {
        var cls = APIClass(name: "UISheetPresentationControllerDetent", superclass: "NSObject",
                           doc: "A height a sheet may rest at (UISheetPresentationController.Detent).", isValue: false)
        cls.matches = { $0 is SheetDetent }
        cls.properties = [
            property("identifier", .string, "\"medium\", \"large\", or a custom detent's identifier", of: SheetDetent.self,
                     get: { call, d in call.push(d.identifier) }),
        ]
        cls.methods = [
            method("resolvedValue", .object("context", DetentResolutionContext.self),
                   returns: .optional(.number), doc: "iOS 16: the detent's height in the context, nil when inactive", of: SheetDetent.self) { call, d, context in
                if let value = try d.resolvedValue(in: context) { call.push(value) } else { call.pushNil() }
                return 1
            },
        ]
        cls.functions = [
            function("medium", [], returns: .object("UISheetPresentationControllerDetent"), "about half the screen's height") { call in
                call.push(SheetDetent(world: call.runtime.world, identifier: SheetDetent.mediumIdentifier, kind: .medium)); return 1
            },
            function("large", [], returns: .object("UISheetPresentationControllerDetent"), "the sheet's full height") { call in
                call.push(SheetDetent(world: call.runtime.world, identifier: SheetDetent.largeIdentifier, kind: .large)); return 1
            },
            function("custom", .checked("options", .union([.options(customDetentOptions), .function]), "{identifier=, resolver=function(context) return height end}, or the resolver alone"),
                     returns: .object("UISheetPresentationControllerDetent"),
                     doc: "iOS 16: a detent whose height the resolver gives (nil: inactive); without an identifier it gets a unique one") { call, _ in
                guard call.runtime.world.systemVersion >= 16 else {
                    throw call.fail("custom detents are available from iOS 16 (this run is iOS \(formatNumber(call.runtime.world.systemVersion))); use medium() or large()")
                }
                let resolver: LuaFunction
                var identifier: String?
                if call.isTable(1) {
                    try call.checkOptions(1, customDetentOptions)
                    guard let function = try call.functionOption(1, "resolver") else { throw call.fail("resolver (a function returning the detent's height) is required") }
                    resolver = function
                    identifier = try call.stringOption(1, "identifier")
                } else {
                    resolver = try call.function(1)
                }
                let name = identifier ?? call.runtime.nextCustomDetentIdentifier()
                let detent = SheetDetent(world: call.runtime.world, identifier: name, kind: .custom { context in
                    try resolveCustomDetent(resolver, context, identifier: name)
                })
                call.push(detent)
                return 1
            },
        ]
        cls.constants = [
            (name: "Identifier", type: .table, doc: "UISheetPresentationController.Detent.Identifier: medium = \"medium\", large = \"large\"", push: { call in
                lua_createtable(call.L, 0, 2)
                lua_pushstring(call.L, SheetDetent.mediumIdentifier); lua_setfield(call.L, -2, "medium")
                lua_pushstring(call.L, SheetDetent.largeIdentifier); lua_setfield(call.L, -2, "large")
            }),
        ]
        return cls
    }

    private static func sheetPresentationControllerClass() -> APIClass {
        var cls = APIClass(name: "UISheetPresentationController", superclass: "UIPresentationController",
                           doc: "iOS 15+: the controller of a page or form sheet; configure it through vc.sheetPresentationController before presenting.", isValue: false)
        cls.isSubclassable = true
        cls.matches = { $0 is SheetPresentationController }
        cls.constructorParameters = [parameter("presented", .object("UIViewController")), parameter("presenting", .optional(.object("UIViewController")))]
        cls.construct = { call in
            let presented = try call.object(1, ViewController.self)
            let presenting = try call.optionalObject(2, ViewController.self)
                ?? call.runtime.world.window.rootViewController ?? presented
            return SheetPresentationController(world: call.runtime.world, presented: presented, presenting: presenting)
        }
        typealias S = SheetPresentationController
        cls.properties = [
            property("detents", .list(.object("UISheetPresentationControllerDetent")), "the heights the sheet may rest at (default { Detent.large() }); never empty. The strings \"medium\" and \"large\" (Transit's older form) are read as those detents", of: S.self,
                     get: { call, s in call.pushList(s.detents) },
                     set: { call, s in try s.setDetents(try call.detentList(1)) }),
            property("selectedDetentIdentifier", .optional(.string), "the detent the sheet rests at; nil means the smallest. Set outside animateChanges it applies at the next layout, without animation", of: S.self,
                     get: { call, s in call.push(s.selectedDetentIdentifier) },
                     set: { call, s in s.setSelectedDetentIdentifier(call.isNil(1) ? nil : try call.string(1)) }),
            property("largestUndimmedDetentIdentifier", .optional(.string), "detents up to this one leave the presenter undimmed and touchable; nil dims at every detent", of: S.self,
                     get: { call, s in call.push(s.largestUndimmedDetentIdentifier) },
                     set: { call, s in s.setLargestUndimmedDetentIdentifier(call.isNil(1) ? nil : try call.string(1)) }),
            property("prefersGrabberVisible", .boolean, "draws the grabber at the sheet's top (default false)", of: S.self,
                     get: { call, s in call.push(s.prefersGrabberVisible) },
                     set: { call, s in s.setPrefersGrabberVisible(try call.boolean(1)) }),
            property("preferredCornerRadius", .optional(.number), "the sheet's corner radius; nil is the system's (10 pt)", of: S.self,
                     get: { call, s in if let r = s.preferredCornerRadius { call.push(r) } else { call.pushNil() } },
                     set: { call, s in try s.setPreferredCornerRadius(call.isNil(1) ? nil : try call.number(1)) }),
            property("prefersScrollingExpandsWhenScrolledToEdge", .boolean, "whether dragging a scroll view of the sheet at its top grows the sheet to a larger detent first (default true)", of: S.self,
                     get: { call, s in call.push(s.prefersScrollingExpandsWhenScrolledToEdge) },
                     set: { call, s in s.prefersScrollingExpandsWhenScrolledToEdge = try call.boolean(1) }),
            property("prefersEdgeAttachedInCompactHeight", .boolean, "in compact height (iPhone landscape), stay attached to the bottom edge with the detents instead of filling the screen (default false)", of: S.self,
                     get: { call, s in call.push(s.prefersEdgeAttachedInCompactHeight) },
                     set: { call, s in s.setPrefersEdgeAttachedInCompactHeight(try call.boolean(1)) }),
            property("widthFollowsPreferredContentSizeWhenEdgeAttached", .boolean, "an edge-attached sheet in compact height takes its width from preferredContentSize (default false: the safe area's width)", of: S.self,
                     get: { call, s in call.push(s.widthFollowsPreferredContentSizeWhenEdgeAttached) },
                     set: { call, s in s.setWidthFollowsPreferredContentSizeWhenEdgeAttached(try call.boolean(1)) }),
        ]
        cls.constants = [
            (name: "Detent", type: .table, doc: "UISheetPresentationController.Detent: the class UISheetPresentationControllerDetent (medium(), large(), custom{...}, Identifier)", push: { call in
                lua_getglobal(call.L, "UISheetPresentationControllerDetent")
            }),
        ]
        cls.methods = [
            method("animateChanges", .function("changes"), doc: "the changes the function makes (selectedDetentIdentifier, detents, ...) move the sheet with the sheet's spring", of: S.self) { call, s, changes in
                try s.animateChanges { try changes.call() }
                return 0
            },
            method("invalidateDetents", [], "iOS 16: custom detents are resolved again at the next layout", of: S.self) { _, s in
                s.invalidateDetents(); return 0
            },
            method("frameOfPresentedViewInContainerView", [], returns: .value("CGRect"), "the sheet's frame: its current detent's in compact width (docs/semantics.md, Sheets)", of: S.self) { call, s in
                call.push(try s.defaultFrameOfPresentedView()); return 1
            },
        ]
        return cls
    }
}

extension TransitAPI {
    /// What UIKit's sheet knows of itself, for the system sheet script (scripts/system/pageSheet.lua).
    static func sheetNamespaceFunctions() -> [APIFunction] {
        typealias S = SheetPresentationController
        return [
            function("sheet.detents", .object("sheet", S.self), returns: .list(.table),
                     doc: "system sheets: the active detents for the current container, smallest first, each {identifier=, value=, frame=CGRect, dims=boolean, current=boolean}; empty when the detents do not shape the sheet (regular width, a landscape iPhone, before iOS 15)") { call, sheet in
                guard let container = sheet.containerView, sheet.usesDetents(in: container.bounds, regularWidth: sheet.isRegularWidth(container.bounds)) else {
                    lua_createtable(call.L, 0, 0); return 1
                }
                let resolved = try sheet.resolvedDetents()
                let current = try sheet.currentDetent()
                lua_createtable(call.L, Int32(resolved.count), 0)
                for (offset, detent) in resolved.enumerated() {
                    lua_createtable(call.L, 0, 5)
                    call.push(detent.identifier); lua_setfield(call.L, -2, "identifier")
                    call.push(detent.value); lua_setfield(call.L, -2, "value")
                    call.push(try sheet.attachedFrame(value: detent.value, in: container.bounds)); lua_setfield(call.L, -2, "frame")
                    call.push(try sheet.dims(at: detent)); lua_setfield(call.L, -2, "dims")
                    call.push(detent == current); lua_setfield(call.L, -2, "current")
                    lua_rawseti(call.L, -2, lua_Integer(offset + 1))
                }
                return 1
            },
            function("sheet.userSelect", .object("sheet", S.self), .string("identifier"),
                     doc: "system sheets: the user's drag left the sheet at this detent: it becomes selectedDetentIdentifier and the delegate's sheetPresentationControllerDidChangeSelectedDetentIdentifier is called (when it changed)") { call, sheet, identifier in
                try sheet.userSelectedDetent(identifier)
                return 0
            },
        ]
    }
}

/// A custom detent's Lua resolver, called with its context: a number (points) or nil.
private func resolveCustomDetent(_ resolver: LuaFunction, _ context: DetentResolutionContext, identifier: String) throws -> Double? {
    guard let runtime = resolver.reference.runtime else { return nil }
    let L = runtime.L
    let top = lua_gettop(L)
    defer { lua_settop(L, top) }
    try resolver.call(results: 1) { runtime in runtime.push(context); return 1 }
    switch lua_type(L, -1) {
    case LUA_TNIL: return nil
    case LUA_TNUMBER:
        let value = lua_tonumberx(L, -1, nil)
        guard value.isFinite else {
            throw ScriptError("the custom detent \"\(identifier)\"'s resolver returned \(formatNumber(value)); return a finite height in points, or nil to make the detent inactive", at: resolver.definedAt)
        }
        return value
    default:
        throw ScriptError("the custom detent \"\(identifier)\"'s resolver must return a height in points or nil (got \(runtime.typeDescription(at: -1)))", at: resolver.definedAt)
    }
}

extension HostCall {
    /// A list of detents at `argument` (UISheetPresentationController.detents).
    func detentList(_ argument: Int) throws -> [SheetDetent] {
        guard isTable(argument) else { throw argumentError(argument, "a list of UISheetPresentationControllerDetent") }
        let count = Int(lua_rawlen(L, index(argument)))
        var detents: [SheetDetent] = []
        for position in 0..<count {
            lua_rawgeti(L, index(argument), lua_Integer(position + 1))
            defer { transit_pop(L, 1) }
            // Transit before the host class took the identifiers "medium" and "large": still
            // accepted, as the detents they name (docs/lua-api.md says so).
            if lua_type(L, -1) == LUA_TSTRING, let name = runtime.string(at: -1),
               name == SheetDetent.mediumIdentifier || name == SheetDetent.largeIdentifier {
                detents.append(SheetDetent(world: runtime.world, identifier: name, kind: name == SheetDetent.mediumIdentifier ? .medium : .large))
                continue
            }
            guard let detent = runtime.object(at: -1) as? SheetDetent else {
                let hint = lua_type(L, -1) == LUA_TSTRING ? "; write UISheetPresentationController.Detent.medium(), .large() or .custom{...}" : ""
                throw fail("entry \(position + 1) must be a UISheetPresentationControllerDetent (got \(runtime.typeDescription(at: -1)))\(hint)")
            }
            detents.append(detent)
        }
        return detents
    }
}

extension LuaRuntime {
    /// A custom detent made without an identifier gets a unique one, as UIKit makes a UUID.
    func nextCustomDetentIdentifier() -> String {
        customDetentCount += 1
        return "custom-\(customDetentCount)"
    }
}

extension TransitAPI {
    static let customDetentOptions = OptionTable("UISheetPresentationControllerDetent.CustomOptions", "UISheetPresentationController.Detent.custom{...} (Swift's custom(identifier:resolver:))", [
        .optional("identifier", .string, "default: a unique one"), .required("resolver", .function, "function(context) returning the height, or nil (inactive)"),
    ])
}
