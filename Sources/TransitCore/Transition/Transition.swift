// One presentation or dismissal in flight. It is the transition context the animator
// receives (UIViewControllerContextTransitioning): views and frames by UIKit's rules, the
// container, completeTransition, and the interactive controls that drive its time space.

public enum TransitionKey: String, CaseIterable, Sendable { case from, to }

open class TransitionContext: HostObject {
    open override class var className: String { "UIViewControllerContextTransitioning" }
    public override var traceName: String { "ctx" }
    /// The transition this context belongs to (nil once it is over and forgotten).
    public internal(set) weak var transition: Transition?
    /// Its state when it completed (TransitionState.swift).
    public internal(set) var finishedState: FinishedTransitionState?
}

/// Before iOS 8 the context had no `view(forKey:)`; scripts test `if ctx.view then`.
public final class LegacyTransitionContext: TransitionContext {
    public override class var className: String { "UIViewControllerContextTransitioningIOS7" }
}

public final class Transition {
    /// `tabSwitch`: a UITabBarController changing tabs (presented = the new tab, presenting = the old).
    public enum Kind: String { case presentation, dismissal, push, pop, tabSwitch }

    public let kind: Kind
    public let context: TransitionContext
    public private(set) var coordinator: TransitionCoordinator!
    unowned let world: World
    public let presented: ViewController
    public let presenting: ViewController
    public let presentationController: PresentationController
    public let containerView: View
    public let isAnimated: Bool
    public internal(set) var isInteractive = false
    public internal(set) var initiallyInteractive = false
    public internal(set) var transitionWasCancelled = false
    public internal(set) var percentComplete = 0.0
    public internal(set) var duration = 0.0
    public internal(set) var completionSpeed = 1.0
    public internal(set) var completionCurve: AnimationCurve = .easeInOut
    public internal(set) var isCompleted = false
    /// animateTransition (or interruptibleAnimator) raised: the transition cannot end by itself.
    public internal(set) var hookRaised = false
    public var presentationStyle: ModalPresentationStyle { presentationController.presentationStyle }

    var animator: AnyObject?
    var interactionController: AnyObject?
    public internal(set) var interruptibleAnimator: PropertyAnimator?
    public internal(set) var space: TimeSpace
    var fromView: View?
    var toView: View?
    var removesPresentersView = false
    var finalFrameOfPresented = Rect.zero
    var presenterFrame = Rect.zero
    var userCompletion: (() throws -> Void)?
    var alongside: [(animation: ((TransitionCoordinator) throws -> Void)?, completion: ((TransitionCoordinator) throws -> Void)?)] = []
    var interactionObservers: [(TransitionCoordinator) throws -> Void] = []
    var animationsBegan = false
    var recordIndex: Int?
    weak var navigationController: NavigationController?
    weak var tabBarController: TabBarController?
    var timeout: EventToken?
    /// What the problem checks remember from before the animator ran (ProblemChecks.swift).
    var checks: TransitionChecks?
    /// Presenter's original place in the hierarchy, to put its view back.
    var presenterSuperview: View?
    var presenterIndex = 0

    init(world: World, kind: Kind, presented: ViewController, presenting: ViewController,
         presentationController: PresentationController, containerView: View, animated: Bool) {
        self.world = world
        self.kind = kind
        self.presented = presented
        self.presenting = presenting
        self.presentationController = presentationController
        self.containerView = containerView
        self.isAnimated = animated
        self.context = world.systemVersion < 8 ? LegacyTransitionContext(world: world) : TransitionContext(world: world)
        self.space = world.rootTimeSpace
        context.transition = self
        coordinator = TransitionCoordinator(world: world, transition: self)
    }

    /// `presented` is the upper controller (presented or pushed), `presenting` the lower one.
    public var fromViewController: ViewController { isForward ? presenting : presented }
    public var toViewController: ViewController { isForward ? presented : presenting }
    var isForward: Bool { kind == .presentation || kind == .push || kind == .tabSwitch }
    /// A push, pop or tab switch: a container controller's content view is the container.
    var isContainerSwitch: Bool { kind == .push || kind == .pop || kind == .tabSwitch }
    public var label: String { "\(kind.rawValue) of \(presented.traceName)" }

    // MARK: - Context members

    public func viewController(_ key: TransitionKey) -> ViewController {
        key == .from ? fromViewController : toViewController
    }

    /// nil when the animator must not touch that view (UIKit's rules, docs/design.md §3).
    public func view(_ key: TransitionKey) -> View? { key == .from ? fromView : toView }

    public func initialFrame(_ controller: ViewController) -> Rect {
        if controller === fromViewController {
            switch kind {
            case .presentation: return presenterFrame
            case .dismissal: return finalFrameOfPresented
            case .push, .pop, .tabSwitch: return containerView.bounds
            }
        }
        return .zero
    }

    public func finalFrame(_ controller: ViewController) -> Rect {
        if controller === toViewController {
            switch kind {
            case .presentation: return finalFrameOfPresented
            case .dismissal: return presenterFrame
            case .push, .pop, .tabSwitch: return containerView.bounds
            }
        }
        if controller === fromViewController {
            switch kind {
            case .presentation:
                // The presenter: zero when its view leaves the screen (Apple allows zero "if the
                // view controller's view is being removed"), else where it stays.
                return removesPresentersView ? .zero : presenterFrame
            case .dismissal:
                // The dismissed controller: where its view is when the dismissal begins, not zero.
                // Animators that set the from view's frame from it and then fade or offset it
                // (Material Components' dialog transition since 2016, NYAlertViewController)
                // show a visible dismissal on iOS, so UIKit's answer there is not CGRectZero
                // (docs/semantics.md, "finalFrame of the dismissed controller").
                return finalFrameOfPresented
            case .push, .pop, .tabSwitch:
                return .zero
            }
        }
        return .zero
    }

    public var targetTransform: Transform2D { .identity }

    /// `completeTransition(didComplete)`: exactly once.
    public func completeTransition(_ didComplete: Bool) throws {
        guard !isCompleted else { return world.reportCompletedTwice(context, didComplete) }
        world.judgeCompleteTransitionCall(self, didComplete)
        try world.finishTransition(self, completed: didComplete)
    }

    // MARK: - Interaction

    public func updateInteractiveTransition(_ percent: Double) throws {
        guard !isCompleted else { return }
        checks?.interactionDriven = true
        // A transition started non-interactively is interrupted first (wantsInteractiveStart = false).
        if !isInteractive { try pauseInteractiveTransition() }
        let p = min(1, max(0, percent.isFinite ? percent : 0))
        percentComplete = p
        world.traceEvent(context.traceName, "updateInteractiveTransition(\(formatNumber(p)))")
        if let animator = interruptibleAnimator {
            if animator.isRunning { try animator.pauseAnimation() }
            try animator.setFractionComplete(p)
        } else {
            space.setMode(.frozen(at: p * duration), world: world)
        }
    }

    public func pauseInteractiveTransition() throws {
        guard !isCompleted else { return }
        checks?.interactionDriven = true
        if let animator = interruptibleAnimator, animator.isRunning {
            try animator.pauseAnimation()
            percentComplete = animator.fractionComplete
        } else {
            let local = space.localTime(atWorld: world.now)
            percentComplete = duration > 0 ? local / duration : 0
            space.setMode(.frozen(at: local), world: world)
        }
        timeout?.cancel()  // a paused transition waits for finish or cancel
        let wasInteractive = isInteractive
        isInteractive = true
        world.traceEvent(context.traceName, "pauseInteractiveTransition()", ["at \(formatNumber(percentComplete))"])
        if !wasInteractive { try notifyInteractionChanged() }
    }

    public func finishInteractiveTransition() throws {
        try endInteraction(cancelled: false)
    }

    public func cancelInteractiveTransition() throws {
        try endInteraction(cancelled: true)
    }

    /// Finish runs the rest over (1 − p)·D / completionSpeed; cancel runs back over
    /// p·D / completionSpeed, then restores the captured animations' start values.
    private func endInteraction(cancelled: Bool) throws {
        guard !isCompleted else { return }
        checks?.interactionDriven = true
        // Cancelling a transition that is still running non-interactively interrupts it first.
        if !isInteractive {
            guard cancelled else { return }
            try pauseInteractiveTransition()
        }
        isInteractive = false
        transitionWasCancelled = cancelled
        world.traceEvent(context.traceName, cancelled ? "cancelInteractiveTransition()" : "finishInteractiveTransition()",
                         ["at \(formatNumber(percentComplete)), completionSpeed \(formatNumber(completionSpeed))"])
        try notifyInteractionChanged()
        if cancelled { try swapAppearanceForCancel() }
        let speed = completionSpeed > 0 ? completionSpeed : 1
        if let animator = interruptibleAnimator {
            animator.isReversed = cancelled
            let remaining = cancelled ? percentComplete : 1 - percentComplete
            // continueAnimation's factor multiplies the whole duration; the percent-driven
            // completion takes (1 − p)·D / completionSpeed (p·D back for a cancel).
            try animator.continueAnimation(timing: .curve(completionCurve.timingFunction),
                                           durationFactor: max(1e-6, remaining / speed))
            armTimeout(after: remaining * duration / speed)
            return
        }
        let local = space.localTime(atWorld: world.now)
        let target = cancelled ? 0 : duration
        let span = abs(target - local) / speed
        space.setMode(.driven(start: world.now, duration: span, from: local, to: target,
                              curve: .timing(completionCurve.timingFunction)), world: world)
        if cancelled {
            world.schedule(at: world.now + span, label: "cancel reached start") { [weak self] in
                try self?.rewindCapturedAnimations()
            }
        }
        armTimeout(after: span)
    }

    /// At the start after a cancel: model values back to before the transition, then the
    /// animations' completions run (so the animator calls completeTransition(false)).
    private func rewindCapturedAnimations() throws {
        let groups = space.groups
        for group in groups { group.restoreStartValues() }
        for group in groups { try group.finish(finished: true) }
    }

    func notifyInteractionChanged() throws {
        for observer in interactionObservers { try observer(coordinator) }
    }

    /// UIKit's documented swap: the appearing controller gets viewWillDisappear and the
    /// disappearing one viewWillAppear.
    func swapAppearanceForCancel() throws {
        try world.swapAppearance(self)
    }

    func armTimeout(after seconds: Double) {
        timeout?.cancel()
        let grace = world.completeTransitionGrace
        timeout = world.schedule(at: world.now + max(0, seconds) + grace, label: "completeTransition deadline") { [weak self] in
            guard let self, !self.isCompleted else { return }
            try self.world.transitionTimedOut(self)
        }
    }
}

/// UIViewControllerTransitionCoordinator, which is also the context its blocks receive.
public final class TransitionCoordinator: HostObject {
    public override class var className: String { "UIViewControllerTransitionCoordinator" }
    /// The transition while it exists; a script may keep the coordinator longer.
    public private(set) weak var liveTransition: Transition?
    public internal(set) var finishedState: FinishedTransitionState?

    /// Set for the coordinator of a rotation (TransitionState.swift).
    public private(set) var rotation: RotationState?

    init(world: World, transition: Transition) {
        self.liveTransition = transition
        super.init(world: world)
    }

    init(world: World, rotation: RotationState) {
        self.rotation = rotation
        super.init(world: world)
    }

    func transitionInFlight(_ member: String) throws -> Transition {
        guard let transition = liveTransition, !transition.isCompleted else {
            throw ModelUsageError.transition(.naming("UIViewControllerTransitionCoordinator.\(member)", ": the transition is over; register alongside work while it runs"))
        }
        return transition
    }
    public override var traceName: String { "coordinator" }

    /// Runs `animation` in the transition's animation context (now if the transition's
    /// animations already began, else when they do); `completion` after it completes.
    public func animateAlongsideTransition(_ animation: ((TransitionCoordinator) throws -> Void)?,
                                           completion: ((TransitionCoordinator) throws -> Void)?) throws {
        if let rotation {
            guard !rotation.isOver else { _ = try transitionInFlight("animateAlongsideTransition"); return }
            rotation.work.append((animation, completion))
            return
        }
        let transition = try transitionInFlight("animateAlongsideTransition")
        if transition.animationsBegan, let animation {
            try world.runAlongside(transition, animation)
            transition.alongside.append((nil, completion))
        } else {
            transition.alongside.append((animation, completion))
        }
    }

    public func notifyWhenInteractionChanges(_ handler: @escaping (TransitionCoordinator) throws -> Void) throws {
        if rotation != nil { return }  // a rotation is never interactive
        try transitionInFlight("notifyWhenInteractionChanges").interactionObservers.append(handler)
    }
}

/// A transition as the outputs see it: what, when, and how it ended.
public struct TransitionRecord: Sendable, Equatable {
    public var kind: Transition.Kind
    public var presented: String
    public var start: Double
    public var end: Double?
    public var completed: Bool?
    public var wasInteractive = false
    /// The trace names of the controllers the context calls "from" and "to": a spec names
    /// their views by role (`result:value("toView", ...)`, docs/specs.md).
    public var from = ""
    public var to = ""

    /// The filmstrip's row names: present, dismiss, interactive finish, interactive cancel.
    public var phase: String {
        if wasInteractive { return completed == false ? "interactive cancel" : "interactive finish" }
        switch kind {
        case .presentation: return "present"
        case .dismissal: return "dismiss"
        case .push: return "push"
        case .pop: return "pop"
        case .tabSwitch: return "tab switch"
        }
    }
}

extension Transition.Kind: Sendable {}
