// The contract checks behind the problem ids (Problem.swift): what a transition remembers from
// before its animator ran, what is judged when completeTransition is called, what is judged
// at the end of that run-loop turn (libraries remove their snapshots right after calling
// it), and what is judged when the scene ends. docs/check.md lists each rule.

struct WeakContext {
    weak var context: TransitionContext?
}

extension World {
    /// Called when the deadline finishes a transition whose animator never completed it.
    func rememberTimedOut(_ transition: Transition) {
        transition.checks?.timedOut = true
        timedOutContexts.removeAll { $0.context == nil }
        timedOutContexts.append(WeakContext(context: transition.context))
    }
}

/// What the checks of one transition remember.
final class TransitionChecks {
    /// A view's model values before the animator ran (what a cancel must restore).
    struct ViewState {
        weak var view: View?
        let frame: Rect
        let alpha: Double
        let transform: Transform3D
        let isHidden: Bool
    }
    var startStates: [ViewState] = []
    /// Container subviews before the animator ran: the presentation controller's chrome.
    var chrome: Set<ObjectIdentifier> = []
    var orientation: Orientation = .portrait
    /// completeTransition never came and the host finished the transition itself.
    var timedOut = false
    /// A missing to view was already reported when completeTransition was called.
    var reportedMissingToView = false
    /// Something updated, paused, finished or cancelled the interaction (MistakeChecks.swift).
    var interactionDriven = false
    /// Issue 22 item 3: the touched views still in the window once UIKit's clean-up of the
    /// completing transition ran (nil until then). A cancel need not restore the others.
    var inWindowAfterCleanUp: Set<ObjectIdentifier>?
}

extension World {
    // MARK: - Before the animator runs

    /// Remembers the views' starting values and the container's chrome; called just before
    /// the animator (or interaction controller) is first asked to animate.
    func captureCheckBaseline(_ transition: Transition) {
        let checks = TransitionChecks()
        checks.orientation = orientation
        checks.chrome = Set(transition.containerView.subviews.map(ObjectIdentifier.init))
        var seen = Set<ObjectIdentifier>()
        for view in [transition.fromView, transition.toView, transition.presenting.viewIfLoaded, transition.presented.viewIfLoaded] {
            guard let view, seen.insert(ObjectIdentifier(view)).inserted else { continue }
            checks.startStates.append(.init(view: view, frame: view.frame, alpha: view.alpha,
                                            transform: view.layer.transform, isHidden: view.isHidden))
        }
        transition.checks = checks
        watchForFlashes(transition)   // issue 22 item 4 (FlashCheck.swift)
    }

    /// transitionDuration's result: a number the transition can use, and a problem when it is
    /// not positive and finite for an animated transition (0 is right for a non-animated one).
    func checkedDuration(_ duration: Double, of transition: Transition, animator: AnyObject) -> Double {
        // Named at the hook's definition: no Lua line is running when its result is judged.
        let place = scripting?.location(of: animator, "transitionDuration").map { "\($0): " } ?? ""
        if !duration.isFinite || duration < 0 {
            report(.badDuration, "\(place)transitionDuration returned \(formatNumber(duration)) for the \(transition.label); return the length of your animation in seconds (0 is taken instead)", phase: transition.phase)
            return 0
        }
        if duration == 0 && transition.isAnimated {
            report(.badDuration, "\(place)transitionDuration returned 0 for the animated \(transition.label); UIKit uses it for interactive transitions and alongside animations, so return the length of your animation", phase: transition.phase)
        }
        return duration
    }

    // MARK: - completeTransition

    /// The script called completeTransition on a transition that already completed.
    func reportCompletedTwice(_ context: TransitionContext, _ didComplete: Bool) {
        if timedOutContexts.contains(where: { $0.context === context }) { return }
        report(.completeCalledTwice, "completeTransition(\(didComplete)) was called again after the transition completed; call it exactly once, in the completion of your last animation")
    }

    /// Judgements at the moment the script calls completeTransition(didComplete), before the
    /// host's clean-up moves any view.
    func judgeCompleteTransitionCall(_ transition: Transition, _ didComplete: Bool) {
        let phase = transition.phase
        if didComplete == transition.transitionWasCancelled {
            let outcome = transition.transitionWasCancelled ? "cancelled" : "finished"
            report(.completeContradicts, "completeTransition(\(didComplete)) but the \(transition.label) was \(outcome) (ctx.transitionWasCancelled is \(transition.transitionWasCancelled)); pass not ctx.transitionWasCancelled", phase: phase)
        }
        guard didComplete, !transition.transitionWasCancelled else { return }
        // The view a dismissal reveals must be in the container by now when UIKit took it out of
        // the window for the presentation: the animator adds it (Apple's animateTransition docs).
        if transition.kind == .dismissal, let revealed = transition.toView, !revealed.isDescendant(of: transition.containerView) {
            report(.revealedNotVisible, "\(revealed.traceName) is not in the container when the \(transition.label) completes: add ctx:view(\"to\") to ctx.containerView (below the from view) or the screen goes black", phase: phase)
            transition.checks?.reportedMissingToView = true
        }
        // The same for a push, pop or tab switch: the container controller does not add the to view either.
        if transition.isContainerSwitch, let toView = transition.toView, !toView.isDescendant(of: transition.containerView) {
            report(transition.kind != .pop ? .presentedNotVisible : .revealedNotVisible,
                   "\(toView.traceName) is not in the container when the \(transition.label) completes: add ctx:view(\"to\") to ctx.containerView", phase: phase)
            transition.checks?.reportedMissingToView = true
        }
        // Final frames, where UIKit gives one, the device did not turn meanwhile, and no
        // presentation controller lays the presented view out itself (its layout wins on iOS).
        let laidOutByController = transition.kind == .presentation
            && scripting?.overrides(transition.presentationController, Hook.PresentationController.containerViewWillLayoutSubviews) == true
        if let view = transition.toView, transition.checks?.orientation == orientation, !laidOutByController {
            let expected = transition.finalFrame(transition.toViewController)
            if expected != .zero, !view.frame.isClose(to: expected, within: finalFrameTolerance) {
                report(.finalFrameMismatch, "\(view.traceName).frame is \(view.frame) when the \(transition.label) completes, but ctx:finalFrame(toVC) is \(expected); end the to view at its final frame", phase: phase)
            }
        }
    }

    // MARK: - The end of the completing turn

    /// Queues the judgements of the state a completed or cancelled transition left behind.
    func judgeAfterCompletion(_ transition: Transition, completed: Bool) {
        endFlashWatch(transition)   // issue 22 item 4 (FlashCheck.swift)
        guard let checks = transition.checks, !checks.timedOut else { return }
        let phase = transition.phase
        let completedAt = now
        let isForward = transition.isForward
        // Views a presentation controller adds after this (in …TransitionDidEnd) are its chrome.
        let inContainerAtCompletion = Set(transition.containerView.subviews.map(ObjectIdentifier.init))
        // A custom-style dismissal whose animator moved the presenter's view into the container.
        let revealedInContainer = transition.kind == .dismissal && !transition.removesPresentersView
            && transition.presenting.viewIfLoaded?.isDescendant(of: transition.containerView) == true
        // The transition is held until the judgement has run (it is released with the closure).
        atEndOfTurn { [weak self] in
            guard let self else { return }
            // The view the user should now see, and whether it is on screen.
            if completed {
                let shown = transition.toViewController.viewIfLoaded.map { isForward ? (transition.toView ?? $0) : $0 }
                if let shown, !self.isShown(shown), !checks.reportedMissingToView {
                    if isForward {
                        self.report(.presentedNotVisible, "\(shown.traceName) is not visible after the \(transition.label): add ctx:view(\"to\") to ctx.containerView at ctx:finalFrame(toVC), with alpha above 0", phase: phase)
                    } else {
                        self.report(.revealedNotVisible, revealedInContainer && shown.window == nil ? self.revealedInContainerMessage(transition, shown)
                                    : "\(shown.traceName) is not visible after the \(transition.label) (hidden, transparent, off screen or not in the window): the black screen", phase: phase)
                    }
                }
            }
            let leftOver = self.judgeLeftovers(transition, completed: completed, candidates: inContainerAtCompletion, phase: phase)
            if !completed {
                self.judgeRestored(transition, checks: checks, phase: phase)
                self.judgeRestoredOutOfWindow(transition, checks: checks, phase: phase)
            }
            self.judgeRunningAnimations(transition, completedAt: completedAt, phase: phase)
            self.judgeFiniteGeometry(transition, phase: phase)
            self.judgeAmbiguousLayout(phase: phase)
            // Issue 22 item 4.
            self.judgeAppearanceBalance(transition, completed: completed, phase: phase)
            if completed { self.judgeTouchesReachShown(transition, phase: phase, alreadyReported: leftOver) }
        }
    }

    // MARK: - Issue 22 item 4: appearance balance and touches

    /// Appearance callbacks in will/did pairs: no controller of the transition is left between
    /// a will and its did (a script's beginAppearanceTransition without endAppearanceTransition),
    /// and the presenter a completed dismissal reveals is appeared again when it had disappeared
    /// (a presentation controller that sent it viewWillDisappear and forgot the way back).
    func judgeAppearanceBalance(_ transition: Transition, completed: Bool, phase: String) {
        // A transition begun since (from a completion: Slide's reversed pan) owns its controllers' callbacks.
        let newer = activeTransitions.filter { $0 !== transition }
        for controller in [transition.fromViewController, transition.toViewController]
        where !newer.contains(where: { $0.fromViewController === controller || $0.toViewController === controller }) {
            switch controller.appearance {
            case .appearing, .disappearing:
                let which = controller.appearance == .appearing ? "viewWillAppear" : "viewWillDisappear"
                report(.unbalancedAppearance, "\(controller.traceName) got \(which) but not its did-callback by the end of the \(transition.label): every beginAppearanceTransition needs its endAppearanceTransition", phase: phase)
            default: break
            }
        }
        if completed, transition.kind == .dismissal, transition.toViewController.appearance == .disappeared {
            report(.unbalancedAppearance, "\(transition.toViewController.traceName) is on screen again after the \(transition.label) but never got viewWillAppear/viewDidAppear back after its viewWillDisappear: call beginAppearanceTransition(true, animated) in dismissalTransitionWillBegin and endAppearanceTransition() in dismissalTransitionDidEnd, as you did for the presentation", phase: phase)
        }
    }

    /// A tap at the centre of what the user should see after a completed transition reaches
    /// that view: the window's hit view is inside it, or at least not a view in front of it (an
    /// invisible or transparent view left on top swallows the tap).
    func judgeTouchesReachShown(_ transition: Transition, phase: String, alreadyReported: [View] = []) {
        guard let shown = transition.toViewController.viewIfLoaded, isShown(shown), let window = shown.window else { return }
        let r = shown.convert(shown.bounds, to: window).standardized, w = window.bounds
        let rect = Rect(x: max(r.minX, w.minX), y: max(r.minY, w.minY),
                        width: min(r.maxX, w.maxX) - max(r.minX, w.minX), height: min(r.maxY, w.maxY) - max(r.minY, w.minY))
        guard rect.width > 0, rect.height > 0 else { return }
        let centre = Point(x: rect.midX, y: rect.midY)
        guard let hit = window.hitTest(centre), hit !== shown, !hit.isDescendant(of: shown), !shown.isDescendant(of: hit) else { return }
        guard isInFront(hit, of: shown) else { return }
        // A visible leftover is view-left-over already: the user sees what blocks the tap.
        if alreadyReported.contains(where: { hit.isDescendant(of: $0) }) { return }
        report(.touchesBlocked, "after the \(transition.label), a tap at the centre of \(shown.traceName) (\(formatNumber(centre.x)), \(formatNumber(centre.y))) lands on \(hit.traceName), a view in front of it\(hit.alpha < 0.02 || hit.backgroundColor == nil ? " that the user cannot see" : ""); remove it in your completion or set isUserInteractionEnabled = false", phase: phase)
    }

    /// Whether `a` is drawn in front of `b` (they share an ancestor and a's branch comes later).
    private func isInFront(_ a: View, of b: View) -> Bool {
        var chainA: [View] = []
        var current: View? = a
        while let v = current { chainA.append(v); current = v.superview }
        var childB: View = b
        var ancestor = b.superview
        while let candidate = ancestor {
            if let index = chainA.firstIndex(where: { $0 === candidate }), index > 0 {
                let childA = chainA[index - 1]
                let ia = candidate.subviews.firstIndex { $0 === childA } ?? -1
                let ib = candidate.subviews.firstIndex { $0 === childB } ?? -1
                return ia > ib
            }
            childB = candidate
            ancestor = candidate.superview
        }
        return false
    }

    /// Views in the window placed by constraints that do not fix their frame; each reported once.
    func judgeAmbiguousLayout(phase: String) {
        guard let engine = autoLayoutEngine, engine.activeConstraintCount > 0 else { return }
        for view in engine.ambiguousViews() where view.window != nil && reportedAmbiguity.insert(ObjectIdentifier(view)).inserted {
            report(.ambiguousLayout, "\(view.traceName)'s constraints do not fix its frame (hasAmbiguousLayout is true): add constraints for its \(engine.ambiguousAttributes(of: view).joined(separator: ", ")), as UIKit needs a position and a size on each axis", phase: phase)
        }
    }

    /// A visible view above the one the user should see, overlapping it, that the animator's
    /// time added: in the container when completeTransition was called, and not chrome from
    /// before the animator ran. Views below it (a dimming view, a blur backdrop) are normal.
    @discardableResult
    private func judgeLeftovers(_ transition: Transition, completed: Bool, candidates: Set<ObjectIdentifier>, phase: String) -> [View] {
        var reported: [View] = []
        let container = transition.containerView
        guard container.window != nil else { return reported }   // UIKit removed the container: nothing can cover
        // What the user should see: the to view after a completed transition (the presented
        // view, or the pushed or popped-to one), the from view after a cancelled one.
        let key: TransitionKey = completed ? .to : .from
        let controller = completed ? transition.toViewController : transition.fromViewController
        guard let shown = transition.view(key) ?? controller.viewIfLoaded,
              let top = container.subviews.firstIndex(where: { shown.isDescendant(of: $0) }) else { return reported }
        let shownRect = shown.convert(shown.bounds, to: container)
        let chrome = transition.checks?.chrome ?? []
        for view in container.subviews[(top + 1)...] where candidates.contains(ObjectIdentifier(view)) && !chrome.contains(ObjectIdentifier(view)) {
            guard isShown(view), view.frame.overlapArea(shownRect) > 0 else { continue }
            report(.viewLeftOver, "\(view.traceName) was left in the container above \(shown.traceName) after the \(transition.label) (\(completed ? "completed" : "cancelled")) and covers it; remove views you add for the animation in its completion", phase: phase)
            reported.append(view)
        }
        return reported
    }

    /// After a cancel, the views still in the window must be back to their starting values.
    private func judgeRestored(_ transition: Transition, checks: TransitionChecks, phase: String) {
        // Issue 22 item 3: only views UIKit left in the window (a cancelled tab switch takes the
        // incoming view out), and not one a transition begun since (in a completion) now moves.
        let newer = activeTransitions.filter { $0 !== transition }
        for state in checks.startStates {
            guard let view = state.view, view.window != nil else { continue }
            if let kept = checks.inWindowAfterCleanUp, !kept.contains(ObjectIdentifier(view)) { continue }
            if newer.contains(where: { other in [other.fromView, other.toView, other.presenting.viewIfLoaded, other.presented.viewIfLoaded].contains { $0 === view } }) { continue }
            var differences: [String] = []
            if !view.frame.isClose(to: state.frame) { differences.append("frame \(view.frame) (was \(state.frame))") }
            if abs(view.alpha - state.alpha) > 0.001 { differences.append("alpha \(formatNumber(view.alpha)) (was \(formatNumber(state.alpha)))") }
            if !view.layer.transform.isClose(to: state.transform) { differences.append("transform changed") }
            if view.isHidden != state.isHidden { differences.append("isHidden \(view.isHidden) (was \(state.isHidden))") }
            guard !differences.isEmpty else { continue }
            report(.cancelNotRestored, "after the cancelled \(transition.label), \(view.traceName) is not back where it started: \(differences.joined(separator: ", ")); restore what you changed when ctx.transitionWasCancelled", phase: phase)
        }
    }

    /// Animations of the transition that end after the instant it completed.
    private func judgeRunningAnimations(_ transition: Transition, completedAt: Double, phase: String) {
        let late = transition.space.groups.filter { !$0.isFinished && !$0.isOwnedByAnimator && (transition.space.worldTime(whenLocalReaches: $0.endTime, notBefore: completedAt).map { $0 > completedAt + 1e-9 } ?? true) }
        let animatorRuns = transition.interruptibleAnimator?.isRunning == true
        guard !late.isEmpty || animatorRuns else { return }
        let what = animatorRuns ? "its UIViewPropertyAnimator is still running" : "\(late.count) animation\(late.count == 1 ? "" : "s") of it still run\(late.count == 1 ? "s" : "")"
        report(.animationAfterCompletion, "completeTransition was called for the \(transition.label) but \(what); call it in the completion of the last animation", phase: phase)
    }

    /// Geometry that became NaN or infinite (inputs are checked when set; arithmetic such as a
    /// huge scale of a huge view can still overflow).
    private func judgeFiniteGeometry(_ transition: Transition, phase: String) {
        var views = [transition.containerView]
        for view in [transition.fromView, transition.toView, transition.presenting.viewIfLoaded, transition.presented.viewIfLoaded] {
            if let view, !view.isDescendant(of: transition.containerView) { views.append(view) }
        }
        var stack = views
        while let view = stack.popLast() {
            if !view.frame.isFinite || !view.bounds.isFinite || !view.center.isFinite || !view.layer.transform.isFinite {
                report(.nonFiniteGeometry, "\(view.traceName) has non-finite geometry after the \(transition.label): frame \(view.frame); check the arithmetic behind its frame and transform", phase: phase)
                return
            }
            stack.append(contentsOf: view.subviews)
        }
    }

    // MARK: - The end of the scene

    /// Transitions still in flight when the scene and its settling time are over.
    public func judgeEndOfScene() {
        runEndOfTurnWork()
        judgeAmbiguousLayout(phase: "scene")
        for transition in activeTransitions {
            if judgeNeverDriven(transition) { continue }
            let why = transition.isInteractive
                ? "it is interactive and its interaction controller never called finish() or cancel() (or called them before the transition began)"
                : "it never completed"
            report(.transitionStuck, "the \(transition.label) is still running when the scene ends: \(why); UIKit would leave the app frozen", phase: transition.phase)
        }
    }

    // MARK: - Interaction controllers

    /// update/finish/cancel/pause on an interaction controller no transition uses. Reported once
    /// per controller (each call is traced). Issue 22 item 3: a subclass's own call (its
    /// override's super.update) is named as the subclass's, with the cause that fits it.
    public func interactionDrivesNothing(_ controller: AnyObject, _ call: String) {
        let name = describe(controller)
        traceEvent(name, "\(call) drives nothing", [])
        if let percent = controller as? PercentDrivenInteractiveTransition {
            if percent.reportedDrivesNothing { return }
            percent.reportedDrivesNothing = true
        }
        let className = (controller as? HostObject).map { type(of: $0).className } ?? "UIPercentDrivenInteractiveTransition"
        let isSubclass = !name.hasPrefix(className) && !name.hasPrefix("<\(className)")
        let subject = isSubclass ? "\(name) (a \(className) subclass) called \(call), UIKit's implementation," : "\(name).\(call) was called"
        report(.interactionDrivesNothing, "\(subject) but no transition uses it: it was not returned by interactionControllerFor... (or the transition had not begun); return it from interactionControllerForDismissal (or ...Presentation) while a gesture drives the transition")
    }

    // MARK: - Helpers

    /// Issue 22 item 3: remembers which touched views UIKit's clean-up left in the window.
    func noteViewsInWindowAfterCleanUp(_ transition: Transition) {
        guard let checks = transition.checks else { return }
        checks.inWindowAfterCleanUp = Set(checks.startStates.compactMap { state in
            state.view.flatMap { $0.window != nil ? ObjectIdentifier($0) : nil } })
    }

    /// In the window, not hidden, not transparent up the chain, and covering part of the screen.
    func isShown(_ view: View) -> Bool {
        guard let window = view.window else { return false }
        var current: View? = view
        while let v = current {
            if v.isHidden || v.alpha < 0.01 { return false }
            current = v.superview
        }
        let rect = view.convert(view.bounds, to: window)
        return rect.isFinite && rect.overlapArea(window.bounds) > 0
    }
}

// MARK: - Issue 22 item 3: tolerances judged by what a user sees

/// How far (in points, per edge and size) the to view may end from ctx:finalFrame before
/// final-frame-mismatch: 1 pt. A 1-pt offset is a hairline a user does not see move (the App
/// Store card pins its top at −1 pt on purpose to hide a seam); anything larger shows as a gap
/// or as a jump when UIKit next lays the view out (docs/check.md, docs/semantics.md).
let finalFrameTolerance = 1.0 + 1e-6

extension Rect {
    /// Equal within `tolerance` points in every component.
    func isClose(to other: Rect, within tolerance: Double) -> Bool {
        let a = standardized, b = other.standardized
        return abs(a.x - b.x) <= tolerance && abs(a.y - b.y) <= tolerance && abs(a.width - b.width) <= tolerance && abs(a.height - b.height) <= tolerance
    }
}

extension Rect {
    /// Equal within half a point in every component (frames come from animation arithmetic).
    func isClose(to other: Rect) -> Bool {
        let a = standardized, b = other.standardized
        return abs(a.x - b.x) <= 0.5 && abs(a.y - b.y) <= 0.5 && abs(a.width - b.width) <= 0.5 && abs(a.height - b.height) <= 0.5
    }

    /// The area two rectangles share (0 when they only touch).
    func overlapArea(_ other: Rect) -> Double {
        let width = min(maxX, other.maxX) - max(minX, other.minX)
        let height = min(maxY, other.maxY) - max(minY, other.minY)
        return width > 0 && height > 0 ? width * height : 0
    }
}

extension Transform3D {
    func isClose(to other: Transform3D) -> Bool {
        zip(elements, other.elements).allSatisfy { abs($0 - $1) <= 1e-6 }
    }
}

extension TransitionContext {
    /// `ctx:completeTransition(didComplete)` from a script: traced as the script's call, then
    /// completes the transition; a call after it completed is a problem, not an error.
    public func completeTransitionFromScript(_ didComplete: Bool) throws {
        world.traceEvent(traceName, "completeTransition(\(didComplete))")
        guard let transition else { return world.reportCompletedTwice(self, didComplete) }
        try transition.completeTransition(didComplete)
    }
}
