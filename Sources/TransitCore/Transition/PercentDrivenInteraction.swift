// UIPercentDrivenInteractiveTransition: drives the animator's animations through the
// transition's time space — frozen at start, scrubbed by update(p), run out by finish() or
// back by cancel() (docs/design.md §3).

open class PercentDrivenInteractiveTransition: HostObject {
    open override class var className: String { "UIPercentDrivenInteractiveTransition" }

    public var completionSpeed = 1.0
    public var completionCurve: AnimationCurve = .easeInOut
    public var wantsInteractiveStart = true
    public var timingCurve: TimingFunction?
    public private(set) weak var context: TransitionContext?
    /// Whether a transition ever started this controller (calls after it ended are harmless).
    private var hasStarted = false
    /// Issue 22 item 3: a transition asked this controller to start (its startInteractiveTransition
    /// ran, maybe a subclass's override that never calls super): UIKit's own update/finish/cancel
    /// then find no context of theirs and do nothing, harmlessly, so they are no problem.
    var startedBySubclassOverride = false
    /// interaction-drives-nothing is reported once per controller (every call is traced).
    var reportedDrivesNothing = false

    public override init(world: World) {
        super.init(world: world)
    }

    public var percentComplete: Double { context?.transition?.percentComplete ?? 0 }
    public var duration: Double { context?.transition?.duration ?? 0 }

    private var transition: Transition? { context?.transition }

    /// completionSpeed as UIKit reads it: a subclass that overrides the getter with a method
    /// (VCTransitionsLibrary returns 1 − percentComplete) wins over the stored value.
    public func effectiveCompletionSpeed() throws -> Double {
        guard let value = try world.scripting?.property(self, Hook.OverridableProperty.completionSpeed), !value.isNone else { return completionSpeed }
        guard let speed = value.number else {
            throw world.hookError(self, Hook.OverridableProperty.completionSpeed, "completionSpeed must return a number > 0 (got \(value.traceDescription))")
        }
        return speed
    }

    /// completionCurve as UIKit reads it (a getter override wins).
    public func effectiveCompletionCurve() throws -> AnimationCurve {
        guard let value = try world.scripting?.property(self, Hook.OverridableProperty.completionCurve), !value.isNone else { return completionCurve }
        guard case .string(let name) = value, let curve = AnimationCurve(rawValue: name) else {
            throw world.hookError(self, Hook.OverridableProperty.completionCurve, "completionCurve must return one of \(AnimationCurve.allCases.map(\.rawValue).joined(separator: ", ")) (got \(value.traceDescription))")
        }
        return curve
    }

    /// UIKit's startInteractiveTransition: keeps the context and lets the animator build its
    /// animations on the frozen timeline.
    public func startInteractiveTransition(_ context: TransitionContext) throws {
        self.context = context
        hasStarted = true
        guard let transition = context.transition else { return }
        transition.completionSpeed = try effectiveCompletionSpeed()
        transition.completionCurve = try effectiveCompletionCurve()
        try world.callAnimateTransition(transition)
        // With wantsInteractiveStart = false the transition runs until pause(), update() or cancel().
        if transition.isInteractive, let animator = transition.interruptibleAnimator, animator.state == .inactive || animator.isRunning {
            try animator.pauseAnimation()
        }
    }

    public func update(_ percent: Double) throws {
        guard percent.isFinite else { throw ModelUsageError.transition(.naming("UIPercentDrivenInteractiveTransition.update", ": percent must be a finite number")) }
        guard let transition else { return hasStarted || startedBySubclassOverride ? () : world.interactionDrivesNothing(self, "update(\(formatNumber(percent)))") }
        try transition.updateInteractiveTransition(percent)
    }

    public func finish() throws {
        guard let transition else { return hasStarted || startedBySubclassOverride ? () : world.interactionDrivesNothing(self, "finish()") }
        try apply(to: transition)
        try transition.finishInteractiveTransition()
    }

    public func cancel() throws {
        guard let transition else { return hasStarted || startedBySubclassOverride ? () : world.interactionDrivesNothing(self, "cancel()") }
        try apply(to: transition)
        try transition.cancelInteractiveTransition()
    }

    public func pause() throws {
        try transition?.pauseInteractiveTransition()
    }

    /// completionSpeed and completionCurve are read when finishing or cancelling.
    private func apply(to transition: Transition) throws {
        let speed = try effectiveCompletionSpeed()
        guard speed.isFinite, speed > 0 else {
            throw ModelUsageError.transition(.naming("UIPercentDrivenInteractiveTransition.completionSpeed", " must be > 0 (got \(formatNumber(speed)))"))
        }
        transition.completionSpeed = speed
        transition.completionCurve = try effectiveCompletionCurve()
    }
}
