// UIPresentationController: the object that owns a presentation's chrome and geometry.
// Every UIKit overridable member is a hook: a script override runs when there is one, else
// UIKit's default below. Each call the engine makes is recorded in the trace.

open class PresentationController: HostObject {
    open override class var className: String { "UIPresentationController" }

    public let presentedViewController: ViewController
    /// Fixed when the presentation begins (a sheet controller made early by
    /// `sheetPresentationController` does not know its presenter before then).
    public internal(set) var presentingViewController: ViewController
    public internal(set) var containerView: View?
    /// The style this controller presents with (the system controllers set theirs).
    public var presentationStyle: ModalPresentationStyle = .custom
    /// A delegate consulted for adaptivity (`adaptivePresentationStyle`,
    /// `viewControllerForAdaptivePresentationStyle`).
    public var delegate: AnyObject?
    /// The controller shown instead of the presented one after adapting, when the delegate
    /// gave one: its view is the presented view.
    public internal(set) var adaptiveViewController: ViewController?

    public init(world: World, presented: ViewController, presenting: ViewController) {
        presentedViewController = presented
        presentingViewController = presenting
        super.init(world: world)
    }

    // MARK: - Hooks with UIKit's defaults

    public func presentedView() throws -> View? {
        try world.hook(self, Hook.PresentationController.presentedView, [], default: {
            .object(try (adaptiveViewController ?? presentedViewController).loadViewIfNeeded())
        }).object as? View
    }

    public func frameOfPresentedViewInContainerView() throws -> Rect {
        let value = try world.hook(self, Hook.PresentationController.frameOfPresentedViewInContainerView, [], default: { .rect(try defaultFrameOfPresentedView()) })
        guard let rect = value.rect else {
            throw world.hookError(self, Hook.PresentationController.frameOfPresentedViewInContainerView, "\(traceName).frameOfPresentedViewInContainerView must return a CGRect (got \(value.traceDescription))")
        }
        guard rect.isFinite else { throw world.hookError(self, Hook.PresentationController.frameOfPresentedViewInContainerView, "\(traceName).frameOfPresentedViewInContainerView returned a non-finite CGRect \(rect)") }
        return rect
    }

    /// UIKit's own frame for this class: the container's bounds for the base class (what
    /// `UIPresentationController.frameOfPresentedViewInContainerView(self)` returns); the sheet
    /// gives its detent's.
    open func defaultFrameOfPresentedView() throws -> Rect { containerView?.bounds ?? .zero }

    /// Whether a touch on the container outside every subview reaches the views under it.
    open var passesTouchesThroughContainer: Bool { false }

    /// The adaptive style UIKit picks when no delegate answers: none (a popover adapts to a sheet).
    open func defaultAdaptivePresentationStyle(traits: TraitCollection) -> ScriptValue { .none }

    public func shouldRemovePresentersView() throws -> Bool {
        // UIKit: NO for the base (custom) class; the full-screen system styles return YES.
        let removes = presentationStyle == .fullScreen || presentationStyle == .currentContext
        return try world.hook(self, Hook.PresentationController.shouldRemovePresentersView, [], default: { .boolean(removes) }).boolean ?? removes
    }

    public func shouldPresentInFullscreen() throws -> Bool {
        try world.hook(self, Hook.PresentationController.shouldPresentInFullscreen, [], default: { .boolean(true) }).boolean ?? true
    }

    public func presentationTransitionWillBegin() throws { _ = try world.hook(self, Hook.PresentationController.presentationTransitionWillBegin, [], default: { .none }) }
    public func presentationTransitionDidEnd(_ completed: Bool) throws { _ = try world.hook(self, Hook.PresentationController.presentationTransitionDidEnd, [.boolean(completed)], default: { .none }) }
    public func dismissalTransitionWillBegin() throws { _ = try world.hook(self, Hook.PresentationController.dismissalTransitionWillBegin, [], default: { .none }) }
    public func dismissalTransitionDidEnd(_ completed: Bool) throws { _ = try world.hook(self, Hook.PresentationController.dismissalTransitionDidEnd, [.boolean(completed)], default: { .none }) }
    public func containerViewWillLayoutSubviews() throws { _ = try world.hook(self, Hook.PresentationController.containerViewWillLayoutSubviews, [], default: { .none }) }
    public func containerViewDidLayoutSubviews() throws { _ = try world.hook(self, Hook.PresentationController.containerViewDidLayoutSubviews, [], default: { .none }) }

    public func sizeForChildContentContainer(_ child: ViewController, parentSize: Size) throws -> Size {
        let value = try world.hook(self, Hook.PresentationController.sizeForChildContentContainer, [.object(child), .size(parentSize)], default: { .size(parentSize) })
        return value.size ?? parentSize
    }

    public func preferredContentSizeDidChange(_ child: ViewController) throws {
        _ = try world.hook(self, Hook.PresentationController.preferredContentSizeDidChange, [.object(child)], default: { .none })
    }

    public func viewWillTransition(to size: Size, coordinator: TransitionCoordinator?) throws {
        _ = try world.hook(self, Hook.PresentationController.viewWillTransitionToSize, [.size(size), coordinator.map { .object($0) } ?? .none], default: { .none })
    }

    /// After adapting to `style`: the controller the delegate wants shown instead of the
    /// presented one, or nil to show the presented one. It must not be on screen or in a
    /// container already.
    public func viewControllerForAdaptivePresentationStyle(_ style: ModalPresentationStyle) throws -> ViewController? {
        let hook = Hook.AdaptivePresentationDelegate.viewControllerForAdaptivePresentationStyle
        guard let delegate, let value = try world.callIfImplemented(delegate, hook, [.object(self), .string(style.rawValue)]),
              !value.isNone else { return nil }
        guard let controller = value.object as? ViewController else {
            throw world.hookError(delegate, hook, "\(hook) must return a UIViewController or nil (got \(value.traceDescription))")
        }
        if controller === presentedViewController { return nil }
        guard controller.presentingViewController == nil, controller !== world.window.rootViewController, controller.parent == nil else {
            throw world.hookError(delegate, hook, "\(hook) returned \(controller.traceName), which is already on screen; return a new controller (or nil)")
        }
        world.traceEvent(traceName, "adapts with", [controller.traceName])
        return controller
    }

    /// The steps of a dismissal by the user (iOS 13, UIAdaptivePresentationControllerDelegate),
    /// which UIKit's sheet runs from its pull: never for a programmatic `dismiss`.
    public enum UserDismissalStep: String, CaseIterable, Sendable {
        /// The pull began: may it dismiss? (false when the presented controller's
        /// `isModalInPresentation` is true, without asking the delegate.)
        case should
        /// The dismissal began.
        case will
        /// The dismissal completed.
        case did
        /// A refused pull was released.
        case attempted
    }

    /// Runs one step of a user dismissal; the answer matters only for `.should`.
    public func userDismissal(_ step: UserDismissalStep) throws -> Bool {
        typealias H = Hook.AdaptivePresentationDelegate
        switch step {
        case .should:
            if try presentedViewController.effectiveIsModalInPresentation() {
                world.traceEvent(traceName, "refuses the user's dismissal", ["isModalInPresentation"])
                return false
            }
            guard let value = try world.callIfImplemented(delegate, H.presentationControllerShouldDismiss, [.object(self)]) else { return true }
            guard case .boolean(let allowed) = value else {
                throw world.hookError(delegate, H.presentationControllerShouldDismiss, "\(H.presentationControllerShouldDismiss) must return a boolean (got \(value.traceDescription))")
            }
            return allowed
        case .will: _ = try world.callIfImplemented(delegate, H.presentationControllerWillDismiss, [.object(self)])
        case .did: _ = try world.callIfImplemented(delegate, H.presentationControllerDidDismiss, [.object(self)])
        case .attempted: _ = try world.callIfImplemented(delegate, H.presentationControllerDidAttemptToDismiss, [.object(self)])
        }
        return true
    }

    /// The style to adapt to for the current trait collection; nil means no adaptation.
    public func adaptivePresentationStyle(traits: TraitCollection) throws -> ModalPresentationStyle? {
        let value = try world.hook(self, Hook.PresentationController.adaptivePresentationStyle, [.object(traits)], default: {
            if let delegate, try world.responds(delegate, Hook.AdaptivePresentationDelegate.adaptivePresentationStyle) {
                return try world.callScript(delegate, Hook.AdaptivePresentationDelegate.adaptivePresentationStyle, [.object(self), .object(traits)])
            }
            return defaultAdaptivePresentationStyle(traits: traits)
        })
        guard case .string(let name) = value else { return nil }
        if name == "none" { return nil }
        guard let style = ModalPresentationStyle(rawValue: name) else {
            throw world.hookError(self, Hook.PresentationController.adaptivePresentationStyle, "\(traceName).adaptivePresentationStyle returned \"\(name)\"; expected one of: none, " + ModalPresentationStyle.allCases.map(\.rawValue).joined(separator: ", "))
        }
        return style
    }
}

extension World {
    /// Calls a model object's hook: the script's override when there is one (traced as a
    /// script call), else UIKit's behaviour (traced too, marked "default", so call-order
    /// traces show every step).
    public func hook(_ object: HostObject, _ hook: some HookName, _ arguments: [ScriptValue],
                     default behaviour: () throws -> ScriptValue) throws -> ScriptValue {
        if let scripting, scripting.overrides(object, hook.rawValue) {
            return try callScript(object, hook, arguments)
        }
        let entry = trace.begin(time: now, turn: turn, object: object.traceName, hook: hook.rawValue,
                                arguments: arguments.map(\.traceDescription))
        do {
            let value = try behaviour()
            trace.end(entry, result: value.isNone ? "default" : "\(value.traceDescription) (default)")
            return value
        } catch {
            trace.end(entry, result: "error")
            throw error
        }
    }

    /// Calls `name` on a protocol object if it implements it; nil when it does not.
    public func callIfImplemented(_ object: AnyObject?, _ hook: some HookName, _ arguments: [ScriptValue]) throws -> ScriptValue? {
        guard let object else { return nil }
        if try responds(object, hook) { return try callScript(object, hook, arguments) }
        // A hook renamed by the naming rule: an object that defines only the old name still works.
        guard let former = Hook.formerNames[hook.rawValue], try responds(object, named: former) else { return nil }
        warnFormerName(object, former, hook.rawValue)
        return try callScript(object, named: former, arguments)
    }

    /// `presentationController` was renamed `presentationControllerForPresented`: said once per
    /// run in the trace and on the console (not a problem: the old name keeps working).
    func warnFormerName(_ object: AnyObject, _ former: String, _ name: String) {
        guard warnedFormerNames.insert(former).inserted else { return }
        let place = scripting?.location(of: object, former).map { "\($0): " } ?? ""
        let message = "\(place)deprecated: `\(former)` is the former name of `\(name)` (docs/porting.md, \"Hook names\"); it is still called, rename it"
        trace.note(time: now, turn: turn, message)
        warningHandler?(message)
    }
}
