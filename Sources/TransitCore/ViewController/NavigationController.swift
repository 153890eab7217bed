// UINavigationController: a stack of view controllers whose pushes and pops are transitions
// (its delegate may supply the animator and interaction controller), with UIKit's interactive
// edge-swipe pop when the delegate does not take over.

public enum NavigationOperation: String, Sendable { case push, pop }

public final class NavigationController: ViewController {
    public override class var className: String { "UINavigationController" }

    public private(set) var viewControllers: [ViewController] = []
    /// A script object or model object with animationControllerForOperation / interactionControllerFor.
    public var delegate: AnyObject?
    /// The container the top controller's view lives in (the transition's container view).
    public private(set) var contentView: View?
    var isTransitioning = false
    /// The interaction controller the built-in edge-swipe pop drives, while it does.
    var edgeSwipeInteraction: PercentDrivenInteractiveTransition?
    public private(set) var interactivePopGestureRecognizer: GestureRecognizer!
    /// The bar over the top controller's view, made with the view (NavigationBar.swift).
    public private(set) var navigationBar: NavigationBar!
    /// isNavigationBarHidden (UIKit's default: shown).
    public private(set) var isNavigationBarHidden = false
    /// The stack a pop-like change (pop, popTo, a setViewControllers to a controller already
    /// below) leaves once it completes; until then the controller leaving stays on top, as
    /// the animator sees it.
    private var stackAfterTransition: [ViewController]?
    /// The stack to put back when a push-like change is cancelled.
    private var stackBeforeTransition: [ViewController]?

    public init(world: World, root: ViewController) throws {
        guard !(root is NavigationController) else {
            throw ModelUsageError.containment("a navigation controller cannot be the root of another one")
        }
        guard root.parent == nil else { throw ModelUsageError.containment("\(root.traceName) already has a parent") }
        super.init(world: world)
        // Apple (definesPresentationContext): "Some system-provided view controllers, such as
        // UINavigationController, change the default value to true."
        definesPresentationContext = true
        viewControllers = [root]
        root.parent = self
    }

    public override var traceName: String { title.map { "UINavigationController \"\($0)\"" } ?? "UINavigationController" }

    public var topViewController: ViewController? { viewControllers.last }

    /// The navigation controller's view holds a content view with the top controller's view,
    /// and the navigation bar above it.
    override func makeDefaultView() throws -> View {
        let view = NavigationControllerView(world: world, frame: world.screen.bounds)
        view.owner = self
        world.withoutAnimation { view.backgroundColor = Color(white: 1) }
        let content = ContainerView(world: world, frame: view.bounds)
        content.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        content.name = "navigation content"
        try view.addSubview(content)
        contentView = content
        if let top = topViewController {
            let topView = try top.loadViewIfNeeded()
            world.withoutAnimation { topView.frame = content.bounds }
            topView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
            try content.addSubview(topView)
        }
        let bar = NavigationBar(world: world, navigationController: self)
        navigationBar = bar
        try view.addSubview(bar)
        layoutNavigationBar()
        bar.itemsChanged()
        let edgePan = ScreenEdgePanGestureRecognizer(world: world, kind: .screenEdgePan)
        edgePan.edges = .left
        edgePan.action = { [weak self] recognizer in try self?.handleEdgeSwipe(recognizer) }
        view.addGestureRecognizer(edgePan)
        interactivePopGestureRecognizer = edgePan
        return view
    }

    public override func beginAppearance(appearing: Bool, animated: Bool) throws {
        try super.beginAppearance(appearing: appearing, animated: animated)
        try topViewController?.beginAppearance(appearing: appearing, animated: animated)
    }

    public override func endAppearance(animated: Bool = false) throws {
        try super.endAppearance(animated: animated)
        try topViewController?.endAppearance(animated: animated)
    }

    // MARK: - Push and pop

    public func pushViewController(_ controller: ViewController, animated: Bool) throws {
        guard !(controller is NavigationController) else {
            throw ModelUsageError.containment("pushing a navigation controller is not supported (UIKit raises here too); push its root view controller")
        }
        guard controller !== world.window.rootViewController, controller.presentingViewController == nil else {
            throw ModelUsageError.containment("\(controller.traceName) is already on screen (the window's root or presented); push a controller that is not shown yet")
        }
        guard !viewControllers.contains(where: { $0 === controller }) else {
            throw ModelUsageError.containment("\(controller.traceName) is already in the navigation stack")
        }
        guard controller.parent == nil else { throw ModelUsageError.containment("\(controller.traceName) already has a parent") }
        guard !isTransitioning else { throw ModelUsageError.containment("push while a navigation transition is running; wait for it to end") }
        try loadViewIfNeeded()
        let from = topViewController!
        stackBeforeTransition = viewControllers
        viewControllers.append(controller)
        controller.parent = self
        world.traceEvent(traceName, "push", [controller.traceName])
        try startNavigation(.push, upper: controller, lower: from, animated: animated)
    }

    /// popToRootViewController(animated:): the controllers popped, top last (empty at the root).
    @discardableResult
    public func popToRootViewController(animated: Bool) throws -> [ViewController] {
        guard let root = viewControllers.first else { return [] }
        return try popToViewController(root, animated: animated)
    }

    /// popToViewController(_:animated:): pops every controller above `controller` in one
    /// transition from the top to it (UIKit raises for one not in the stack).
    @discardableResult
    public func popToViewController(_ controller: ViewController, animated: Bool) throws -> [ViewController] {
        guard let index = viewControllers.firstIndex(where: { $0 === controller }) else {
            throw ModelUsageError.containment("\(controller.traceName) is not in the navigation stack (UIKit raises: \"Tried to pop to a view controller that doesn't exist\")")
        }
        guard index < viewControllers.count - 1 else { return [] }
        guard !isTransitioning else { throw ModelUsageError.containment("pop while a navigation transition is running; wait for it to end") }
        let popped = Array(viewControllers[(index + 1)...])
        let upper = viewControllers[viewControllers.count - 1]
        world.traceEvent(traceName, "popTo", [controller.traceName])
        stackAfterTransition = Array(viewControllers[...index])
        try startNavigation(.pop, upper: upper, lower: controller, animated: animated)
        return popped
    }

    /// setViewControllers(_:animated:) (and `viewControllers = {...}`, not animated): the new
    /// stack. When its top is a different controller the change is a push (a top not in the old
    /// stack) or a pop (one already below), animated as UIKit animates those.
    public func setViewControllers(_ controllers: [ViewController], animated: Bool) throws {
        guard !controllers.isEmpty else { throw ModelUsageError.containment("setViewControllers: the stack needs at least one view controller") }
        for (index, controller) in controllers.enumerated() {
            guard !(controller is NavigationController) else { throw ModelUsageError.containment("setViewControllers: entry \(index + 1) is a navigation controller (UIKit raises)") }
            guard !controllers[..<index].contains(where: { $0 === controller }) else {
                throw ModelUsageError.containment("setViewControllers: \(controller.traceName) is in the list twice")
            }
            guard controller.parent == nil || controller.parent === self else { throw ModelUsageError.containment("setViewControllers: \(controller.traceName) already has a parent") }
            guard controller !== world.window.rootViewController, controller.presentingViewController == nil else {
                throw ModelUsageError.containment("setViewControllers: \(controller.traceName) is already on screen (the window's root or presented)")
            }
        }
        guard !isTransitioning else { throw ModelUsageError.containment("setViewControllers while a navigation transition is running; wait for it to end") }
        let oldTop = topViewController!, newTop = controllers.last!
        world.traceEvent(traceName, "setViewControllers", controllers.map(\.traceName))
        guard isViewLoaded, oldTop !== newTop else {
            if oldTop !== newTop { oldTop.viewIfLoaded?.removeFromSuperview() }
            replaceStack(with: controllers)
            if isViewLoaded { try showTopWithoutTransition() }
            navigationBar?.itemsChanged()
            return
        }
        if viewControllers.contains(where: { $0 === newTop }) {
            stackAfterTransition = controllers
            try startNavigation(.pop, upper: oldTop, lower: newTop, animated: animated)
        } else {
            stackBeforeTransition = viewControllers
            replaceStack(with: controllers)
            try startNavigation(.push, upper: newTop, lower: oldTop, animated: animated)
        }
    }

    /// The stack becomes `controllers`: those leaving it lose their parent, those joining get it.
    private func replaceStack(with controllers: [ViewController]) {
        for old in viewControllers where !controllers.contains(where: { $0 === old }) { old.parent = nil }
        for new in controllers { new.parent = self }
        viewControllers = controllers
    }

    /// The top controller's view in the content view, filling it (a change made without a
    /// transition).
    private func showTopWithoutTransition() throws {
        guard let contentView, let top = topViewController else { return }
        let view = try top.loadViewIfNeeded()
        world.withoutAnimation { view.frame = contentView.bounds }
        view.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        if view.superview !== contentView { try contentView.addSubview(view) }
    }

    // MARK: - The bar

    /// setNavigationBarHidden(_:animated:): the bar slides up out of view (or back down) over
    /// UINavigationControllerHideShowBarDuration, and the content's safe area follows.
    public func setNavigationBarHidden(_ hidden: Bool, animated: Bool) throws {
        guard hidden != isNavigationBarHidden else { return }
        isNavigationBarHidden = hidden
        world.traceEvent(traceName, "setNavigationBarHidden", [hidden ? "true" : "false"] + (animated ? ["animated"] : []))
        guard let bar = navigationBar, let view = viewIfLoaded else { return }
        if hidden {
            if animated {
                try world.animate(duration: NavigationBar.hideShowDuration, animations: { bar.frame = hiddenBarFrame(in: view) },
                                  completion: { [weak self] _ in if self?.isNavigationBarHidden == true { bar.isHidden = true } })
            } else {
                bar.isHidden = true
            }
        } else {
            bar.isHidden = false
            if animated {
                world.withoutAnimation { bar.frame = hiddenBarFrame(in: view) }
                try world.animate(duration: NavigationBar.hideShowDuration, animations: { bar.frame = shownBarFrame(in: view) })
            }
        }
        updateContentBarInsets()
        if !animated { layoutNavigationBar() }
    }

    /// Where the bar sits: under the status bar (the view's top safe area), full width.
    func shownBarFrame(in view: View) -> Rect {
        let top = view.safeAreaInsets.top
        return Rect(x: 0, y: top, width: view.bounds.width, height: navigationBar.barHeight)
    }

    /// Above the top edge, background and all.
    func hiddenBarFrame(in view: View) -> Rect {
        shownBarFrame(in: view).offsetBy(dx: 0, dy: -(view.safeAreaInsets.top + navigationBar.barHeight))
    }

    /// The bar's frame and the content's safe area for the current size (a rotation changes both).
    func layoutNavigationBar() {
        guard let view = viewIfLoaded, let bar = navigationBar else { return }
        if !isNavigationBarHidden { world.withoutAnimation { bar.frame = shownBarFrame(in: view) } }
        updateContentBarInsets()
    }

    /// The content view's safe area grows by the bar's height while the bar shows (UIKit puts
    /// the top controller's view under the bar and moves its safe area below it).
    private func updateContentBarInsets() {
        guard let contentView, let bar = navigationBar else { return }
        let insets = EdgeInsets(top: isNavigationBarHidden ? 0 : bar.barHeight, left: 0, bottom: 0, right: 0)
        guard contentView.layoutState.barInsets != insets else { return }
        contentView.layoutState.barInsets = insets
        contentView.setNeedsLayout()
        for subview in contentView.subviews { subview.setNeedsLayout() }
    }

    /// Whether the tab bar below should hide with this stack: when any controller in it asks
    /// (UIKit keeps the bar hidden above the first that sets hidesBottomBarWhenPushed).
    func stackHidesBottomBar(_ stack: [ViewController]) -> Bool {
        stack.dropFirst().contains { $0.hidesBottomBarWhenPushed }
    }

    @discardableResult
    public func popViewController(animated: Bool) throws -> ViewController? {
        guard viewControllers.count > 1 else { return nil }
        guard !isTransitioning else { throw ModelUsageError.containment("pop while a navigation transition is running; wait for it to end") }
        let upper = viewControllers[viewControllers.count - 1], lower = viewControllers[viewControllers.count - 2]
        world.traceEvent(traceName, "pop", [upper.traceName])
        stackAfterTransition = Array(viewControllers.dropLast())
        try startNavigation(.pop, upper: upper, lower: lower, animated: animated)
        return upper
    }

    /// UIKit runs navigation transitions right away in the call (unlike modal presentation).
    private func startNavigation(_ operation: NavigationOperation, upper: ViewController, lower: ViewController, animated: Bool) throws {
        isTransitioning = true
        let from = operation == .push ? lower : upper, to = operation == .push ? upper : lower
        // The pushed controller moves to its parent, the popped one from it, until the
        // transition ends (finishTransition clears both).
        if operation == .push { upper.isMovingToParent = true } else { upper.isMovingFromParent = true }
        var animator: AnyObject?
        if let delegate {
            animator = try world.protocolResult(
                try world.callIfImplemented(delegate, Hook.NavigationDelegate.animationControllerForOperation,
                                            [.object(self), .string(operation.rawValue), .object(from), .object(to)]),
                from: delegate, Hook.NavigationDelegate.animationControllerForOperation, "an animator")
        }
        let usesSystemAnimation = animator == nil
        // iOS 18's zoom, when the upper controller prefers it and the delegate gives no animator.
        var zooms = false
        if animator == nil && animated && upper.prefersZoomTransition {
            animator = try world.systemStyles?.zoomAnimator(zoomed: upper, source: lower, zoomingIn: operation == .push)
            zooms = animator != nil
        }
        if animator == nil && animated { animator = try world.systemStyles?.navigationAnimator() }
        var interaction: AnyObject?
        if let animator {
            if let delegate {
                interaction = try world.interactionResult(
                    try world.callIfImplemented(delegate, Hook.NavigationDelegate.interactionControllerFor, [.object(self), .object(animator)]),
                    from: delegate, Hook.NavigationDelegate.interactionControllerFor)
            }
            // The zoom's own drag and pinch (its animator answers the dismissal hook for a pop
            // too: zoom.lua's one entry); else the edge swipe, which drives a zoom out as well.
            if interaction == nil && zooms && operation == .pop {
                interaction = try world.interactionResult(
                    try world.callIfImplemented(animator, Hook.TransitioningDelegate.interactionControllerForDismissal, [.object(animator)]),
                    from: animator, Hook.TransitioningDelegate.interactionControllerForDismissal)
            }
            if interaction == nil && usesSystemAnimation && operation == .pop { interaction = edgeSwipeInteraction }
        }
        guard let contentView else { throw ModelUsageError.containment("\(Self.replacedViewMessage("UINavigationController", "push or pop"))") }
        let stackAfter = stackAfterTransition ?? viewControllers
        let below = stackAfter.count > 1 ? stackAfter[stackAfter.count - 2] : nil
        let tabs = tabBarController
        let hidesBottomBarBefore = stackHidesBottomBar(stackBeforeTransition ?? viewControllers)
        let hidesBottomBarAfter = stackHidesBottomBar(stackAfter)
        try world.runContainerTransition(operation == .push ? .push : .pop, from: from, to: to, presented: upper, presenting: lower,
                                         contentView: contentView, animator: animator, interaction: interaction,
                                         animated: animated && animator != nil, configure: { transition in
            transition.navigationController = self
            activeTransition = transition
            // The bar (and a tab bar that hides or shows) move alongside the transition, so
            // an interactive pop scrubs them and a cancel puts them back.
            let bar = navigationBar
            let tabBar = hidesBottomBarBefore != hidesBottomBarAfter ? tabs?.tabBar : nil
            if let tabBar, !hidesBottomBarAfter { tabBar.isHidden = false }
            let animation: (TransitionCoordinator) throws -> Void = { [weak self] _ in
                guard let self else { return }
                if let bar, !self.isNavigationBarHidden {
                    try bar.animateTransition(push: operation == .push, to: to.navigationItem, below: below?.navigationItem)
                }
                if let tabBar {
                    // Out to the left with the screen that leaves in a push, back from the
                    // left with the one that returns in a pop.
                    let width = tabBar.bounds.width
                    if hidesBottomBarAfter {
                        tabBar.frame = tabBar.frame.offsetBy(dx: -width, dy: 0)
                    } else {
                        self.world.withoutAnimation { tabBar.frame = tabBar.frame.offsetBy(dx: -width, dy: 0) }
                        tabBar.frame = tabBar.frame.offsetBy(dx: width, dy: 0)
                    }
                }
            }
            let completion: (TransitionCoordinator) throws -> Void = { [weak transition] _ in
                let completed = !(transition?.transitionWasCancelled ?? false)
                bar?.finishTransition(completed: completed)
                if let tabBar, let tabs {
                    tabs.layoutTabBar()
                    tabBar.isHidden = completed ? hidesBottomBarAfter : hidesBottomBarBefore
                }
            }
            transition.alongside.append((animation: animation, completion: completion))
        }, beforeAnimation: { [weak self] in
            guard let self, let delegate = self.delegate else { return }
            _ = try self.world.callIfImplemented(delegate, Hook.NavigationDelegate.willShow, [.object(self), .object(to), .boolean(animated)])
        })
    }

    /// Completion of a push or pop: the from view leaves (or, cancelled, the to view) and the
    /// stack settles.
    func navigationDidFinish(_ transition: Transition, completed: Bool) throws {
        isTransitioning = false
        activeTransition = nil
        if let contentView { try world.settleContainerViews(transition, completed: completed, in: contentView) }
        let before = stackBeforeTransition, after = stackAfterTransition
        stackBeforeTransition = nil
        stackAfterTransition = nil
        if completed, let after { replaceStack(with: after) }
        if !completed, let before { replaceStack(with: before) }
        navigationBar?.itemsChanged()
    }

    /// navigationController(_:didShow:animated:), once the controllers' did-appearance
    /// callbacks ran (UIKit tells the delegate after viewDidAppear).
    func tellDelegateDidShow(_ transition: Transition) throws {
        guard let delegate, let top = topViewController else { return }
        _ = try world.callIfImplemented(delegate, Hook.NavigationDelegate.didShow, [.object(self), .object(top), .boolean(transition.isAnimated)])
    }

    // MARK: - Interactive pop

    /// The built-in edge swipe: begins a pop driven by the finger; finishes past half way.
    private func handleEdgeSwipe(_ recognizer: GestureRecognizer) throws {
        guard let view = viewIfLoaded, let recognizer = recognizer as? PanGestureRecognizer else { return }
        let progress = min(1, max(0, recognizer.translation(in: view).x / max(1, view.bounds.width)))
        switch recognizer.state {
        case .began:
            guard viewControllers.count > 1, !isTransitioning else { return }
            edgeSwipeInteraction = PercentDrivenInteractiveTransition(world: world)
            try popViewController(animated: true)
            if activeTransition?.interactionController !== edgeSwipeInteraction { edgeSwipeInteraction = nil }
        case .changed:
            try edgeSwipeInteraction?.update(progress)
        case .ended:
            let velocity = recognizer.velocity(in: view).x
            if progress > 0.5 || velocity > 300 { try edgeSwipeInteraction?.finish() } else { try edgeSwipeInteraction?.cancel() }
            edgeSwipeInteraction = nil
        case .cancelled, .failed:
            try edgeSwipeInteraction?.cancel()
            edgeSwipeInteraction = nil
        default: break
        }
    }
}

extension ViewController {
    /// The nearest navigation controller among the parents.
    public var navigationController: NavigationController? {
        var current = parent
        while let controller = current {
            if let navigation = controller as? NavigationController { return navigation }
            current = controller.parent
        }
        return nil
    }
}

extension World {
    func finishNavigation(_ transition: Transition, completed: Bool) throws {
        guard let navigation = transition.navigationController else { return }
        try navigation.navigationDidFinish(transition, completed: completed)
    }
}

/// The navigation controller's view: lays the bar out with itself (a rotation moves it).
final class NavigationControllerView: View {
    weak var owner: NavigationController?
    override func layoutSubviews() throws { try super.layoutSubviews(); owner?.layoutNavigationBar() }
}
