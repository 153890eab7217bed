// View controller containment: addChild / removeFromParent with willMove(toParent:) and
// didMove(toParent:), as UIKit documents them. addChild calls the child's willMove(toParent:)
// for you and leaves didMove(toParent:) to the caller (after it adds the child's view);
// removeFromParent calls didMove(toParent: nil) for you and expects willMove(toParent: nil)
// before it.

extension ViewController {
    /// UIViewController.children: a container's own list, else those added with addChild.
    public var children: [ViewController] {
        if let navigation = self as? NavigationController { return navigation.viewControllers }
        if let tabs = self as? TabBarController { return tabs.viewControllers }
        return addedChildren
    }

    public func addChild(_ child: ViewController) throws {
        guard child !== self else { throw ModelUsageError.viewHierarchy("addChild: a view controller cannot be its own child") }
        var ancestor: ViewController? = self
        while let current = ancestor {
            if current === child { throw ModelUsageError.viewHierarchy("addChild: \(child.traceName) contains \(traceName); the containment would be a cycle") }
            ancestor = current.parent
        }
        guard !(self is NavigationController), !(self is TabBarController) else {
            throw ModelUsageError.viewHierarchy("addChild: \(traceName) manages its own children; use its viewControllers")
        }
        if child.parent === self { return }
        // UIKit moves a child that has another parent: it is removed from that one first.
        if child.parent != nil { try child.removeFromParent() }
        child.isMovingToParent = true
        try child.willMove(toParent: self)
        addedChildren.append(child)
        child.parent = self
        world.traceEvent(traceName, "addChild", [child.traceName])
    }

    public func removeFromParent() throws {
        guard let parent else { return }
        // Containers keep their own lists (a stack, the tabs); this handles addChild's.
        guard parent.addedChildren.contains(where: { $0 === self }) else { return }
        parent.addedChildren.removeAll { $0 === self }
        self.parent = nil
        world.traceEvent(parent.traceName, "removeChild", [traceName])
        isMovingFromParent = true
        defer { isMovingFromParent = false }
        try didMove(toParent: nil)
    }

    /// willMove(toParent:) as UIKit calls it: the base implementation, then the script's
    /// override, if it has one (which may call the base again through `super`).
    public func willMove(toParent parent: ViewController?) throws {
        baseWillMove(toParent: parent)
        _ = try callOverride(Hook.ViewController.willMoveToParent, [parent.map { .object($0) } ?? .none])
    }

    /// didMove(toParent:) as UIKit calls it: the script's override, then the base.
    public func didMove(toParent parent: ViewController?) throws {
        _ = try callOverride(Hook.ViewController.didMoveToParent, [parent.map { .object($0) } ?? .none])
        baseDidMove(toParent: parent)
    }

    /// UIViewController's own willMove(toParent:): leaving the parent begins.
    public func baseWillMove(toParent parent: ViewController?) {
        if parent == nil, self.parent != nil { isMovingFromParent = true }
    }

    /// UIViewController's own didMove(toParent:): joining the parent is over.
    public func baseDidMove(toParent parent: ViewController?) {
        if parent != nil { isMovingToParent = false }
    }
}
