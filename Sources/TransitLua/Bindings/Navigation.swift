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
            try NavigationController(world: call.runtime.world, root: try call.object(1, ViewController.self))
        }
        cls.properties = [
            property("viewControllers", .list(.object("UIViewController")), "the stack, bottom first (a copy); setting it is setViewControllers(list, false)", of: NavigationController.self,
                     get: { call, n in call.pushList(n.viewControllers) },
                     set: { call, n in try n.setViewControllers(try call.viewControllerList(at: call.index(1), what: "viewControllers"), animated: false) }),
            property("navigationBar", .object("UINavigationBar"), "the bar over the top controller's view: its title and back button", of: NavigationController.self,
                     get: { call, n in _ = try n.loadViewIfNeeded(); call.push(n.navigationBar) }),
            property("isNavigationBarHidden", .boolean(), "whether the bar is hidden (setting it: setNavigationBarHidden(hidden, false))", of: NavigationController.self,
                     get: { call, n in call.push(n.isNavigationBarHidden) },
                     set: { call, n, hidden in try n.setNavigationBarHidden(hidden, animated: false) }),
            property("topViewController", .optional(.object("UIViewController")), "the controller on top", of: NavigationController.self,
                     get: { call, n in call.push(n.topViewController) }),
            property("delegate", .optional(.protocolObject("", "UINavigationControllerDelegate")),
                     "animationControllerForOperation(nav, operation, from, to), interactionControllerFor(nav, animator), willShow(nav, vc, animated), didShow(nav, vc, animated)", of: NavigationController.self,
                     get: { call, n in call.push(n.delegate) },
                     set: { call, n, newValue in n.delegate = newValue }),
            property("interactivePopGestureRecognizer", .optional(.object("UIGestureRecognizer")), "the built-in left-edge swipe that pops", of: NavigationController.self,
                     get: { call, n in _ = try n.loadViewIfNeeded(); call.push(n.interactivePopGestureRecognizer) }),
        ]
        cls.methods = [
            method("pushViewController", .object("viewController", ViewController.self), .boolean("animated"),
                   doc: "pushes (a transition starting now)", of: NavigationController.self) { call, n, viewController, animated in
                try n.pushViewController(viewController, animated: animated); return 0
            },
            method("popViewController", .boolean("animated"), returns: .optional(.object("UIViewController")),
                   doc: "pops the top controller", of: NavigationController.self) { call, n, animated in
                call.push(try n.popViewController(animated: animated)); return 1
            },
            method("popToRootViewController", .boolean("animated"), returns: .list(.object("UIViewController")),
                   doc: "pops every controller above the root in one transition; returns them", of: NavigationController.self) { call, n, animated in
                call.pushList(try n.popToRootViewController(animated: animated)); return 1
            },
            method("popToViewController", .object("viewController", ViewController.self), .boolean("animated"),
                   returns: .list(.object("UIViewController")),
                   doc: "pops every controller above one in the stack in one transition; returns them", of: NavigationController.self) { call, n, viewController, animated in
                call.pushList(try n.popToViewController(viewController, animated: animated)); return 1
            },
            method("setViewControllers", .checked("viewControllers", .list(.object("UIViewController"))), .boolean("animated"),
                   doc: "replaces the stack; a new top is pushed (or popped to, when it was below) with a transition", of: NavigationController.self) { call, n, _, animated in
                try n.setViewControllers(try call.viewControllerList(at: call.index(1), what: "viewControllers"), animated: animated); return 0
            },
            method("setNavigationBarHidden", .boolean("hidden"), .boolean("animated"),
                   doc: "hides or shows the bar (sliding over 0.2 s when animated)", of: NavigationController.self) { call, n, hidden, animated in
                try n.setNavigationBarHidden(hidden, animated: animated); return 0
            },
        ]
        return cls
    }

    static func navigationBarClasses() -> [APIClass] {
        var bar = APIClass(name: "UINavigationBar", superclass: "UIView", doc: "The bar of a navigation controller (navigationController.navigationBar).", isValue: false)
        bar.matches = { $0 is NavigationBar }
        bar.properties = [
            property("topItem", .optional(.object("UINavigationItem")), "the item of the controller on top", of: NavigationBar.self,
                     get: { call, b in call.push(b.topItem) }),
            property("backItem", .optional(.object("UINavigationItem")), "the item below the top one", of: NavigationBar.self,
                     get: { call, b in call.push(b.backItem) }),
        ]
        var item = APIClass(name: "UINavigationItem", superclass: "NSObject", doc: "What the bar shows for a view controller (viewController.navigationItem).", isValue: false)
        item.matches = { $0 is NavigationItem }
        item.properties = [
            property("title", .optional(.string()), "the title (nil: the controller's title)", \NavigationItem.title),
            property("backButtonTitle", .optional(.string()), "the back button's title on the screen above (nil: this title, else \"Back\")", \NavigationItem.backButtonTitle),
            property("hidesBackButton", .boolean(), "hides the back button while this item is on top", \NavigationItem.hidesBackButton),
        ]
        return [bar, item]
    }
}
