import CLua
import TransitCore

// UIViewController, UIScreen, UIDevice (gesture recognizers: Gestures.swift).

extension TransitAPI {
    static func viewControllerClasses() -> [APIClass] {
        var cls = APIClass(name: "UIViewController", superclass: "NSObject", doc: "A view controller: a lazily loaded view and lifecycle hooks.", isValue: false)
        cls.isSubclassable = true
        cls.matches = { $0 is ViewController }
        let options = OptionTable.properties(of: cls.name, extra: [.optional("backgroundColor", .value(Color.luaName), "its view's background colour (loads the view)")])
        cls.constructorParameters = [propertiesParameter(options, "title, view, backgroundColor, preferredContentSize, modalPresentationStyle, ...")]
        cls.construct = { call in
            let controller = ViewController(world: call.runtime.world)
            try call.applyOptions(1, to: controller, options)
            if call.isTable(1), call.field(1, "backgroundColor") {
                defer { transit_pop(call.L, 1) }
                guard let color = call.runtime.read(Color.self, at: -1), color.isFinite else {
                    throw call.fail("option backgroundColor must be a UIColor (got \(call.runtime.typeDescription(at: -1)))")
                }
                try controller.loadViewIfNeeded().backgroundColor = color
            } else if call.isTable(1) {
                transit_pop(call.L, 1)
            }
            return controller
        }
        cls.properties = [
            property("title", .optional(.string()), "the title", \ViewController.title),
            property("view", .object("", View.self), "the root view, loaded on first access (loadView, then viewDidLoad)", of: ViewController.self,
                     get: { call, c in call.push(try c.loadViewIfNeeded()) },
                     set: { call, c, newValue in c.setView(newValue) }),
            property("preferredContentSize", .value(Size.self), "the size the controller prefers when presented", of: ViewController.self,
                     get: { call, c in call.push(c.preferredContentSize) }, set: { call, c, newValue in try c.setPreferredContentSize(newValue) }).overridable(),
            property("modalPresentationStyle", .enumeration("", ModalPresentationStyle.self, "UIModalPresentationStyle"), "how it is presented", of: ViewController.self,
                     get: { call, c in call.push(c.modalPresentationStyle.rawValue) },
                     set: { call, c, newValue in c.modalPresentationStyle = newValue }).overridable(),
            property("modalTransitionStyle", .enumeration("", ModalTransitionStyle.self, "UIModalTransitionStyle"), "the system animation used without a custom animator", of: ViewController.self,
                     get: { call, c in call.push(c.modalTransitionStyle.rawValue) },
                     set: { call, c, newValue in c.modalTransitionStyle = newValue }).overridable(),
            property("transitioningDelegate", .optional(.protocolObject("", "UIViewControllerTransitioningDelegate")), "supplies animators and presentation controllers", of: ViewController.self,
                     get: { call, c in call.push(c.transitioningDelegate) },
                     set: { call, c, newValue in c.transitioningDelegate = newValue }).overridable(),
            property("definesPresentationContext", .boolean(), "whether currentContext presentations cover this controller", \ViewController.definesPresentationContext).overridable(),
            property("isModalInPresentation", .boolean(), "iOS 13+: true prevents the user's dismissal (the sheet's pull resists and presentationControllerDidAttemptToDismiss is called)", \ViewController.isModalInPresentation).overridable(),
            property("presentingViewController", .optional(.object("UIViewController")), "the controller that presented this one, or one of its ancestors (the controller that performed the presentation, which may not be the one present was called on)", of: ViewController.self,
                     get: { call, c in call.push(c.presentingViewControllerThroughAncestors) }),
            property("presentedViewController", .optional(.object("UIViewController")), "the controller presented by this one or one of its ancestors", of: ViewController.self,
                     get: { call, c in call.push(c.presentedViewControllerThroughAncestors) }),
            property("isBeingPresented", .boolean, "true during its presentation transition, viewWillAppear and viewDidAppear included", of: ViewController.self,
                     get: { call, c in call.push(c.isBeingPresented) }),
            property("isBeingDismissed", .boolean, "true during its dismissal transition, viewWillDisappear and viewDidDisappear included", of: ViewController.self,
                     get: { call, c in call.push(c.isBeingDismissed) }),
            property("isMovingToParent", .boolean, "true while a push (or addChild, until didMoveToParent) adds it to its parent", of: ViewController.self,
                     get: { call, c in call.push(c.isMovingToParent) }),
            property("isMovingFromParent", .boolean, "true while a pop (or willMoveToParent(nil), until removeFromParent) takes it from its parent", of: ViewController.self,
                     get: { call, c in call.push(c.isMovingFromParent) }),
            property("isViewLoaded", .boolean, "whether the view has been loaded", of: ViewController.self,
                     get: { call, c in call.push(c.isViewLoaded) }),
        ]
        cls.properties.append(preferredTransitionProperty())
        let presentation = viewControllerPresentationMembers()
        cls.properties += presentation.properties
        cls.properties.append(property("navigationController", .optional(.object("UINavigationController")), "the navigation controller it is in", of: ViewController.self,
                                       get: { call, c in call.push(c.navigationController) }))
        cls.properties.append(property("tabBarController", .optional(.object("UITabBarController")), "the tab bar controller it is in", of: ViewController.self,
                                       get: { call, c in call.push(c.tabBarController) }))
        cls.properties += [
            property("navigationItem", .object("UINavigationItem"), "what a navigation bar shows for this controller", of: ViewController.self,
                     get: { call, c in call.push(c.navigationItem) }),
            property("hidesBottomBarWhenPushed", .boolean(), "hide a tab bar below while this controller is pushed", \ViewController.hidesBottomBarWhenPushed),
            property("children", .list(.object("UIViewController")), "the child controllers (a container's, or those added with addChild)", of: ViewController.self,
                     get: { call, c in call.pushList(c.children) }),
            property("parent", .optional(.object("UIViewController")), "the container controller this one is a child of", of: ViewController.self,
                     get: { call, c in call.push(c.parent) }),
        ]
        cls.methods = [
            method("loadViewIfNeeded", [], "loads the view now", of: ViewController.self) { _, c in
                try c.loadViewIfNeeded(); return 0
            },
            method("addChild", .object("childController", ViewController.self),
                   doc: "adds a child (calls its willMoveToParent(self)); add its view, then call child:didMoveToParent(self)", of: ViewController.self) { call, c, child in
                try c.addChild(child); return 0
            },
            method("removeFromParent", [], "leaves the parent (call willMoveToParent(nil) first; this calls didMoveToParent(nil))", of: ViewController.self) { _, c in
                try c.removeFromParent(); return 0
            },
            method("willMoveToParent", .optional(.object("parent", ViewController.self)),
                   doc: "willMove(toParent:), UIKit's implementation (an override calls it as Class.super.willMoveToParent(self, parent))", of: ViewController.self) { call, c, parent in
                c.baseWillMove(toParent: parent); return 0
            },
            method("didMoveToParent", .optional(.object("parent", ViewController.self)),
                   doc: "didMove(toParent:), UIKit's implementation (an override calls it as Class.super.didMoveToParent(self, parent))", of: ViewController.self) { call, c, parent in
                c.baseDidMove(toParent: parent); return 0
            },
        ] + presentation.methods
        typealias H = Hook.ViewController
        let animated = [parameter("animated", .boolean)]
        cls.hooks = [
            hook(H.loadView, [], swift: "func loadView()", "makes the view; set self.view (UIKit's lifecycle)"),
            hook(H.viewDidLoad, [], swift: "func viewDidLoad()", "the view was loaded"),
            hook(H.viewWillLayoutSubviews, [], swift: "func viewWillLayoutSubviews()", "before the view lays out its subviews"),
            hook(H.viewDidLayoutSubviews, [], swift: "func viewDidLayoutSubviews()", "after the view laid out its subviews"),
            hook(H.viewWillAppear, animated, swift: "func viewWillAppear(_ animated: Bool)", "UIKit appearance hook"),
            hook(H.viewDidAppear, animated, swift: "func viewDidAppear(_ animated: Bool)", "UIKit appearance hook"),
            hook(H.viewWillDisappear, animated, swift: "func viewWillDisappear(_ animated: Bool)", "UIKit appearance hook"),
            hook(H.viewDidDisappear, animated, swift: "func viewDidDisappear(_ animated: Bool)", "UIKit appearance hook"),
            hook(H.viewWillTransitionToSize, [parameter("size", .value("CGSize")), parameter("coordinator", .any)],
                 swift: "func viewWillTransition(to size: CGSize, with coordinator: any UIViewControllerTransitionCoordinator)", "the screen is about to rotate"),
            hook(H.willMoveToParent, [parameter("parent", .optional(.object("UIViewController")))], swift: "func willMove(toParent parent: UIViewController?)",
                 "about to be added to a parent or removed (nil)"),
            hook(H.didMoveToParent, [parameter("parent", .optional(.object("UIViewController")))], swift: "func didMove(toParent parent: UIViewController?)",
                 "added to a parent or removed (nil)"),
        ]
        let layout = viewControllerLayoutMembers()
        cls.properties += layout.properties
        cls.methods += layout.methods
        cls.hooks += layout.hooks

        var screen = APIClass(name: "UIScreen", superclass: "NSObject", doc: "The device's screen (UIScreen.main, transit.screen).", isValue: false)
        screen.matches = { $0 is ScreenObject }
        screen.properties = [
            property("bounds", .value("CGRect"), "the screen in points, following the orientation", of: ScreenObject.self,
                     get: { call, s in call.push(s.world.screen.bounds) }),
            property("scale", .number, "pixels per point", of: ScreenObject.self,
                     get: { call, s in call.push(s.world.screen.scale) }),
            property("maximumFramesPerSecond", .integer, "the display's refresh rate (120 on the iPhone 15 Pro Max profile, else 60)", of: ScreenObject.self,
                     get: { call, s in lua_pushinteger(call.L, lua_Integer(s.world.device.maximumFramesPerSecond)) }),
        ]
        screen.constants = [("main", .object("UIScreen"), "the screen of the device profile", { call in call.push(call.runtime.screenObject) })]

        var device = APIClass(name: "UIDevice", superclass: "NSObject", doc: "The simulated device (UIDevice.current, transit.device).", isValue: false)
        device.matches = { $0 is DeviceObject }
        device.properties = [
            property("name", .string, "the profile name", of: DeviceObject.self, get: { call, d in call.push(d.world.device.name) }),
            property("systemVersion", .string, "the iOS version (--ios)", of: DeviceObject.self,
                     get: { call, d in call.push(formatNumber(d.world.systemVersion)) }),
            property("userInterfaceIdiom", .string, "\"phone\" or \"pad\"", of: DeviceObject.self,
                     get: { call, d in call.push(d.world.device.idiom.rawValue) }),
            property("orientation", .enumeration("UIDeviceOrientation"), "the current orientation", of: DeviceObject.self,
                     get: { call, d in call.push(d.world.orientation.rawValue) }),
        ]
        device.constants = [("current", .object("UIDevice"), "the simulated device", { call in call.push(call.runtime.deviceObject) })]

        return [cls, screen, device]
    }
}

/// UIScreen.main and UIDevice.current as objects, so their values follow rotation.
final class ScreenObject: HostObject {
    override class var className: String { "UIScreen" }
    override var traceName: String { "UIScreen" }
}

final class DeviceObject: HostObject {
    override class var className: String { "UIDevice" }
    override var traceName: String { "UIDevice" }
}

extension LuaRuntime {
    /// A protocol object: a host object as itself, a Lua table as a script object.
    func protocolObject(at index: Int32) -> AnyObject {
        if let object = object(at: index) { return object }
        return LuaValueReference(runtime: self, index: index)
    }
}
