// UITabBarController: sibling view controllers, one shown at a time above a tab bar; switching
// tabs (setting selectedIndex or selectedViewController, or tapping a tab) is a transition whose
// animator and interaction controller the delegate may supply, run by the same machinery as
// modal presentation and navigation (World.runAnimator, finishTransition).
//
// Decisions where UIKit does not document its behaviour (docs/semantics.md, "Tab bar
// controller"): the selection changes when the switch starts (Apple's Slide sample reads
// selectedIndex during the transition) and goes back when the transition is cancelled; a
// switch while another runs is an error, as a push during a push is; the tab bar is drawn as
// plain views (a bar with one title per tab) so renders show it.

public final class TabBarController: ViewController {
    public override class var className: String { "UITabBarController" }

    public private(set) var viewControllers: [ViewController] = []
    /// 0-based here; the Lua binding shows it 1-based (Lua's convention, docs/lua-api.md).
    public private(set) var selectedIndex = 0
    /// A script object with animationControllerForTransitionFrom / interactionControllerFor /
    /// shouldSelect.
    public var delegate: AnyObject?
    /// Holds the selected controller's view (the transition's container view), full screen
    /// under the tab bar as UIKit's transition view is.
    public private(set) var contentView: View?
    /// The bar at the bottom: one label per tab, the selected one tinted.
    public private(set) var tabBar: View!
    private(set) var tabLabels: [Label] = []
    var isTransitioning = false

    public init(world: World, viewControllers: [ViewController]) throws {
        super.init(world: world)
        try setViewControllers(viewControllers)
    }

    public override var traceName: String { title.map { "UITabBarController \"\($0)\"" } ?? "UITabBarController" }

    public var selectedViewController: ViewController? {
        viewControllers.indices.contains(selectedIndex) ? viewControllers[selectedIndex] : nil
    }

    /// UIKit's tab bar height: 49 pt on iPhone in portrait, 32 pt in compact height (iPhone
    /// landscape), 50 pt on iPad; the bar extends under the bottom safe area.
    public var tabBarHeight: Double {
        if world.device.idiom == .pad { return 50 }
        return world.screen.verticalSizeClass == .compact ? 32 : 49
    }

    /// The bottom safe-area inset of the screen: 34 pt on an iPhone with a home indicator in
    /// portrait (21 in landscape), 20 pt on an iPad without a home button, 0 on an iPhone with one
    /// (iPhone SE). Decided from the device's height: Face ID iPhones are at least 812 pt tall.
    public var bottomSafeAreaInset: Double {
        let device = world.device
        if device.idiom == .pad { return 20 }
        guard max(device.size.width, device.size.height) >= 812 else { return 0 }
        return world.orientation.isLandscape ? 21 : 34
    }

    /// `viewControllers = {...}`: the tabs. As UIKit documents, the previously selected
    /// controller stays selected when it is still there, else the one at the same index, else
    /// the first.
    public func setViewControllers(_ controllers: [ViewController]) throws {
        guard !isTransitioning else { throw ModelUsageError.containment("viewControllers set while a tab transition is running; wait for it to end") }
        for (index, controller) in controllers.enumerated() {
            guard !(controller is TabBarController) else {
                throw ModelUsageError.containment("a tab bar controller cannot be a tab of another one")
            }
            guard !controllers[..<index].contains(where: { $0 === controller }) else {
                throw ModelUsageError.containment("\(controller.traceName) is in viewControllers twice")
            }
            guard controller.parent == nil || controller.parent === self else {
                throw ModelUsageError.containment("\(controller.traceName) already has a parent")
            }
            guard controller !== world.window.rootViewController, controller.presentingViewController == nil else {
                throw ModelUsageError.containment("\(controller.traceName) is already on screen (the window's root or presented)")
            }
        }
        let old = selectedViewController, oldIndex = selectedIndex
        for controller in viewControllers where !controllers.contains(where: { $0 === controller }) {
            controller.parent = nil
            controller.viewIfLoaded?.removeFromSuperview()
        }
        viewControllers = controllers
        for controller in controllers { controller.parent = self }
        if let old, let kept = controllers.firstIndex(where: { $0 === old }) {
            selectedIndex = kept
        } else {
            selectedIndex = controllers.indices.contains(oldIndex) ? oldIndex : 0
        }
        if isViewLoaded {
            if let old, old !== selectedViewController { old.viewIfLoaded?.removeFromSuperview() }
            try showSelectedView()
            try rebuildTabBar()
        }
    }

    // MARK: - The view: content, then the tab bar above it

    override func makeDefaultView() throws -> View {
        let view = TabBarControllerView(world: world, frame: world.screen.bounds)
        view.owner = self
        world.withoutAnimation { view.backgroundColor = Color(white: 1) }
        let content = ContainerView(world: world, frame: view.bounds)
        content.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        content.name = "tab content"
        try view.addSubview(content)
        contentView = content
        let bar = View(world: world, frame: tabBarFrame(in: view.bounds))
        bar.name = "tabBar"
        world.withoutAnimation { bar.backgroundColor = Color(red: 249.0 / 255, green: 249.0 / 255, blue: 249.0 / 255, alpha: 0.94) }
        let hairline = View(world: world, frame: Rect(x: 0, y: 0, width: view.bounds.width, height: 1.0 / world.screen.scale))
        hairline.name = "tabBar separator"
        hairline.autoresizingMask = [.flexibleWidth]
        world.withoutAnimation { hairline.backgroundColor = Color(red: 0, green: 0, blue: 0, alpha: 0.3) }
        try bar.addSubview(hairline)
        try view.addSubview(bar)
        tabBar = bar
        // A tap on the bar selects the tab under the finger, as a user's tap does.
        let tap = GestureRecognizer.make(world: world, kind: .tap)
        tap.action = { [weak self] recognizer in try self?.handleTabTap(recognizer) }
        bar.addGestureRecognizer(tap)
        try showSelectedView()
        try rebuildTabBar()
        return view
    }

    /// The bar's frame at the bottom of `bounds`: UIKit's height for the current size class
    /// plus the bottom safe area.
    func tabBarFrame(in bounds: Rect) -> Rect {
        let height = tabBarHeight + bottomSafeAreaInset
        return Rect(x: 0, y: bounds.height - height, width: bounds.width, height: height)
    }

    /// Layout of the tab bar controller's view (a rotation changes the bar's height): the bar
    /// at the bottom, its titles in equal slots.
    func layoutTabBar() {
        guard let view = viewIfLoaded, let tabBar else { return }
        world.withoutAnimation { tabBar.frame = tabBarFrame(in: view.bounds) }
        let width = tabBar.bounds.width / Double(max(1, tabLabels.count))
        for (index, label) in tabLabels.enumerated() {
            world.withoutAnimation { label.frame = Rect(x: Double(index) * width, y: 0, width: width, height: tabBarHeight) }
        }
    }

    private func showSelectedView() throws {
        guard let contentView, let selected = selectedViewController else { return }
        let view = try selected.loadViewIfNeeded()
        world.withoutAnimation { view.frame = contentView.bounds }
        view.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        if view.superview !== contentView { try contentView.addSubview(view) }
    }

    /// One title per tab in equal slots across the top `tabBarHeight` points of the bar.
    private func rebuildTabBar() throws {
        guard let tabBar else { return }
        for label in tabLabels { label.removeFromSuperview() }
        tabLabels = []
        let count = max(1, viewControllers.count)
        let width = tabBar.bounds.width / Double(count)
        for (index, controller) in viewControllers.enumerated() {
            let label = Label(world: world, frame: Rect(x: Double(index) * width, y: 0, width: width, height: tabBarHeight))
            label.name = "tab \(index + 1)"
            label.text = controller.title ?? "Tab \(index + 1)"
            label.fontSize = 10
            label.fontWeight = .medium
            label.textAlignment = .center
            try tabBar.addSubview(label)
            tabLabels.append(label)
        }
        tintSelectedTab()
    }

    private func tintSelectedTab() {
        world.withoutAnimation {
            for (index, label) in tabLabels.enumerated() {
                label.textColor = index == selectedIndex
                    ? Color(red: 0, green: 122.0 / 255, blue: 1)
                    : Color(red: 153.0 / 255, green: 153.0 / 255, blue: 153.0 / 255)
            }
        }
    }

    public override func beginAppearance(appearing: Bool, animated: Bool) throws {
        try super.beginAppearance(appearing: appearing, animated: animated)
        try selectedViewController?.beginAppearance(appearing: appearing, animated: animated)
    }

    public override func endAppearance(animated: Bool = false) throws {
        try super.endAppearance(animated: animated)
        try selectedViewController?.endAppearance(animated: animated)
    }

    // MARK: - Selection

    /// `selectedIndex = i` (0-based): switches tabs through the delegate's animator, if any.
    public func select(index: Int) throws {
        guard viewControllers.indices.contains(index) else {
            throw ModelUsageError.containment("selectedIndex \(index + 1) is out of range: the tab bar controller has \(viewControllers.count) tab(s)")
        }
        try select(viewControllers[index])
    }

    /// `selectedViewController = vc`: vc must be one of the tabs.
    public func select(_ controller: ViewController) throws {
        guard let index = viewControllers.firstIndex(where: { $0 === controller }) else {
            throw ModelUsageError.containment("\(controller.traceName) is not one of the tab bar controller's viewControllers")
        }
        guard index != selectedIndex else { return }
        guard !isTransitioning else {
            throw ModelUsageError.containment("tab switch while a tab transition is running; wait for it to end (UIKit's transitionCoordinator is non-nil then)")
        }
        guard isViewLoaded else { selectedIndex = index; return }
        try startTabSwitch(from: selectedIndex, to: index)
    }

    /// A tap on the tab bar: asks the delegate's shouldSelect, then selects.
    private func handleTabTap(_ recognizer: GestureRecognizer) throws {
        guard recognizer.state == .ended, let tabBar, !viewControllers.isEmpty, !isTransitioning else { return }
        let x = recognizer.location(in: tabBar).x
        let index = min(viewControllers.count - 1, max(0, Int(saturating: x / (tabBar.bounds.width / Double(viewControllers.count)))))
        let controller = viewControllers[index]
        if let delegate, let answer = try world.callIfImplemented(delegate, Hook.TabBarControllerDelegate.shouldSelect,
                                                                     [.object(self), .object(controller)]) {
            guard case .boolean(let allowed) = answer else {
                throw world.hookError(delegate, Hook.TabBarControllerDelegate.shouldSelect, "shouldSelect must return true or false (got \(answer.traceDescription))")
            }
            if !allowed { return }
        }
        world.traceEvent(traceName, "tap", [controller.traceName])
        try select(controller)
    }

    /// The switch: animator from the delegate (none: the views swap at once, as UIKit does
    /// without an animator), interaction controller only when there is an animator, then the
    /// transition runs right away (like a push, unlike a modal presentation).
    private func startTabSwitch(from fromIndex: Int, to toIndex: Int) throws {
        let from = viewControllers[fromIndex], to = viewControllers[toIndex]
        world.traceEvent(traceName, "select", [to.traceName])
        isTransitioning = true
        selectedIndex = toIndex
        tintSelectedTab()
        var animator: AnyObject?
        if let delegate {
            animator = try world.protocolResult(
                try world.callIfImplemented(delegate, Hook.TabBarControllerDelegate.animationControllerForTransitionFrom,
                                            [.object(self), .object(from), .object(to)]),
                from: delegate, Hook.TabBarControllerDelegate.animationControllerForTransitionFrom, "an animator")
        }
        var interaction: AnyObject?
        if let animator, let delegate {
            interaction = try world.interactionResult(
                try world.callIfImplemented(delegate, Hook.TabBarControllerDelegate.interactionControllerFor, [.object(self), .object(animator)]),
                from: delegate, Hook.TabBarControllerDelegate.interactionControllerFor)
        }
        guard let contentView else { throw ModelUsageError.containment("\(ViewController.replacedViewMessage("UITabBarController", "switch tabs"))") }
        try world.runContainerTransition(.tabSwitch, from: from, to: to, presented: to, presenting: from, contentView: contentView,
                                         animator: animator, interaction: interaction, animated: animator != nil) { transition in
            transition.tabBarController = self
            activeTransition = transition
        }
    }

    /// Completion of a switch: the kept controller's view fills the content view, the other
    /// leaves; a cancelled switch selects the old tab again.
    func tabSwitchDidFinish(_ transition: Transition, completed: Bool) throws {
        isTransitioning = false
        activeTransition = nil
        let from = transition.fromViewController
        if let contentView { try world.settleContainerViews(transition, completed: completed, in: contentView) }
        if !completed, let index = viewControllers.firstIndex(where: { $0 === from }) {
            selectedIndex = index
            tintSelectedTab()
        }
    }
}

/// The tab bar controller's own view: UIKit's layoutSubviews places the tab bar.
final class TabBarControllerView: View {
    weak var owner: TabBarController?
    override func layoutSubviews() throws { try super.layoutSubviews(); owner?.layoutTabBar() }
}

extension ViewController {
    /// The nearest tab bar controller among the parents.
    public var tabBarController: TabBarController? {
        var current = parent
        while let controller = current {
            if let tabs = controller as? TabBarController { return tabs }
            current = controller.parent
        }
        return nil
    }
}

extension World {
    func finishTabSwitch(_ transition: Transition, completed: Bool) throws {
        guard let tabs = transition.tabBarController else { return }
        try tabs.tabSwitchDidFinish(transition, completed: completed)
    }
}
