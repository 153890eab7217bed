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

    public init(world: World, root: ViewController) throws {
        guard !(root is NavigationController) else {
            throw AnimationError.invalid("a navigation controller cannot be the root of another one")
        }
        guard root.parent == nil else { throw AnimationError.invalid("\(root.traceName) already has a parent") }
        super.init(world: world)
        viewControllers = [root]
        root.parent = self
    }

    public override var traceName: String { title.map { "UINavigationController \"\($0)\"" } ?? "UINavigationController" }

    public var topViewController: ViewController? { viewControllers.last }

    /// The navigation controller's view holds a content view with the top controller's view.
    override func makeDefaultView() throws -> View {
        let view = try super.makeDefaultView()
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
            throw AnimationError.invalid("pushing a navigation controller is not supported (UIKit raises here too); push its root view controller")
        }
        guard controller !== world.window.rootViewController, controller.presentingViewController == nil else {
            throw AnimationError.invalid("\(controller.traceName) is already on screen (the window's root or presented); push a controller that is not shown yet")
        }
        guard !viewControllers.contains(where: { $0 === controller }) else {
            throw AnimationError.invalid("\(controller.traceName) is already in the navigation stack")
        }
        guard controller.parent == nil else { throw AnimationError.invalid("\(controller.traceName) already has a parent") }
        guard !isTransitioning else { throw AnimationError.invalid("push while a navigation transition is running; wait for it to end") }
        try loadViewIfNeeded()
        let from = topViewController!
        viewControllers.append(controller)
        controller.parent = self
        world.traceEvent(traceName, "push", [controller.traceName])
        try startNavigation(.push, upper: controller, lower: from, animated: animated)
    }

    @discardableResult
    public func popViewController(animated: Bool) throws -> ViewController? {
        guard viewControllers.count > 1 else { return nil }
        guard !isTransitioning else { throw AnimationError.invalid("pop while a navigation transition is running; wait for it to end") }
        let upper = viewControllers[viewControllers.count - 1], lower = viewControllers[viewControllers.count - 2]
        world.traceEvent(traceName, "pop", [upper.traceName])
        try startNavigation(.pop, upper: upper, lower: lower, animated: animated)
        return upper
    }

    /// UIKit runs navigation transitions right away in the call (unlike modal presentation).
    private func startNavigation(_ operation: NavigationOperation, upper: ViewController, lower: ViewController, animated: Bool) throws {
        isTransitioning = true
        let from = operation == .push ? lower : upper, to = operation == .push ? upper : lower
        var animator: AnyObject?
        if let delegate {
            animator = try world.protocolResult(
                try world.callIfImplemented(delegate, Hook.NavigationDelegate.animationControllerForOperation,
                                            [.object(self), .string(operation.rawValue), .object(from), .object(to)]),
                from: delegate, Hook.NavigationDelegate.animationControllerForOperation, "an animator")
        }
        let usesSystemAnimation = animator == nil
        if animator == nil && animated { animator = try world.systemStyles?.navigationAnimator() }
        var interaction: AnyObject?
        if let animator {
            if let delegate {
                interaction = try world.interactionResult(
                    try world.callIfImplemented(delegate, Hook.NavigationDelegate.interactionControllerFor, [.object(self), .object(animator)]),
                    from: delegate, Hook.NavigationDelegate.interactionControllerFor)
            }
            if interaction == nil && usesSystemAnimation && operation == .pop { interaction = edgeSwipeInteraction }
        }
        guard let contentView else { throw AnimationError.invalid(Self.replacedViewMessage("UINavigationController", "push or pop")) }
        try world.runContainerTransition(operation == .push ? .push : .pop, from: from, to: to, presented: upper, presenting: lower,
                                         contentView: contentView, animator: animator, interaction: interaction,
                                         animated: animated && animator != nil) { transition in
            transition.navigationController = self
            activeTransition = transition
        }
    }

    /// Completion of a push or pop: the from view leaves (or, cancelled, the to view) and the
    /// stack settles.
    func navigationDidFinish(_ transition: Transition, completed: Bool) throws {
        isTransitioning = false
        activeTransition = nil
        if let contentView { try world.settleContainerViews(transition, completed: completed, in: contentView) }
        if transition.kind == .push && !completed {
            viewControllers.removeLast()
            transition.presented.parent = nil
        } else if transition.kind == .pop && completed {
            viewControllers.removeLast()
            transition.presented.parent = nil
        }
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
