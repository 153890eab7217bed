import CLua
import TransitCore

// UINavigationController.

extension TransitAPI {
    static func navigationClass() -> APIClass {
        var cls = APIClass(name: "UINavigationController", superclass: "UIViewController",
                           doc: "A stack of view controllers with push and pop transitions.", isValue: false)
        cls.isSubclassable = true
        cls.matches = { $0 is NavigationController }
        cls.constructorParameters = [parameter("rootViewController", .object("UIViewController"))]
        cls.construct = { call in
            try NavigationController(world: call.runtime.world, root: try call.object(1, ViewController.self, "UIViewController"))
        }
        cls.properties = [
            property("viewControllers", .list(.object("UIViewController")), "the stack, bottom first (a copy)", of: NavigationController.self,
                     get: { call, n in call.pushList(n.viewControllers) }),
            property("topViewController", .optional(.object("UIViewController")), "the controller on top", of: NavigationController.self,
                     get: { call, n in call.push(n.topViewController) }),
            property("delegate", .optional(.protocol("UINavigationControllerDelegate")),
                     "animationControllerForOperation(nav, operation, from, to), interactionControllerFor(nav, animator)", of: NavigationController.self,
                     get: { call, n in call.push(n.delegate) },
                     set: { call, n in n.delegate = call.isNil(1) ? nil : call.runtime.protocolObject(at: call.index(1)) }),
            property("interactivePopGestureRecognizer", .optional(.object("UIGestureRecognizer")), "the built-in left-edge swipe that pops", of: NavigationController.self,
                     get: { call, n in _ = try n.loadViewIfNeeded(); call.push(n.interactivePopGestureRecognizer) }),
        ]
        cls.methods = [
            method("pushViewController", .object("viewController", ViewController.self, "UIViewController"), .boolean("animated"),
                   doc: "pushes (a transition starting now)", of: NavigationController.self) { call, n, viewController, animated in
                try n.pushViewController(viewController, animated: animated); return 0
            },
            method("popViewController", .boolean("animated"), returns: .optional(.object("UIViewController")),
                   doc: "pops the top controller", of: NavigationController.self) { call, n, animated in
                call.push(try n.popViewController(animated: animated)); return 1
            },
        ]
        return cls
    }
}
