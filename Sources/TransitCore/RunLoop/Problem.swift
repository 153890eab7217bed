// Problems: broken UIKit contracts that do not stop a run. Each has a stable id (what
// `transit check --format json` and tests match on), a one-line explanation, the phase it was
// found in and the virtual time. docs/check.md says when each is judged.

/// The kinds of problem Transit reports. The raw value is the stable id.
public enum ProblemID: String, CaseIterable, Sendable {
    case completeNeverCalled = "complete-never-called"
    case completeCalledTwice = "complete-called-twice"
    case completeContradicts = "complete-contradicts-outcome"
    case presentedNotVisible = "presented-not-visible"
    case revealedNotVisible = "revealed-not-visible"
    case transitionStuck = "transition-stuck"
    case viewLeftOver = "view-left-over"
    case finalFrameMismatch = "final-frame-mismatch"
    case cancelNotRestored = "cancel-not-restored"
    case nonFiniteGeometry = "non-finite-geometry"
    case animationAfterCompletion = "animation-after-completion"
    case badDuration = "bad-duration"
    case interactionDrivesNothing = "interaction-drives-nothing"
    case ambiguousLayout = "ambiguous-layout"
    // Issue 22 item 2: mistakes UIKit developers make, named by their cause (MistakeChecks.swift).
    case presentationControllerIgnored = "presentation-controller-ignored"
    case delegateSetTooLate = "delegate-set-too-late"
    case delegateOnPresenter = "delegate-on-presenter"
    case interactionNeverDriven = "interaction-never-driven"
    case presenterRemovedUncovered = "presenter-removed-uncovered"
    case chromeRemovedOnCancel = "chrome-removed-on-cancel"
    case animationOutlastsDuration = "animation-outlasts-duration"
    case interruptibleAnimatorChanged = "interruptible-animator-changed"
    case snapshotNeverDrawn = "snapshot-never-drawn"
    // Issue 22 item 4: checks users ask for.
    case unbalancedAppearance = "unbalanced-appearance"
    case touchesBlocked = "touches-blocked"
    case oneFrameFlash = "one-frame-flash"
    /// A misspelt hook (reported by the hook-name check, issue 9 items 1–2).
    case hookTypo = "hook-typo"
    /// Reported without an id (kept so that older callers of `report(_:)` still work).
    case other = "other"

    /// One line: what is wrong, in UIKit's terms.
    public var explanation: String {
        switch self {
        case .completeNeverCalled: return "the animator never called completeTransition: UIKit waits forever and the app freezes"
        case .completeCalledTwice: return "completeTransition was called more than once for one transition"
        case .completeContradicts: return "completeTransition(true) after a cancel, or (false) after a finish: UIKit shows the wrong screen"
        case .presentedNotVisible: return "the presented view is not on screen when the presentation completes (forgot containerView:addSubview?)"
        case .revealedNotVisible: return "the view a dismissal reveals is not visible when it completes: the black screen"
        case .transitionStuck: return "a transition is still running when the scene ends (an interaction never finished or cancelled)"
        case .viewLeftOver: return "a view left in the container covers what the user should see after the transition"
        case .finalFrameMismatch: return "a view's frame at completeTransition is not ctx:finalFrame(for:) of its controller"
        case .cancelNotRestored: return "after a cancel, a view the transition touched is not back to its starting values"
        case .nonFiniteGeometry: return "a view's frame, bounds, center or transform became NaN or infinite"
        case .animationAfterCompletion: return "an animation of the transition still runs after completeTransition"
        case .badDuration: return "transitionDuration is not a positive finite number for an animated transition"
        case .interactionDrivesNothing: return "update/finish/cancel on an interaction controller that drives no transition"
        case .ambiguousLayout: return "a view's constraints do not fix its frame (hasAmbiguousLayout): UIKit may put it anywhere they allow"
        // Issue 22 item 2 (MistakeChecks.swift).
        case .presentationControllerIgnored: return "the transitioning delegate vends a presentation controller but modalPresentationStyle is not custom: UIKit never asks for it"
        case .delegateSetTooLate: return "transitioningDelegate or modalPresentationStyle was set after present: UIKit read them when present was called"
        case .delegateOnPresenter: return "the transitioningDelegate is set on the presenting controller, not on the presented one, so the presentation ignores it"
        case .interactionNeverDriven: return "an interaction controller was returned but nothing drives it (no gesture): the transition hangs"
        case .presenterRemovedUncovered: return "shouldRemovePresentersView is true but the presented view does not cover the container: a black band shows"
        case .chromeRemovedOnCancel: return "dismissalTransitionDidEnd(false) removed chrome (a dimming view) although the cancelled dismissal keeps the presentation"
        case .animationOutlastsDuration: return "an animation of the transition outlasts transitionDuration, so completeTransition comes too late"
        case .snapshotNeverDrawn: return "snapshotView(afterScreenUpdates: false) of a view that was never drawn: UIKit's snapshot is empty"
        case .interruptibleAnimatorChanged: return "interruptibleAnimator returned another UIViewPropertyAnimator than the one driving the transition: UIKit needs the same one for the whole transition"
        case .unbalancedAppearance: return "begin/endAppearanceTransition calls are unbalanced: a controller is left between will and did, or a revealed presenter never got viewWillAppear back"
        case .touchesBlocked: return "after the transition a view on top swallows a tap at the centre of the screen the user should see"
        case .oneFrameFlash: return "a view of the transition is on screen for exactly one frame at its start or end, or the from view shows again after it completed"
        case .hookTypo: return "a function whose name is close to a hook's is never called (a misspelt hook)"
        case .other: return "a problem"
        }
    }
}

/// One reported problem.
public struct Problem: Sendable, Equatable, CustomStringConvertible {
    public var id: ProblemID
    public var message: String
    /// "present", "dismiss", "interactive" (not yet finished or cancelled), "interactive finish",
    /// "interactive cancel", "push", "pop" or "scene".
    public var phase: String
    /// Virtual seconds.
    public var time: Double

    public init(id: ProblemID, message: String, phase: String, time: Double) {
        self.id = id; self.message = message; self.phase = phase; self.time = time
    }

    /// `[view-left-over] present at 0.55 s: UIView "snapshot" ...`
    public var description: String {
        "[\(id.rawValue)] \(phase) at \(formatNumber(time)) s: \(message)"
    }
}

extension World {
    /// Records something that went wrong without stopping the run (the run summary lists
    /// them): the one entry point for every problem. `phase` defaults to the transition in
    /// flight, else "scene".
    public func report(_ id: ProblemID, _ message: String, phase: String? = nil) {
        let problem = Problem(id: id, message: message, phase: phase ?? currentPhase, time: now)
        problemRecords.append(problem)
        trace.note(time: now, turn: turn, "problem: \(problem.description)")
    }

    /// The problems as lines, in the order they were found.
    public var problems: [String] { problemRecords.map(\.description) }

    var currentPhase: String { activeTransitions.last.map(\.phase) ?? "scene" }
}

extension Transition {
    /// The phase as the filmstrip and `transit check` name it.
    public var phase: String {
        if initiallyInteractive {
            // Still driven by the finger: neither finished nor cancelled yet.
            if isInteractive && !isCompleted { return "interactive" }
            return transitionWasCancelled ? "interactive cancel" : "interactive finish"
        }
        switch kind {
        case .presentation: return "present"
        case .dismissal: return "dismiss"
        case .push: return "push"
        case .pop: return "pop"
        case .tabSwitch: return "tab switch"
        }
    }
}
