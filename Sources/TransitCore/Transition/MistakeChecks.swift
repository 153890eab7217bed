// Issue 22 item 2: the mistakes UIKit developers make, reported by their cause and their fix
// rather than by the symptom another check would see (a hang, a black screen). Each rule is a
// row of docs/check.md; the fixtures are Tests/Fixtures/problems/<id>.lua (broken) and
// ok-<id>.lua (its corrected twin), and Tests/Fixtures/mistakes/ for mistakes reported under an
// older id.

extension World {
    // MARK: - At present time

    /// What the presentation reads from the presented controller, judged as UIKit reads it:
    /// a presentation controller vended for a style that never asks for one, and a delegate
    /// set on the presenter (a dead property) while the presented controller has none.
    func judgeDelegateAtPresent(_ presented: ViewController, presenting: ViewController, source: ViewController,
                                delegate: AnyObject?, style: ModalPresentationStyle) throws {
        if let delegate, style != .custom, systemVersion >= 8,
           try responds(delegate, named: Hook.TransitioningDelegate.presentationController) {
            let requested = try presented.effectiveModalPresentationStyle()
            let shown = requested == style ? style.rawValue : "\(requested.rawValue), shown as \(style.rawValue) on iOS \(formatNumber(Double(systemVersion)))"
            let place = scripting?.location(of: delegate, Hook.TransitioningDelegate.presentationController).map { "\($0): " } ?? ""
            report(.presentationControllerIgnored, "\(place)\(presented.traceName).transitioningDelegate implements presentationController, but its modalPresentationStyle is \(shown): UIKit asks for a presentation controller only for the custom style, so yours never runs; set \(presented.traceName).modalPresentationStyle = \"custom\" before present", phase: "present")
        }
        guard delegate == nil else { return }
        for holder in [source, presenting] where holder !== presented {
            // A presenter that was itself presented uses its delegate for its own dismissal.
            guard holder.presentingViewController == nil, let misplaced = holder.transitioningDelegate else { continue }
            let hooks = [Hook.TransitioningDelegate.animationControllerForPresented.rawValue, Hook.TransitioningDelegate.presentationController]
            guard try hooks.contains(where: { try responds(misplaced, named: $0) }) else { continue }
            report(.delegateOnPresenter, "\(holder.traceName) presents \(presented.traceName), but the transitioningDelegate (\(describe(misplaced))) is set on \(holder.traceName), the presenting controller: UIKit asks the presented controller's delegate, so the presentation uses the system animation; set \(presented.traceName).transitioningDelegate (and its modalPresentationStyle) before present", phase: "present")
            return
        }
    }

    /// transitioningDelegate or modalPresentationStyle changed on a controller whose
    /// presentation already read them: while it is being presented, or in the turn of its
    /// present call (a non-animated presentation is over when present returns). Setting the
    /// delegate later, for the dismissal, is right and not reported.
    func judgeLateSetting(_ controller: ViewController, _ property: String) {
        guard controller.presentingViewController != nil,
              controller.isBeingPresented || controller.presentedAtTurn == turn else { return }
        report(.delegateSetTooLate, "\(controller.traceName).\(property) was set after present(\(controller.traceName)) was called: UIKit read it when present was called, so this presentation ignores it; set transitioningDelegate and modalPresentationStyle before calling present")
    }

    // MARK: - Interaction

    /// A transition that began interactively and is still waiting when the scene ends, although
    /// nothing ever updated, paused, finished or cancelled it: the interaction controller was
    /// returned for a transition no gesture drives (a dismissal from a button). Reported instead
    /// of transition-stuck; true when it was.
    func judgeNeverDriven(_ transition: Transition) -> Bool {
        guard transition.initiallyInteractive, transition.isInteractive, transition.checks?.interactionDriven == false,
              let interaction = transition.interactionController else { return false }
        let hook = transition.kind == .presentation ? Hook.TransitioningDelegate.interactionControllerForPresentation.rawValue
            : transition.kind == .dismissal ? Hook.TransitioningDelegate.interactionControllerForDismissal.rawValue : "the delegate's interaction controller hook"
        report(.interactionNeverDriven, "the \(transition.label) never ends: \(hook) returned \(describe(interaction)), so UIKit made the transition interactive and waits for it, but nothing drove it (no update, finish or cancel came: no gesture was in progress, as for a dismissal from a button); return nil from \(hook) unless a gesture is driving the transition", phase: transition.phase)
        return true
    }

    // MARK: - Presentation controllers

    /// shouldRemovePresentersView true under a presented view that leaves part of the container
    /// uncovered: UIKit takes the presenter's view out of the window, and the uncovered part is
    /// the window's black background.
    func judgeRemovedPresenter(_ transition: Transition, presentedView: View?) {
        guard transition.removesPresentersView, let view = presentedView, transition.checks?.timedOut != true,
              transition.presentationStyle == .custom else { return }
        let container = transition.containerView
        let rect = view.convert(view.bounds, to: container)
        let bounds = container.bounds
        let covers = rect.minX <= bounds.minX + 0.5 && rect.minY <= bounds.minY + 0.5
            && rect.maxX >= bounds.maxX - 0.5 && rect.maxY >= bounds.maxY - 0.5
        guard !covers, isShown(view) else { return }
        let uncovered = bounds.width * bounds.height - rect.overlapArea(bounds)
        let share = Int((100 * uncovered / max(1, bounds.width * bounds.height)).rounded())
        let place = scripting?.location(of: transition.presentationController, Hook.PresentationController.shouldRemovePresentersView).map { "\($0): " } ?? ""
        report(.presenterRemovedUncovered, "\(place)\(transition.presentationController.traceName).shouldRemovePresentersView is true, but \(view.traceName) at \(rect) leaves \(share) % of the container \(bounds) uncovered: UIKit removes the presenter's view when the presentation ends and a black band shows there; return false from shouldRemovePresentersView for a presented view that does not cover the screen", phase: transition.phase)
    }

    /// dismissalTransitionDidEnd(false), with the views it removes from the container: after a
    /// cancelled dismissal the presentation stays, and so must its chrome.
    func dismissalDidEndCancelled(_ transition: Transition) throws {
        let container = transition.containerView
        let before = container.subviews
        try transition.presentationController.dismissalTransitionDidEnd(false)
        guard transition.checks?.timedOut != true else { return }
        let presentedView = transition.presented.viewIfLoaded
        for view in before where view.superview !== container && view !== presentedView {
            if let presentedView, presentedView.isDescendant(of: view) { continue }
            let place = scripting?.location(of: transition.presentationController, Hook.PresentationController.dismissalTransitionDidEnd).map { "\($0): " } ?? ""
            report(.chromeRemovedOnCancel, "\(place)dismissalTransitionDidEnd(false) removed \(view.traceName) from the container, but the dismissal was cancelled and the presentation stays (without it from now on); remove chrome only when completed is true (wrap the removal in `if completed then ... end`)", phase: transition.phase)
        }
    }

    /// After a cancelled dismissal of a style that takes the presenter's view out of the window,
    /// that view is out of the window again, but UIKit puts it back as it is at the next
    /// dismissal: a transform, alpha or isHidden the animator left shows then.
    func judgeRestoredOutOfWindow(_ transition: Transition, checks: TransitionChecks, phase: String) {
        guard transition.kind == .dismissal, transition.removesPresentersView,
              let presenterView = transition.presenting.viewIfLoaded, presenterView.window == nil,
              let state = checks.startStates.first(where: { $0.view === presenterView }) else { return }
        var differences: [String] = []
        if !presenterView.layer.transform.isClose(to: state.transform) { differences.append("its transform changed (scaled, rotated or moved)") }
        if abs(presenterView.alpha - state.alpha) > 0.001 { differences.append("alpha \(formatNumber(presenterView.alpha)) (was \(formatNumber(state.alpha)))") }
        if presenterView.isHidden != state.isHidden { differences.append("isHidden \(presenterView.isHidden) (was \(state.isHidden))") }
        guard !differences.isEmpty else { return }
        report(.cancelNotRestored, "after the cancelled \(transition.label), the presenter's view \(presenterView.traceName) is out of the window again but not back where it started: \(differences.joined(separator: ", ")); UIKit puts it back as it is at the next dismissal, so restore it in the completion when ctx.transitionWasCancelled (view.transform = CGAffineTransform.identity)", phase: phase)
    }

    /// A custom-style dismissal whose animator put the presenter's view into the container (an
    /// iOS 7 habit): UIKit removes the container with it. The message for revealed-not-visible.
    func revealedInContainerMessage(_ transition: Transition, _ shown: View) -> String {
        "\(shown.traceName) is not in the window after the \(transition.label): the animator put the presenter's view into ctx.containerView, and UIKit removes the container, with what it holds, when the dismissal completes (the black screen). For the \(transition.presentationStyle.rawValue) style the presenter's view stays in the window under the presentation (ctx:view(\"to\") is nil): do not add it to the container; animate the presented view only"
    }

    // MARK: - Interruptible animators

    /// UIKit asks interruptibleAnimator again after animateTransition and needs the animator
    /// that animateTransition started: one that is still inactive while another property
    /// animator runs the transition's animations was made by a second call.
    func judgeInterruptibleAnimatorAfterAnimate(_ transition: Transition) {
        // Each property animator runs its animations in a child space of the transition's.
        guard let returned = transition.interruptibleAnimator, !returned.isRunning,
              transition.space.children.contains(where: { child in
                  guard let space = child.space, space !== returned.space else { return false }
                  return space.groups.contains { !$0.isFinished }
              }),
              let animator = transition.animator else { return }
        let place = scripting?.location(of: animator, Hook.AnimatedTransitioning.interruptibleAnimator).map { "\($0): " } ?? ""
        report(.interruptibleAnimatorChanged, "\(place)\(describe(animator)).interruptibleAnimator returned a new UIViewPropertyAnimator when UIKit called it after animateTransition, not the one animateTransition started (it builds one on every call): UIKit pauses, scrubs and finishes the one it gets, so the transition's animations run out of its control; create the animator once per transition, keep it in a field and return that same object until animationEnded", phase: transition.phase)
    }

    // MARK: - Snapshots

    /// snapshotView(afterScreenUpdates: false) shows what the screen last rendered of the view;
    /// one never in a window when a run-loop turn ended was never rendered, and UIKit's
    /// snapshot of it is empty (blank). Transit still draws it; each view is reported once.
    func judgeSnapshotOfUndrawnView(_ view: View) {
        // A snapshot view holds a picture already (a snapshot of a snapshot copies it).
        if case .snapshot = view.layer.content { return }
        guard !view.wasDrawn, reportedUndrawnSnapshots.insert(ObjectIdentifier(view)).inserted else { return }
        report(.snapshotNeverDrawn, "\(view.traceName):snapshotView(false) (afterScreenUpdates: false) of a view that has never been drawn (it was never in the window when a run-loop turn ended, when UIKit renders): on iOS the snapshot is empty, so the animation shows nothing where it should be; pass true (snapshotView(true) renders it first), or snapshot it once it is on screen")
    }

    // MARK: - The deadline

    /// At the completeTransition deadline: when an animation of the transition is still running
    /// (it outlasts transitionDuration), that is the cause, not a forgotten completeTransition.
    /// True when it reported.
    func judgeOutlastingAnimation(_ transition: Transition) -> Bool {
        let running = transition.space.groups.filter { !$0.isFinished && !$0.isOwnedByAnimator }
        var ends = running.compactMap { transition.space.worldTime(whenLocalReaches: $0.endTime, notBefore: now) }
        if let animator = transition.interruptibleAnimator, animator.isRunning { ends.append(.infinity) }
        guard !running.isEmpty || transition.interruptibleAnimator?.isRunning == true else { return false }
        let start = transitionHistory[transition.recordIndex ?? 0].start
        let last = ends.filter(\.isFinite).max()
        let length = last.map { " lasts \(formatNumber($0 - start)) s" } ?? " still runs"
        let animator = transition.animator.map(describe) ?? "the animator"
        let place = transition.animator.flatMap { scripting?.location(of: $0, Hook.AnimatedTransitioning.transitionDuration) }.map { "\($0): " } ?? ""
        report(.animationOutlastsDuration, "\(place)an animation of the \(transition.label)\(length), but \(animator).transitionDuration returned \(formatNumber(transition.duration)) s: completeTransition, in its completion, comes after UIKit's deadline (UIKit also drives interactive transitions and the coordinator's alongside animations for transitionDuration); return the animation's real length from transitionDuration (or shorten the animation)", phase: transition.phase)
        return true
    }
}

extension View {
    /// Joined or left a window: remembers whether it stayed in one past the end of a turn.
    func noteWindowChange() {
        if window != nil {
            if windowEntryTurn == nil { windowEntryTurn = world.turnsEnded }
        } else if let entry = windowEntryTurn {
            if world.turnsEnded > entry { hasBeenDrawn = true }
            windowEntryTurn = nil
        }
        for subview in subviews { subview.noteWindowChange() }
    }

    /// Rendered at least once: in a window when a run-loop turn ended.
    var wasDrawn: Bool { hasBeenDrawn || windowEntryTurn.map { $0 < world.turnsEnded } == true }
}
