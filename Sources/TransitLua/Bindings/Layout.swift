import CLua
import TransitCore

// Safe areas, layout margins, layout guides and coordinate conversion from another view
// (TransitCore/Layout/SafeArea.swift); appearance transitions a script drives and the status
// bar style (TransitCore/ViewController/AppearanceTransitions.swift). Auto Layout's classes
// are in AutoLayout.swift.

extension TransitAPI {
    static func edgeInsetsClass() -> APIClass {
        insetsClass(EdgeInsets.self, zero: .zero, "Insets from each edge (top, left, bottom, right), a value.")
    }

    static func directionalEdgeInsetsClass() -> APIClass {
        insetsClass(DirectionalEdgeInsets.self, zero: .zero,
                    "Insets by reading direction (top, leading, bottom, trailing), a value; leading is left (Transit lays out left to right).")
    }

    /// UIEdgeInsets and NSDirectionalEdgeInsets: four sides, built from four numbers or an
    /// options table with Swift's labels.
    private static func insetsClass<V: BridgedValue>(_ type: V.Type, zero: V, _ doc: String) -> APIClass {
        var cls = APIClass(name: V.luaName, superclass: nil, doc: doc, isValue: true)
        let sides = V.fieldNames
        let labels = sides.map { "\($0)=" }.joined(separator: ", ")
        let options = OptionTable("\(V.luaName).Options", "\(V.luaName){...}: the four sides with Swift's labels",
                                  sides.map { .required($0, .number) })
        cls.functions = [
            function("new", .checked(sides[0], .union([.number, .options(options)]), "a number, or {\(labels)} as Swift's labels"),
                     .checked(sides[1], .optional(.number)), .checked(sides[2], .optional(.number)), .checked(sides[3], .optional(.number)),
                     returns: .value(V.luaName), doc: "\(V.luaName)(\(sides.joined(separator: ", "))) or \(V.luaName){\(labels)}") { call, _, _, _, _ in
                var values: [Double] = []
                if call.isTable(1) {
                    try call.checkOptions(1, options)
                    for side in sides {
                        _ = call.field(1, side)
                        defer { transit_pop(call.L, 1) }
                        guard lua_type(call.L, -1) == LUA_TNUMBER else {
                            throw call.fail("option \(side) must be a number (got \(call.runtime.typeDescription(at: -1)))")
                        }
                        let value = lua_tonumberx(call.L, -1, nil)
                        guard value.isFinite else { throw call.fail("option \(side) must be a finite number (got \(formatNumber(value)))") }
                        values.append(value)
                    }
                } else {
                    values = try (1...4).map { try call.finite($0, sides[$0 - 1]) }
                }
                call.runtime.push(V(fields: { values[$0] }))
                return 1
            },
        ]
        cls.constants = [("zero", .value(V.luaName), "\(V.luaName)(0, 0, 0, 0)", { call in call.runtime.push(zero) })]
        return cls
    }

    static func layoutGuideClass() -> APIClass {
        var cls = APIClass(name: "UILayoutGuide", superclass: "NSObject", doc: "A rectangle for constraints: a view's safeAreaLayoutGuide or layoutMarginsGuide, or UILayoutGuide.new() added with view:addLayoutGuide(guide) and placed by constraints.", isValue: false)
        cls.matches = { $0 is LayoutGuide }
        cls.construct = { call in LayoutGuide(world: call.runtime.world) }
        cls.properties = [
            property("layoutFrame", .value("CGRect"), "the guide's rectangle in its owning view's coordinates, now", of: LayoutGuide.self,
                     get: { call, g in call.push(g.layoutFrame) }),
            property("owningView", .optional(.object("UIView")), "the view it belongs to", of: LayoutGuide.self,
                     get: { call, g in call.push(g.owningView) }),
        ] + layoutGuideAutoLayoutMembers()
        return cls
    }

    /// UIView's safe-area, margin and conversion members (added to UIView in Views.swift).
    static func viewLayoutMembers() -> (properties: [APIProperty], methods: [APIFunction], hooks: [APIFunction]) {
        let properties = [
            property("safeAreaInsets", .value("UIEdgeInsets"), "the part of the bounds the window's insets (and controllers' additionalSafeAreaInsets) cover; zero outside a window", of: View.self,
                     get: { call, v in call.runtime.push(v.safeAreaInsets) }),
            property("safeAreaLayoutGuide", .object("UILayoutGuide"), "the safe area as a guide (its layoutFrame)", of: View.self,
                     get: { call, v in call.push(v.safeAreaLayoutGuide) }),
            property("layoutMargins", .value(EdgeInsets.self), "margins (default 8 on each side), moved inside the safe area when insetsLayoutMarginsFromSafeArea", of: View.self,
                     get: { call, v in call.runtime.push(v.layoutMargins) },
                     set: { call, v, newValue in v.layoutMargins = newValue }),
            property("insetsLayoutMarginsFromSafeArea", .boolean(), "whether margins outside the safe area move inside it (default true)", \View.insetsLayoutMarginsFromSafeArea),
            property("directionalLayoutMargins", .value(DirectionalEdgeInsets.self), "layoutMargins by reading direction (leading is left: Transit lays out left to right); setting either sets both", of: View.self,
                     get: { call, v in call.runtime.push(v.directionalLayoutMargins) },
                     set: { call, v, newValue in v.directionalLayoutMargins = newValue }),
            property("layoutMarginsGuide", .object("UILayoutGuide"), "the layout margins as a guide (its layoutFrame)", of: View.self,
                     get: { call, v in call.push(v.layoutMarginsGuide) }),
        ]
        let methods = [
            method("convertFrom", .rectOrPoint("value"), .optional(.object("fromView", View.self, "nil: the window")),
                   returns: .union([.value("CGRect"), .value("CGPoint")]), doc: "converts a rect or point from another view's coordinates to this view's (Swift convert(_:from:))", of: View.self) { call, v, value, fromView in
                switch value {
                case .rect(let rect): call.push(v.convert(try call.requireFinite(rect, "value"), from: fromView))
                case .point(let point): call.push(v.convert(try call.requireFinite(point, "value"), from: fromView))
                }
                return 1
            },
        ]
        let hooks = [hook(Hook.View.safeAreaInsetsDidChange, [], swift: "func safeAreaInsetsDidChange()", "the safe area changed; called by the layout pass before layoutSubviews")]
        return (properties, methods, hooks)
    }

    /// UIViewController's appearance, safe-area and status-bar members (added in ViewControllers.swift).
    static func viewControllerLayoutMembers() -> (properties: [APIProperty], methods: [APIFunction], hooks: [APIFunction]) {
        let properties = [
            property("additionalSafeAreaInsets", .value(EdgeInsets.self), "insets added to the root view's safe area", of: ViewController.self,
                     get: { call, c in call.runtime.push(c.additionalSafeAreaInsets) },
                     set: { call, c, newValue in c.setAdditionalSafeAreaInsets(newValue) }),
            property("preferredStatusBarStyle", .enumeration("UIStatusBarStyle"), "a subclass overrides it with a method returning a style (Swift `override var preferredStatusBarStyle`); \"default\" otherwise", of: ViewController.self,
                     get: { call, c in call.push(try c.effectivePreferredStatusBarStyle().rawValue) }).overridable(),
            property("prefersStatusBarHidden", .boolean, "a subclass overrides it with a method returning true to hide the status bar; false otherwise", of: ViewController.self,
                     get: { call, c in call.push(try c.effectivePrefersStatusBarHidden()) }).overridable(),
            property("childForStatusBarStyle", .optional(.object("UIViewController")), "the child whose preferredStatusBarStyle is used: a subclass overrides it with a method; a navigation controller's top controller, a tab bar controller's selected one, else nil", of: ViewController.self,
                     get: { call, c in call.push(try c.effectiveChildForStatusBar(Hook.OverridableProperty.childForStatusBarStyle)) }).overridable(),
            property("childForStatusBarHidden", .optional(.object("UIViewController")), "the child whose prefersStatusBarHidden is used, as childForStatusBarStyle", of: ViewController.self,
                     get: { call, c in call.push(try c.effectiveChildForStatusBar(Hook.OverridableProperty.childForStatusBarHidden)) }).overridable(),
            property("modalPresentationCapturesStatusBarAppearance", .boolean(), "presented in a style that does not cover the screen (sheet, custom), it decides the status bar's appearance instead of its presenter (default false)", \ViewController.modalPresentationCapturesStatusBarAppearance).overridable(),
        ]
        let methods = [
            method("beginAppearanceTransition", .boolean("isAppearing"), .boolean("animated"),
                   doc: "viewWillAppear or viewWillDisappear, unless already going that way (balanced as UIKit's)", of: ViewController.self) { call, c, isAppearing, animated in
                try c.beginAppearanceTransition(isAppearing: isAppearing, animated: animated); return 0
            },
            method("endAppearanceTransition", [], "viewDidAppear or viewDidDisappear for the change begun last", of: ViewController.self) { _, c in
                try c.endAppearanceTransition(); return 0
            },
            method("setNeedsStatusBarAppearanceUpdate", [], "UIKit reads the status bar's appearance again from the controller that decides it; inside a UIView.animate block the bar crossfades over the block (the receiver's style is recorded in the trace)", of: ViewController.self) { _, c in
                try c.setNeedsStatusBarAppearanceUpdate(); return 0
            },
        ]
        let hooks = [
            hook(Hook.ViewController.viewSafeAreaInsetsDidChange, [], swift: "func viewSafeAreaInsetsDidChange()", "the root view's safe area changed"),
        ]
        return (properties, methods, hooks)
    }
}
