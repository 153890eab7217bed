// present / dismiss: UIKit's modal presentation machinery, in the order of
// docs/sources.md §3.1, with every hook call and state change traced.

public protocol SystemStyleProvider: AnyObject {
    /// UIKit's presentation controller for a non-custom style.
    func presentationController(for style: ModalPresentationStyle, presented: ViewController,
                                presenting: ViewController) throws -> PresentationController?
    /// UIKit's animator for a modalTransitionStyle.
    func animator(for style: ModalTransitionStyle) throws -> AnyObject?
    /// UIKit's push/pop animator.
    func navigationAnimator() throws -> AnyObject?
    /// iOS 18's zoom (scripts/system/zoom.lua): an animator for one zoom in (push, present) or
    /// out (pop, dismiss) of `zoomed`, whose preferredTransition is the zoom, from or to a
    /// view of `source`.
    func zoomAnimator(zoomed: ViewController, source: ViewController, zoomingIn: Bool) throws -> AnyObject?
}

/// The view UIKit creates to hold a presentation (UITransitionView); its layout runs the
/// presentation controller's layout hooks.
public final class ContainerView: View {
    public override class var className: String { "UIView" }
    weak var presentationController: PresentationController?

    public override var traceName: String { "containerView" }

    public override func layoutSubviews() throws {
        try super.layoutSubviews()
        try presentationController?.containerViewWillLayoutSubviews()
        try presentationController?.containerViewDidLayoutSubviews()
    }
}

extension World {
    // MARK: - present

    /// `presenting.present(presented, animated, completion)`: the transition begins inside the
    /// call, so `transitionCoordinator` and the interaction controller are live when it returns
    /// (docs/semantics.md, "When a transition begins").
    public func present(_ presented: ViewController, from caller: ViewController, animated: Bool,
                        completion: (() throws -> Void)?) throws {
        guard presented !== caller else {
            throw ModelUsageError.presentation("a view controller cannot present itself")
        }
        // A child's request is performed by its presentation context (PresentationContext.swift).
        let presenting = try presentationContext(for: presented, requestedBy: caller)
        // UIKit refuses these with a console warning and goes on: the call is ignored, its
        // completion is not called (docs/semantics.md, "Refused presentations").
        if let running = activeTransitions.first(where: { $0.kind == .presentation || $0.kind == .dismissal }) {
            let what = running.kind == .presentation ? "presentation" : "dismissal"
            return warnIgnored("Attempt to present <\(presented.traceName)> on <\(presenting.traceName)> (from <\(caller.traceName)>) while a \(what) is in progress.")
        }
        if let current = presenting.presentedViewController {
            return warnIgnored("Attempt to present <\(presented.traceName)> on <\(presenting.traceName)> which is already presenting <\(current.traceName)>")
        }
        guard presenting.viewIfLoaded?.window != nil else {
            return warnIgnored("Attempt to present <\(presented.traceName)> on <\(presenting.traceName)> whose view is not in the window hierarchy.")
        }
        guard presented.presentingViewController == nil, !presented.isBeingPresented else {
            throw ModelUsageError.presentation("\(presented.traceName) is already presented")
        }
        // UIKit refuses to present an active controller ("Application tried to present modally
        // an active controller"). Every other controller up the chain has a presenter and is
        // refused above; the root has none, and presenting it would make the chain a cycle.
        if presented === window.rootViewController {
            throw ModelUsageError.presentation("\(presented.traceName) is the window's root view controller; an active controller cannot be presented")
        }
        try checkPartialCurl(presented, presenting: presenting)
        if presentationsInstant != now { presentationsInstant = now; presentationsAtThisInstant = 0 }
        presentationsAtThisInstant += 1
        guard presentationsAtThisInstant <= World.maximumPresentationsPerInstant else {
            throw ModelUsageError.presentation("more than \(World.maximumPresentationsPerInstant) presentations began at t=\(formatNumber(now)) s without time passing: a completion presents the next controller at once, for ever")
        }
        presenting.presentedViewController = presented
        presented.presentingViewController = presenting
        presented.isBeingPresented = true
        presented.presentedAtTurn = turn
        traceEvent(caller.traceName, "present", [presented.traceName, animated ? "animated" : "not animated"])
        if caller !== presenting { traceEvent(presenting.traceName, "presents for", [caller.traceName]) }
        try beginPresentation(presented, presenting: presenting, source: caller, animated: animated, completion: completion)
    }

    /// Apple, UIModalTransitionStyle.partialCurl: "This transition style is supported only if the
    /// parent view controller is presenting a full-screen view and you use the fullScreen modal
    /// presentation style. Attempting to use a different form factor for the parent view or a
    /// different presentation style triggers an exception." The presenter is full screen unless
    /// it (or the controller that contains it) was itself presented in a style that leaves the
    /// screen partly uncovered.
    private func checkPartialCurl(_ presented: ViewController, presenting: ViewController) throws {
        guard try presented.effectiveModalTransitionStyle() == .partialCurl else { return }
        let message = "NSInvalidArgumentException: Application tried to present UIModalTransitionStylePartialCurl to or from non-fullscreen view controller"
        let style = try presentationStyle(of: presented)
        guard style == .fullScreen else {
            throw ModelUsageError.presentation("\(message) (\(presented.traceName) has modalPresentationStyle \(style.rawValue); partialCurl needs fullScreen)")
        }
        var container = presenting
        while let parent = container.parent { container = parent }
        if let shown = container.presentationController?.presentationStyle, container.presentingViewController != nil,
           shown != .fullScreen && shown != .overFullScreen {
            throw ModelUsageError.presentation("\(message) (\(presenting.traceName) is presented as \(shown.rawValue), not full screen)")
        }
    }

    /// The style UIKit uses for a requested one on this device and system version. `automatic`
    /// (iOS 13) is full screen before 13; Apple's UIModalPresentationStyle.automatic: "For most
    /// view controllers, UIKit maps this style to formSheet in iOS 18 and later, pageSheet in
    /// versions of iOS earlier than iOS 18". In compact width (iPhone portrait) a form sheet is
    /// laid out as a page sheet, so only regular width (iPad) looks different from 18.
    func resolvedStyle(_ style: ModalPresentationStyle) -> ModalPresentationStyle {
        guard style == .automatic else { return style }
        if systemVersion < 13 { return .fullScreen }
        return systemVersion < 18 ? .pageSheet : .formSheet
    }

    /// The style `controller` is presented in: its modalPresentationStyle as resolved for this
    /// device and version, except that iOS 18's zoom covers the screen: UIKit presents it full
    /// screen whatever the style asked, but for a custom one (its delegate's presentation
    /// controller and animator win) and overFullScreen, which keeps the presenter on screen
    /// (docs/semantics.md, "Zoom transition (iOS 18)").
    func presentationStyle(of controller: ViewController) throws -> ModalPresentationStyle {
        let style = resolvedStyle(try controller.effectiveModalPresentationStyle())
        if controller.prefersZoomTransition, style != .custom, style != .overFullScreen { return .fullScreen }
        return style
    }

    private func beginPresentation(_ presented: ViewController, presenting: ViewController, source: ViewController, animated: Bool,
                                   completion: (() throws -> Void)?) throws {
        let delegate = try presented.effectiveTransitioningDelegate()
        var style = try presentationStyle(of: presented)
        let usesCustom = style == .custom
        try judgeDelegateAtPresent(presented, presenting: presenting, source: source, delegate: delegate, style: style)
        // 1. The presentation controller (not before iOS 8).
        var controller: PresentationController?
        if usesCustom, systemVersion >= 8, let delegate {
            let value = try callIfImplemented(delegate, Hook.TransitioningDelegate.presentationControllerForPresented,
                                              [.object(presented), .object(presenting), .object(source)])
            if let value, !value.isNone {
                guard let custom = value.object as? PresentationController else {
                    // Named as the script wrote it (the former name still works).
                    let hook = try responds(delegate, Hook.TransitioningDelegate.presentationControllerForPresented)
                        ? Hook.TransitioningDelegate.presentationControllerForPresented.rawValue : Hook.TransitioningDelegate.presentationController
                    throw hookError(delegate, named: hook, "\(hook) must return a UIPresentationController or nil (got \(value.traceDescription))")
                }
                controller = custom
            } else if value != nil {
                style = .fullScreen  // "Returning nil gives the full-screen style."
            }
        }
        var presentationController: PresentationController
        if let controller {
            presentationController = controller
        } else if style == .custom {
            presentationController = PresentationController(world: self, presented: presented, presenting: presenting)
        } else if let sheet = presented.pendingPresentationController, sheet.presentationStyle == style {
            // The controller the script read (and configured) before presenting.
            sheet.presentingViewController = presenting
            presentationController = sheet
        } else {
            presentationController = try systemStyles?.presentationController(for: style, presented: presented, presenting: presenting)
                ?? (style == .popover ? PopoverPresentationController(world: self, presented: presented, presenting: presenting)
                                      : PresentationController(world: self, presented: presented, presenting: presenting))
            presentationController.presentationStyle = style
        }
        presented.pendingPresentationController = nil
        presented.adaptedPopover = nil
        // Adaptivity: a compact-width environment may ask for another style.
        if systemVersion >= 8, let adapted = try presentationController.adaptivePresentationStyle(traits: TraitCollection(world: self)),
           screen.horizontalSizeClass == .compact, adapted != style,
           adapted == .fullScreen || adapted == .overFullScreen
            // A popover becomes a sheet in compact width from iOS 13 (PopoverPresentationController.swift).
            || (style == .popover && systemVersion >= 13 && (adapted == .pageSheet || adapted == .formSheet)) {
            traceEvent(presentationController.traceName, "adapts", [adapted.rawValue])
            let system = try systemStyles?.presentationController(for: adapted, presented: presented, presenting: presenting)
                ?? PresentationController(world: self, presented: presented, presenting: presenting)
            system.presentationStyle = adapted
            // The delegate may show another controller in the adapted style (Apple's Adaptive
            // Presentation wraps the presented one in a navigation controller).
            system.adaptiveViewController = try presentationController.viewControllerForAdaptivePresentationStyle(adapted)
            system.delegate = presentationController.delegate
            presented.adaptedPopover = presentationController as? PopoverPresentationController
            presentationController = system
            style = adapted
        }
        if let popover = presentationController as? PopoverPresentationController {
            // Shown as a popover: it needs its anchor (UIKit raises NSGenericException); the
            // present call then leaves nothing behind.
            do { try popover.prepareForPresentation() } catch {
                presenting.presentedViewController = nil
                presented.presentingViewController = nil
                presented.isBeingPresented = false
                throw error
            }
        }
        presented.presentationController = presentationController

        // The container, above everything the window shows.
        let container = ContainerView(world: self, frame: window.bounds)
        container.presentationController = presentationController
        container.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        try window.addSubview(container)
        presentationController.containerView = container
        // 2–3. Animator, then interaction controller (only if there is an animator).
        let transition = try makeTransition(
            .presentation, presented: presented, presenting: presenting, controller: presentationController,
            animated: animated, animatorHook: Hook.TransitioningDelegate.animationControllerForPresented,
            animatorArguments: [.object(presented), .object(presenting), .object(source)],
            interactionHook: Hook.TransitioningDelegate.interactionControllerForPresentation, completion: completion)
        presented.onPreferredContentSizeChange = { [weak presentationController] child in
            try presentationController?.preferredContentSizeDidChange(child)
            presentationController?.containerView?.setNeedsLayout()
        }
        if try presented.effectivePreferredContentSize() != .zero { try presentationController.preferredContentSizeDidChange(presented) }
        try startTransition(transition)
    }

    // MARK: - dismiss

    /// `controller.dismiss(animated, completion)`: dismisses what it presented, or itself.
    public func dismiss(_ controller: ViewController, animated: Bool, completion: (() throws -> Void)?) throws {
        let presented: ViewController
        if let child = controller.presentedViewControllerThroughAncestors {
            // What it, or one of its ancestors, presented.
            presented = child
        } else if controller.presentingViewController != nil {
            presented = controller
        } else if let ancestor = Self.presentedAncestor(of: controller) {
            // A child of a presented container (the root of a presented navigation controller).
            presented = ancestor
        } else {
            throw ModelUsageError.presentation("\(controller.traceName) is neither presenting nor presented; nothing to dismiss")
        }
        // The presented controllers above it: dismissing a controller lower in a stack dismisses
        // them all (Apple's dismiss(animated:completion:) documentation).
        var stack = [presented]
        while let above = stack.last!.presentedViewController { stack.append(above) }
        // A dismiss during a dismissal does nothing in UIKit (a pan handler calls dismiss on
        // every drag event); one during a presentation is refused with a warning.
        if let dismissing = stack.first(where: { $0.isBeingDismissed }) {
            trace.note(time: now, turn: turn, "\(controller.traceName) dismiss ignored: \(dismissing.traceName) is already being dismissed")
            return
        }
        guard !stack.contains(where: { $0.activeTransition?.kind == .presentation }) else {
            return warnIgnored("Attempt to dismiss from view controller <\(controller.traceName)> while a presentation or dismiss is in progress!")
        }
        traceEvent(controller.traceName, "dismiss", [presented.traceName, animated ? "animated" : "not animated"])
        let top = stack.last!
        if top !== presented, let revealed = presented.presentingViewController {
            try removeIntermediates(Array(stack.dropLast()), under: top, revealing: revealed, animated: animated)
        }
        top.isBeingDismissed = true
        try beginDismissal(top, animated: animated, completion: completion)
    }

    private static func presentedAncestor(of controller: ViewController) -> ViewController? {
        var current = controller.parent
        while let candidate = current {
            if candidate.presentingViewController != nil { return candidate }
            current = candidate.parent
        }
        return nil
    }

    /// "Only the top-most view is dismissed in an animated fashion; any intermediate view
    /// controllers are simply removed from the stack": the intermediates leave at once, without
    /// animation, and the top one is then dismissed as if `revealed` had presented it.
    private func removeIntermediates(_ intermediates: [ViewController], under top: ViewController,
                                     revealing revealed: ViewController, animated: Bool) throws {
        for controller in intermediates.reversed() {
            traceEvent(controller.traceName, "removed from the stack", ["under \(top.traceName)"])
            controller.isBeingDismissed = true
            try controller.beginAppearance(appearing: false, animated: false)
            controller.viewIfLoaded?.removeFromSuperview()
            controller.presentationController?.containerView?.removeFromSuperview()
            try controller.endAppearance(animated: false)
            controller.isBeingDismissed = false
            controller.presentedViewController = nil
            unlink(controller, from: controller.presentingViewController ?? revealed)
        }
        revealed.presentedViewController = top
        top.presentingViewController = revealed
        top.presentationController?.presentingViewController = revealed
        // The revealed view comes back behind the top one unless the top one's style hands it
        // to the animator (view("to")), as its own dismissal would.
        if let view = revealed.viewIfLoaded, view.window == nil, let controller = top.presentationController,
           try !controller.shouldRemovePresentersView() {
            let home = revealed.presentationController?.containerView ?? (window as View)
            try home.insertSubview(view, at: 0)
            withoutAnimation { view.frame = home.bounds }
            // The top one's dismissal gives no callbacks to a presenter whose view it keeps.
            try revealed.beginAppearance(appearing: true, animated: animated)
        }
    }

    private func beginDismissal(_ presented: ViewController, animated: Bool, completion: (() throws -> Void)?) throws {
        guard let presenting = presented.presentingViewController,
              let presentationController = presented.presentationController,
              presentationController.containerView != nil else {
            presented.isBeingDismissed = false
            return
        }
        let transition = try makeTransition(
            .dismissal, presented: presented, presenting: presenting, controller: presentationController,
            animated: animated, animatorHook: Hook.TransitioningDelegate.animationControllerForDismissed, animatorArguments: [.object(presented)],
            interactionHook: Hook.TransitioningDelegate.interactionControllerForDismissal, completion: completion)
        try startTransition(transition)
    }

    /// A refused call: UIKit's console warning, on standard error and in the trace.
    func warnIgnored(_ message: String) {
        trace.note(time: now, turn: turn, "warning: \(message)")
        warningHandler?(message)
    }

    // MARK: - The common part

    /// A delegate hook's result: an object, or nil; anything else is the script's mistake.
    func protocolResult(_ value: ScriptValue?, from delegate: AnyObject?, _ hook: some HookName, _ what: String) throws -> AnyObject? {
        guard let value, !value.isNone else { return nil }
        guard let object = value.object else {
            throw hookError(delegate, hook, "\(hook) must return \(what) (a table or object) or nil (got \(value.traceDescription))")
        }
        return object
    }

    /// An interaction controller from `hook`, checked as UIKit would use it: it must start the
    /// interactive transition (UIKit stops with "unrecognized selector" when it cannot).
    func interactionResult(_ value: ScriptValue?, from delegate: AnyObject?, _ hook: some HookName) throws -> AnyObject? {
        guard let object = try protocolResult(value, from: delegate, hook, "an interaction controller") else { return nil }
        guard try responds(object, Hook.InteractiveTransitioning.startInteractiveTransition) else {
            throw hookError(delegate, hook, "\(hook) returned \(describe(object)), which has no startInteractiveTransition: an interaction controller must implement startInteractiveTransition(ctx) (UIViewControllerInteractiveTransitioning), as UIPercentDrivenInteractiveTransition does")
        }
        return object
    }

    /// Asks the delegate for the animator (else UIKit's for the transition style) and, when
    /// there is one, for the interaction controller; returns the transition to start.
    private func makeTransition(_ kind: Transition.Kind, presented: ViewController, presenting: ViewController,
                                controller: PresentationController, animated: Bool,
                                animatorHook: Hook.TransitioningDelegate, animatorArguments: [ScriptValue], interactionHook: Hook.TransitioningDelegate,
                                completion: (() throws -> Void)?) throws -> Transition {
        let delegate = try presented.effectiveTransitioningDelegate()
        // The delegate's animator serves every style; only the presentation controller is custom-only.
        // A non-animated transition asks for an animator only for the custom style
        // (UIViewControllerTransitioning.h: animateTransition runs unanimated only for custom).
        let asksAnimator = animated || controller.presentationStyle == .custom
        var animator = asksAnimator ? try protocolResult(try callIfImplemented(delegate, animatorHook, animatorArguments), from: delegate, animatorHook, "an animator") : nil
        // Said where the animator came from: UIKit would stop with "unrecognized selector" later.
        if let returned = animator, animated,
           try !responds(returned, Hook.AnimatedTransitioning.animateTransition),
           try !responds(returned, Hook.AnimatedTransitioning.interruptibleAnimator) {
            throw hookError(delegate, animatorHook, "\(animatorHook) returned \(describe(returned)), which has no animateTransition: an animator must implement animateTransition(ctx) (UIViewControllerAnimatedTransitioning)")
        }
        // A popover ignores modalTransitionStyle: its system controller animates it (popover.lua).
        if animator == nil && animated && controller.presentationStyle == .popover {
            animator = try protocolResult(try controller.callOverride(animatorHook, animatorArguments), from: controller, animatorHook, "an animator")
        }
        // UIKit's zoom (iOS 18) when the delegate gives no animator: the delegate's wins.
        var zooms = false
        if animator == nil && animated && presented.prefersZoomTransition {
            animator = try systemStyles?.zoomAnimator(zoomed: presented, source: presenting, zoomingIn: kind == .presentation)
            zooms = animator != nil
        }
        if animator == nil && animated { animator = try systemStyles?.animator(for: try presented.effectiveModalTransitionStyle()) }
        var interaction: AnyObject?
        if let animator {
            interaction = try interactionResult(try callIfImplemented(delegate, interactionHook, [.object(animator)]), from: delegate, interactionHook)
            // The zoom drives its dismissal from its own drag and pinch on the zoomed view.
            if interaction == nil, zooms {
                interaction = try interactionResult(try callIfImplemented(animator, interactionHook, [.object(animator)]), from: animator, interactionHook)
            }
            // UIKit's own sheets drive their dismissal from their own pull-down gesture: the
            // system presentation controller (scripts/system) may supply the interaction.
            if interaction == nil, controller.presentationStyle != .custom {
                interaction = try interactionResult(try controller.callOverride(interactionHook, [.object(animator)]), from: controller, interactionHook)
            }
        }
        let transition = Transition(world: self, kind: kind, presented: presented, presenting: presenting,
                                    presentationController: controller, containerView: controller.containerView!,
                                    animated: animated && animator != nil)
        transition.animator = animator
        transition.interactionController = interaction
        transition.userCompletion = completion
        return transition
    }

    /// A transition in flight: listed as active, recorded in the history, and the coordinator
    /// of both its controllers.
    func register(_ transition: Transition) {
        activeTransitions.append(transition)
        transitionHistory.append(TransitionRecord(kind: transition.kind, presented: transition.presented.traceName, start: now,
                                                  from: transition.fromViewController.traceName, to: transition.toViewController.traceName))
        transition.recordIndex = transitionHistory.count - 1
        transition.presented.activeTransition = transition
        transition.presenting.activeTransition = transition
    }

    private func startTransition(_ transition: Transition) throws {
        let controller = transition.presentationController
        let presented = transition.presented, presenting = transition.presenting
        register(transition)
        traceEvent(transition.label, "begins", [transition.isAnimated ? "animated" : "not animated"])
        let isPresentation = transition.kind == .presentation
        if isPresentation { try controller.presentationTransitionWillBegin() } else { try controller.dismissalTransitionWillBegin() }
        let presentedView = try controller.presentedView() ?? (try presented.loadViewIfNeeded())
        let removes = try controller.shouldRemovePresentersView()
        transition.removesPresentersView = removes
        let presenterView = try presenting.loadViewIfNeeded()
        transition.presenterFrame = presenterView.frame

        if isPresentation {
            transition.finalFrameOfPresented = try controller.frameOfPresentedViewInContainerView()
            transition.toView = presentedView
            if removes {
                // Full-screen styles move the presenter's view into the container for the transition.
                transition.presenterSuperview = presenterView.superview
                transition.presenterIndex = presenterView.superview?.subviews.firstIndex { $0 === presenterView } ?? 0
                try transition.containerView.insertSubview(presenterView, at: 0)
                transition.fromView = presenterView
            }
        } else {
            transition.finalFrameOfPresented = presentedView.frame
            transition.fromView = presentedView
            if removes {
                // The presenter's view comes back through view(.to): adding it to the container
                // is the animator's job (Apple's animateTransition documentation), not UIKit's.
                transition.toView = presenterView
                transition.presenterFrame = transition.containerView.bounds
            }
        }
        try prepareInteraction(transition)
        // Appearance: the presenter only disappears when its view goes away.
        if isPresentation {
            if removes { try presenting.beginAppearance(appearing: false, animated: transition.isAnimated) }
            try presented.beginAppearance(appearing: true, animated: transition.isAnimated)
        } else {
            try presented.beginAppearance(appearing: false, animated: transition.isAnimated)
            if removes { try presenting.beginAppearance(appearing: true, animated: transition.isAnimated) }
        }

        guard let animator = transition.animator else {
            // No animator: views go straight to their final places.
            if isPresentation {
                withoutAnimation { presentedView.frame = transition.finalFrameOfPresented }
                try transition.containerView.addSubview(presentedView)
            }
            transition.animationsBegan = true
            try runPendingAlongside(transition)
            try finishTransition(transition, completed: true)
            return
        }

        try runAnimator(transition, animator)
        // A new container lays out as the presentation begins; a dismissal's container is
        // already laid out (Apple's CustomPresentation relies on it not laying out again).
        if transition.kind == .presentation {
            transition.containerView.setNeedsLayout()
            try transition.containerView.layoutIfNeeded()
        }
    }

    /// Asks the animator for its duration and runs it (or the interaction controller, on a
    /// frozen timeline), with the alongside animations; arms the completeTransition deadline.
    func runAnimator(_ transition: Transition, _ animator: AnyObject) throws {
        let durationValue = try callIfImplemented(animator, Hook.AnimatedTransitioning.transitionDuration, [.object(transition.context)]) ?? .number(0)
        guard let returned = durationValue.number else {
            throw hookError(animator, Hook.AnimatedTransitioning.transitionDuration, "transitionDuration must return a finite number ≥ 0 (got \(durationValue.traceDescription))")
        }
        let duration = checkedDuration(returned, of: transition, animator: animator)
        transition.duration = duration
        captureCheckBaseline(transition)

        if let interaction = transition.interactionController {
            // Every interaction controller is started; wantsInteractiveStart (any controller's,
            // default true) says whether it starts paused or running (docs/semantics.md).
            let wantsInteractive = transition.initiallyInteractive
            transition.space = TimeSpace.child(of: rootTimeSpace, world: self, frozen: wantsInteractive, label: transition.label)
            if let percent = interaction as? PercentDrivenInteractiveTransition {
                transition.completionSpeed = try percent.effectiveCompletionSpeed()
                transition.completionCurve = try percent.effectiveCompletionCurve()
            }
            traceEvent(transition.label, wantsInteractive ? "interactive" : "interaction controller starts non-interactively", [])
            // Issue 22 item 3: a percent-driven subclass that overrides startInteractiveTransition
            // was started by this transition even when its override never calls super.
            if let percent = interaction as? PercentDrivenInteractiveTransition,
               scripting?.overrides(percent, Hook.InteractiveTransitioning.startInteractiveTransition) == true {
                percent.startedBySubclassOverride = true
            }
            try withTimeSpace(transition.space) {
                _ = try callScript(interaction, Hook.InteractiveTransitioning.startInteractiveTransition, [.object(transition.context)])
                // An interaction controller of its own (not percent-driven) with an interruptible
                // animator: UIKit asks the animator for it, and the context's pause, finish and
                // cancel then act on that property animator rather than on the transition's time.
                if transition.interruptibleAnimator == nil, !(interaction is PercentDrivenInteractiveTransition),
                   let animator = transition.animator, try responds(animator, Hook.AnimatedTransitioning.interruptibleAnimator) {
                    let value = try callScript(animator, Hook.AnimatedTransitioning.interruptibleAnimator, [.object(transition.context)])
                    transition.interruptibleAnimator = value.object as? PropertyAnimator
                }
                transition.animationsBegan = true
                try runPendingAlongside(transition)
            }
            if !wantsInteractive, !transition.isCompleted, !transition.isInteractive { transition.armTimeout(after: duration) }
        } else {
            transition.space = TimeSpace.child(of: rootTimeSpace, world: self, frozen: false, label: transition.label)
            try changeStatusBar(alongside: transition)
            try withTimeSpace(transition.space) {
                try callAnimateTransition(transition)
                transition.animationsBegan = true
                try runPendingAlongside(transition)
            }
            if !transition.isCompleted { transition.armTimeout(after: duration) }
        }
    }

    /// Calls animateTransition, or, for an interruptible animator, starts the animator it
    /// returns (the same one for the whole transition).
    func callAnimateTransition(_ transition: Transition) throws {
        do { try callAnimateTransitionHooks(transition) } catch {
            transition.hookRaised = true
            throw error
        }
    }

    /// After a script error the REPL goes on (a run ends there): each transition whose
    /// animateTransition raised is ended as completeTransition(false) ends one, so the world
    /// is not left in a transition that nothing will complete and present() works again.
    /// Returns the transitions' labels. (UIKit has no such path: an exception there ends the app.)
    public func cancelTransitionsWhoseHookRaised() -> [String] {
        var labels: [String] = []
        for transition in activeTransitions where transition.hookRaised && !transition.isCompleted {
            trace.note(time: now, turn: turn, "\(transition.label): its animateTransition raised; cancelled as completeTransition(false) would")
            do { try finishTransition(transition, completed: false) } catch {
                trace.note(time: now, turn: turn, "\(transition.label): ending it raised too: \(error)")
            }
            labels.append(transition.label)
        }
        if !labels.isEmpty { try? drain() }
        return labels
    }

    private func callAnimateTransitionHooks(_ transition: Transition) throws {
        guard let animator = transition.animator else { return }
        if try responds(animator, Hook.AnimatedTransitioning.animateTransition) {
            _ = try callScript(animator, Hook.AnimatedTransitioning.animateTransition, [.object(transition.context)])
        } else if try responds(animator, Hook.AnimatedTransitioning.interruptibleAnimator) {
            let value = try callScript(animator, Hook.AnimatedTransitioning.interruptibleAnimator, [.object(transition.context)])
            guard let propertyAnimator = value.object as? PropertyAnimator else {
                throw hookError(animator, Hook.AnimatedTransitioning.interruptibleAnimator, "interruptibleAnimator must return a UIViewPropertyAnimator (got \(value.traceDescription))")
            }
            transition.interruptibleAnimator = propertyAnimator
            if !transition.isInteractive { try propertyAnimator.startAnimation() }
        } else {
            throw ScriptError("the animator \(describe(animator)) has no animateTransition")
        }
        // An interruptible animator made inside animateTransition is the one interaction drives.
        if transition.interruptibleAnimator == nil, try responds(animator, Hook.AnimatedTransitioning.interruptibleAnimator) {
            let value = try callScript(animator, Hook.AnimatedTransitioning.interruptibleAnimator, [.object(transition.context)])
            transition.interruptibleAnimator = value.object as? PropertyAnimator
            judgeInterruptibleAnimatorAfterAnimate(transition)
        }
    }

    /// Whether the transition starts interactive, known before the appearance callbacks so
    /// that viewWillAppear reads `transitionCoordinator.isInteractive` and
    /// `initiallyInteractive` as they stay (UIKit's header: initiallyInteractive never changes).
    func prepareInteraction(_ transition: Transition) throws {
        guard transition.animator != nil, let interaction = transition.interactionController else { return }
        let wantsInteractive = try wantsInteractiveStart(interaction)
        transition.isInteractive = wantsInteractive
        transition.initiallyInteractive = wantsInteractive
    }

    /// UIViewControllerInteractiveTransitioning.wantsInteractiveStart, default true: a stored
    /// value, a script's field, or a getter a script overrides it with.
    private func wantsInteractiveStart(_ interaction: AnyObject) throws -> Bool {
        guard let value = try scripting?.property(interaction, Hook.OverridableProperty.wantsInteractiveStart), !value.isNone else {
            return (interaction as? PercentDrivenInteractiveTransition)?.wantsInteractiveStart ?? true
        }
        guard let wants = value.boolean else {
            throw hookError(interaction, Hook.OverridableProperty.wantsInteractiveStart, "wantsInteractiveStart must be a boolean (got \(value.traceDescription))")
        }
        return wants
    }

    /// Alongside animations registered before the transition's animations began.
    func runPendingAlongside(_ transition: Transition) throws {
        let pending = transition.alongside
        transition.alongside = pending.map { (nil, $0.completion) }
        for entry in pending { if let animation = entry.animation { try runAlongside(transition, animation, withDelay: true) } }
    }

    /// An alongside block runs in the transition's animation context (UIKit: "in the same
    /// animation context as the transition"): added to its interruptible animator if it has
    /// one; else with the duration, delay and curve or spring of the animator's first block
    /// animation; else (Core Animation animators) over the transition's duration, easeInOut.
    func runAlongside(_ transition: Transition, _ animation: @escaping (TransitionCoordinator) throws -> Void,
                      withDelay: Bool = false) throws {
        let coordinator = transition.coordinator!
        if let animator = transition.interruptibleAnimator, animator.state != .stopped {
            try animator.addAnimations { try animation(coordinator) }
            return
        }
        let shared = transition.space.firstBlockAnimation
        try withTimeSpace(transition.space) {
            try animate(duration: shared?.duration ?? transition.duration, delay: withDelay ? shared?.delay ?? 0 : 0,
                        timing: shared?.timing ?? .curve(.easeInEaseOut), animations: {
                try animation(coordinator)
            })
        }
    }

    func swapAppearance(_ transition: Transition) throws {
        let appearing = transition.toViewController, disappearing = transition.fromViewController
        if appearing.appearance == .appearing { try appearing.beginAppearance(appearing: false, animated: true) }
        // A cancelled push or pop gives the controller staying on screen its viewWillAppear when
        // the transition ends, after the other one's viewDidDisappear (UINavigationController's
        // order, docs/semantics.md).
        if transition.kind == .push || transition.kind == .pop { return }
        if disappearing.appearance == .disappearing { try disappearing.beginAppearance(appearing: true, animated: true) }
    }

    // MARK: - Completion

    /// completeTransition: hierarchy clean-up by UIKit's rules, then DidEnd, appearance,
    /// the caller's completion, animationEnded, and the coordinator's completions.
    func finishTransition(_ transition: Transition, completed: Bool) throws {
        judgeAfterCompletion(transition, completed: completed)
        transition.isCompleted = true
        transition.timeout?.cancel()
        // The context and coordinator stay readable after completeTransition (TransitionState.swift).
        transition.isInteractive = false
        let finished = FinishedTransitionState(transition)
        transition.context.finishedState = finished
        transition.coordinator.finishedState = finished
        if let index = transition.recordIndex {
            // An animated transition that ends at the instant it began showed nothing (a
            // completion that fired early called completeTransition at once): its filmstrip
            // row is the same picture five times, which must not pass in silence. A warning,
            // not a problem: UIKit accepts it, and a zero transitionDuration may be meant.
            if transition.isAnimated, !transition.hookRaised, transitionHistory[index].start == now {
                let message = "warning: \(transition.label) completed at t=\(formatNumber(now)) s, the instant it began: a zero-length transition shows nothing (did completeTransition run before any animation, from a completion that fired at once?)"
                trace.note(time: now, turn: turn, message)
                warningHandler?(message)
            }
            transitionHistory[index].end = now
            transitionHistory[index].completed = completed
            transitionHistory[index].wasInteractive = transition.initiallyInteractive
        }
        traceEvent(transition.label, completed ? "completed" : "cancelled", [])
        let presented = transition.presented, presenting = transition.presenting
        let controller = transition.presentationController
        let container = transition.containerView
        activeTransitions.removeAll { $0 === transition }
        presented.activeTransition = nil
        presenting.activeTransition = nil
        let presenterView = presenting.viewIfLoaded
        let isNavigation = transition.isContainerSwitch
        let presentedView = isNavigation ? nil : try controller.presentedView()

        if transition.kind == .push || transition.kind == .pop {
            try finishNavigation(transition, completed: completed)
        } else if transition.kind == .tabSwitch {
            try finishTabSwitch(transition, completed: completed)
        } else {
        switch (transition.kind, completed) {
        case (.presentation, true):
            judgeRemovedPresenter(transition, presentedView: presentedView)
            if transition.removesPresentersView, let presenterView {
                presenterView.removeFromSuperview()
            }
            try controller.presentationTransitionDidEnd(true)
        case (.presentation, false):
            // A cancelled presentation: UIKit removes the presented view and the container.
            presentedView?.removeFromSuperview()
            try restorePresenterView(transition)
            container.removeFromSuperview()
            unlink(presented, from: presenting)
            try controller.presentationTransitionDidEnd(false)
        case (.dismissal, true):
            // The revealed view goes home only when the animator put it on screen: one it forgot
            // stays out of the window, iOS's black screen (reported at completeTransition as
            // revealed-not-visible, ProblemChecks.swift).
            // Issue 22 (found by the check matrix): without an animator (a non-animated dismissal
            // of a system style) UIKit itself puts the revealed view back.
            if presenterView?.window != nil || transition.animator == nil { try restorePresenterView(transition) }
            // Whatever the style, the presented view leaves its superview.
            presentedView?.removeFromSuperview()
            if let own = presented.viewIfLoaded, own.superview != nil, presentedView.map({ !own.isDescendant(of: $0) }) ?? true {
                own.removeFromSuperview()
            }
            container.removeFromSuperview()
            unlink(presented, from: presenting)
            try controller.dismissalTransitionDidEnd(true)
        case (.dismissal, false):
            // UIKit does not remove the to-view after a cancelled dismissal.
            if transition.removesPresentersView, let presenterView, presenterView.superview === container {
                presenterView.removeFromSuperview()
            }
            try dismissalDidEndCancelled(transition)
        default:
            break
        }
        }
        // Issue 22 item 3: which of the touched views UIKit left in the window (judged for a cancel).
        noteViewsInWindowAfterCleanUp(transition)
        // Appearance: did-callbacks for whatever began; the appearing controller first for modal
        // transitions, the disappearing one first for push, pop and tab switch (as UINavigationController).
        if transition.kind == .push || transition.kind == .pop, !completed {
            // Cancelled: the controller that was to appear disappears, then the one that stays
            // appears again: will and did for each, in that order.
            try transition.toViewController.endAppearance(animated: transition.isAnimated)
            try transition.fromViewController.beginAppearance(appearing: true, animated: transition.isAnimated)
            try transition.fromViewController.endAppearance(animated: transition.isAnimated)
        } else {
            for controller in isNavigation ? [transition.fromViewController, transition.toViewController]
                                           : [transition.toViewController, transition.fromViewController] {
                try controller.endAppearance(animated: transition.isAnimated)
            }
        }
        // isBeingPresented / isBeingDismissed hold through viewDidAppear / viewDidDisappear
        // (UIViewController.h documents them for use in those methods); isMovingTo/FromParent too.
        if !isNavigation {
            presented.isBeingPresented = false
            presented.isBeingDismissed = false
        }
        transition.presented.isMovingToParent = false
        transition.presented.isMovingFromParent = false
        if completed, isNavigation, let navigation = transition.navigationController { try navigation.tellDelegateDidShow(transition) }
        // The present/dismiss completion is for a transition that happened (docs/semantics.md).
        if completed { try transition.userCompletion?() }
        if let animator = transition.animator {
            _ = try callIfImplemented(animator, Hook.AnimatedTransitioning.animationEnded, [.boolean(completed)])
        }
        for entry in transition.alongside { try entry.completion?(transition.coordinator) }
        // UIKit reads the status bar's appearance again once the controllers on screen changed,
        // without animating (docs/semantics.md, "The status bar"). Last, so an override that
        // fails leaves the transition's clean-up and callbacks done.
        try withoutAnimation { try updateStatusBarAppearance() }
    }

    private func unlink(_ presented: ViewController, from presenting: ViewController) {
        presenting.presentedViewController = nil
        presented.presentingViewController = nil
        presented.presentationController = nil
        presented.adaptedPopover = nil
        presented.onPreferredContentSizeChange = nil
    }

    /// Puts the presenter's view back where it was (dismissal of a full-screen style, or a
    /// cancelled presentation).
    private func restorePresenterView(_ transition: Transition) throws {
        guard transition.removesPresentersView, let view = transition.presenting.viewIfLoaded else { return }
        let home = transition.presenterSuperview ?? transition.presenting.presentingViewController?.viewIfLoaded?.superview ?? (window as View)
        if view.superview !== home {
            try home.insertSubview(view, at: min(transition.presenterIndex, home.subviews.count))
        }
        withoutAnimation { view.frame = transition.presenterFrame == .zero ? home.bounds : transition.presenterFrame }
    }

    /// completeTransition never came: report it, and clean up so the scene goes on.
    func transitionTimedOut(_ transition: Transition) throws {
        let animator = transition.animator.map(describe) ?? "the animator"
        rememberTimedOut(transition)
        if !judgeOutlastingAnimation(transition) {
        report(.completeNeverCalled, "\(animator) never called completeTransition for the \(transition.label) (duration \(formatNumber(transition.duration)) s + \(formatNumber(completeTransitionGrace)) s grace) and none of its animations is still running, so nothing will: UIKit would freeze here. Call ctx:completeTransition(not ctx.transitionWasCancelled) in the completion of your animation")
        }
        try finishTransition(transition, completed: !transition.transitionWasCancelled)
    }
}

extension World {
    /// The presented controllers, outermost first.
    public var presentationChain: [ViewController] {
        var chain: [ViewController] = []
        var current = window.rootViewController?.presentedViewController
        while let controller = current { chain.append(controller); current = controller.presentedViewController }
        return chain
    }

    /// `transit.rotate`: the screen turns; presentation controllers and view controllers hear
    /// viewWillTransitionToSize first, then the window resizes and containers lay out.
    public func rotate(to orientation: Orientation) throws {
        guard orientation != self.orientation else { return }
        let newSize = Screen(device: device, orientation: orientation).bounds.size
        traceEvent("UIDevice", "rotate", [orientation.rawValue, newSize.description])
        // UIKit passes a coordinator (viewWillTransition(to:with:)); Transit's is RotationState's.
        let state = RotationState(container: window, root: window.rootViewController,
                                  targetTransform: .rotation(orientation.interfaceAngle - self.orientation.interfaceAngle))
        let coordinator = TransitionCoordinator(world: self, rotation: state)
        if let root = window.rootViewController {
            _ = try root.callOverride(Hook.ViewController.viewWillTransitionToSize, [.size(newSize), .object(coordinator)])
        }
        for controller in presentationChain {
            try controller.presentationController?.viewWillTransition(to: newSize, coordinator: coordinator)
            _ = try controller.callOverride(Hook.ViewController.viewWillTransitionToSize, [.size(newSize), .object(coordinator)])
        }
        self.orientation = orientation
        window.frame = Rect(origin: .zero, size: newSize)
        try layoutPendingViews()
        // Alongside blocks see the new size (the rotation itself is not animated here), then
        // the completions run.
        let work = state.work
        state.isOver = true
        for entry in work { if let animation = entry.animation { try withoutAnimation { try animation(coordinator) } } }
        try layoutPendingViews()
        for entry in work { try entry.completion?(coordinator) }
    }
}
