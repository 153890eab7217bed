// Who performs a presentation: `present` called on a child of a container is rerouted, as
// UIKit does (docs/semantics.md, "Who presents"), and the presentation links a child reads come
// from its ancestors (Apple's presentingViewController / presentedViewController documentation).

extension ViewController {
    /// definesPresentationContext as UIKit reads it (a subclass's `override var` wins).
    public func effectiveDefinesPresentationContext() throws -> Bool {
        guard let value = try world.scripting?.property(self, Hook.OverridableProperty.definesPresentationContext), !value.isNone else {
            return definesPresentationContext
        }
        guard case .boolean(let defines) = value else {
            throw world.hookError(self, Hook.OverridableProperty.definesPresentationContext, "definesPresentationContext must return a boolean (got \(value.traceDescription))")
        }
        return defines
    }

    /// The controller at the top of its parent chain (itself when it has no parent): the
    /// window's root or a presented controller, whose view covers the screen.
    var outermostAncestor: ViewController {
        var controller = self
        while let parent = controller.parent { controller = parent }
        return controller
    }

    /// UIKit's `presentingViewController`: "If the view controller was not presented modally,
    /// but one of its ancestors was, this property contains the view controller that presented
    /// the ancestor."
    public var presentingViewControllerThroughAncestors: ViewController? {
        var controller: ViewController? = self
        while let current = controller {
            if let presenting = current.presentingViewController { return presenting }
            controller = current.parent
        }
        return nil
    }

    /// UIKit's `presentedViewController`: "The view controller that is presented by this view
    /// controller, or one of its ancestors in the view controller hierarchy."
    public var presentedViewControllerThroughAncestors: ViewController? {
        var controller: ViewController? = self
        while let current = controller {
            if let presented = current.presentedViewController { return presented }
            controller = current.parent
        }
        return nil
    }
}

extension World {
    /// The controller that performs `caller.present(presented)`: for the current-context styles
    /// the first controller from the caller up its parents whose definesPresentationContext is
    /// true, else the outermost one; for every other style the outermost one (the window's root
    /// or a presented controller: a full-screen presentation "must be made by a view controller
    /// that itself covers the entire screen").
    func presentationContext(for presented: ViewController, requestedBy caller: ViewController) throws -> ViewController {
        let style = try presentationStyle(of: presented)
        if style == .currentContext || style == .overCurrentContext {
            var controller: ViewController? = caller
            while let current = controller {
                if try current.effectiveDefinesPresentationContext() { return current }
                controller = current.parent
            }
        }
        return caller.outermostAncestor
    }
}
