import CLua
import TransitCore

// UITabBarController. Indices are Lua's: selectedIndex 1 is the first tab.

extension TransitAPI {
    static func tabBarClass() -> APIClass {
        var cls = APIClass(name: "UITabBarController", superclass: "UIViewController",
                           doc: "Tabs of sibling view controllers above a tab bar; switching tabs is a transition.", isValue: false)
        cls.isSubclassable = true
        cls.matches = { $0 is TabBarController }
        let options = OptionTable.properties(of: cls.name)
        cls.constructorParameters = [propertiesParameter(options, "viewControllers, selectedIndex, delegate, title")]
        cls.construct = { call in
            // viewControllers first: the other options (selectedIndex) refer to them.
            var controllers: [ViewController] = []
            if call.isTable(1), call.field(1, "viewControllers") {
                defer { transit_pop(call.L, 1) }
                controllers = try call.viewControllerList(at: lua_gettop(call.L), what: "option viewControllers")
            } else if call.isTable(1) {
                transit_pop(call.L, 1)
            }
            let tabs = try TabBarController(world: call.runtime.world, viewControllers: controllers)
            try call.applyOptions(1, to: tabs, options)
            return tabs
        }
        cls.properties = [
            property("viewControllers", .list(.object("UIViewController")), "the tabs, in order (a copy); setting keeps the selected one when it is still there", of: TabBarController.self,
                     get: { call, t in call.pushList(t.viewControllers) },
                     set: { call, t in try t.setViewControllers(try call.viewControllerList(at: call.index(1), what: "viewControllers")) }),
            property("selectedIndex", .integer(), "the selected tab, 1-based; setting it switches tabs through the delegate's animator", of: TabBarController.self,
                     get: { call, t in lua_pushinteger(call.L, lua_Integer(t.selectedIndex + 1)) },
                     set: { call, t, index in
                         guard index >= 1, index <= t.viewControllers.count else {
                             throw call.fail("must be between 1 and \(t.viewControllers.count), the number of tabs (got \(index))")
                         }
                         try t.select(index: index - 1)
                     }),
            property("selectedViewController", .optional(.object("UIViewController")), "the selected tab's controller; setting it switches tabs", of: TabBarController.self,
                     get: { call, t in call.push(t.selectedViewController) },
                     set: { call, t in try t.select(try call.object(1, ViewController.self)) }),
            property("tabBar", .object("UIView"), "the bar at the bottom (49 pt on iPhone plus the bottom safe area), one title per tab", of: TabBarController.self,
                     get: { call, t in _ = try t.loadViewIfNeeded(); call.push(t.tabBar) }),
            property("delegate", .optional(.protocolObject("", "UITabBarControllerDelegate")),
                     "animationControllerForTransitionFrom(tabBarController, from, to), interactionControllerFor(tabBarController, animator), shouldSelect(tabBarController, vc)",
                     of: TabBarController.self,
                     get: { call, t in call.push(t.delegate) },
                     set: { call, t, newValue in t.delegate = newValue }),
        ]
        return cls
    }
}

extension HostCall {
    /// A Lua list of view controllers at stack index `list`.
    func viewControllerList(at list: Int32, what: String) throws -> [ViewController] {
        guard lua_type(L, list) == LUA_TTABLE else {
            throw fail("\(what) must be a list of UIViewController (got \(runtime.typeDescription(at: list)))")
        }
        var result: [ViewController] = []
        for i in 0..<Int(lua_rawlen(L, list)) {
            lua_rawgeti(L, list, lua_Integer(i + 1))
            defer { transit_pop(L, 1) }
            guard let controller = runtime.object(at: lua_gettop(L)) as? ViewController else {
                throw fail("\(what): entry \(i + 1) must be a UIViewController (got \(runtime.typeDescription(at: -1)))")
            }
            result.append(controller)
        }
        return result
    }
}
