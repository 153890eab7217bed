// UIKit's gesture recognition: each kind's rule for leaving `possible` (per touch event), and
// the arbitration between the candidates of one touch — failure requirements
// (`require(toFail:)` and the delegate's two hooks), `gestureRecognizerShouldBegin`,
// simultaneous recognition, and the rule that a recognizer that recognizes makes the others
// fail. The thresholds that UIKit does not document are decisions (docs/semantics.md, "Gestures").

/// The longest pause between one tap's lift and the next touch for both to count toward a
/// tap recognizer's numberOfTapsRequired. UIKit does not document it; 0.35 s is its measured
/// double-tap interval.
let multipleTapInterval = 0.35
/// Movement (points) before a pan begins or a tap fails, as UIKit's recognizers use.
let gestureHysteresis = 10.0
/// Screen-edge pans begin only within this distance of their edge (docs/design.md §2.7).
let edgeBand = 20.0
/// A swipe must travel this far (points) in its direction ...
public let swipeMinimumDistance = 50.0
/// ... within this time of touching down ...
public let swipeMaximumDuration = 0.5
/// ... moving at most this many points across the direction per point along it (about 27°).
public let swipeMaximumDeviation = 0.5
/// Change of the distance between the fingers (points) before a pinch begins.
let pinchHysteresis = 10.0

enum TouchEvent { case moved, lifted, timer }

/// What a recognizer's rule asks for after an event.
private enum Proposal { case stay, fail, recognize }

extension World {
    /// At touch down: failure requirements among the candidates, the checks on the number of
    /// fingers, and the timers of long presses and swipes.
    func beginRecognition(_ tracker: TouchTracker) throws {
        let candidates = tracker.candidates
        for dependent in candidates {
            for required in candidates where required !== dependent {
                if try requiresFailure(dependent, of: required) { tracker.requirements.append((dependent, required)) }
            }
        }
        let fingers = tracker.current.count
        for recognizer in candidates where !acceptsFingerCount(recognizer, fingers) {
            try fail(recognizer, in: tracker)
        }
        for recognizer in candidates where recognizer.state == .possible {
            if let press = recognizer as? LongPressGestureRecognizer {
                let delay = max(0, press.minimumPressDuration)
                _ = schedule(at: now + delay, label: "long press") { [unowned self] in
                    try self.timerFired(recognizer, in: tracker)
                }
            } else if recognizer.kind == .swipe {
                _ = schedule(at: now + swipeMaximumDuration, label: "swipe timeout") { [unowned self] in
                    try self.timerFired(recognizer, in: tracker)
                }
            }
        }
    }

    /// A move or the lift, delivered to every candidate still taking part (deepest first).
    func deliver(_ event: TouchEvent, to tracker: TouchTracker) throws {
        if event == .lifted { tracker.isLifted = true }
        for recognizer in tracker.candidates where recognizer.tracker === tracker {
            switch recognizer.state {
            case .began, .changed:
                try recognizer.transition(to: event == .lifted ? .ended : .changed)
            case .possible where !tracker.waiting.contains(where: { $0 === recognizer }):
                try apply(proposal(recognizer, event, tracker), to: recognizer, in: tracker)
            case .possible:
                // Waiting for another to fail: a continuous gesture cannot begin once the
                // fingers lifted; a discrete one is resolved when the other fails.
                if event == .lifted && recognizer.isContinuous { try fail(recognizer, in: tracker) }
            default:
                break
            }
        }
    }

    /// A disabled recognizer leaves the touch: cancelled if it was recognizing, else failed.
    func withdraw(_ recognizer: GestureRecognizer, from tracker: TouchTracker) throws {
        switch recognizer.state {
        case .began, .changed: try recognizer.transition(to: .cancelled)
        case .possible: try fail(recognizer, in: tracker)
        default: break
        }
    }

    private func timerFired(_ recognizer: GestureRecognizer, in tracker: TouchTracker) throws {
        guard currentTouch === tracker, recognizer.tracker === tracker, recognizer.state == .possible,
              !tracker.waiting.contains(where: { $0 === recognizer }) else { return }
        try apply(proposal(recognizer, .timer, tracker), to: recognizer, in: tracker)
    }

    // MARK: - Each kind's rule

    private func acceptsFingerCount(_ recognizer: GestureRecognizer, _ count: Int) -> Bool {
        switch recognizer.kind {
        case .pan, .screenEdgePan: return count >= recognizer.minimumNumberOfTouches && count <= recognizer.maximumNumberOfTouches
        case .tap, .longPress, .swipe: return count == recognizer.numberOfTouchesRequired
        case .pinch: return true  // a pinch with one finger stays possible: a second could come
        }
    }

    private func proposal(_ recognizer: GestureRecognizer, _ event: TouchEvent, _ tracker: TouchTracker) -> Proposal {
        let moved = tracker.movement
        switch recognizer.kind {
        case .tap:
            if event == .lifted {
                guard let tap = recognizer as? TapGestureRecognizer, tap.numberOfTapsRequired > 1 else { return .recognize }
                // Taps count toward numberOfTapsRequired while each goes down soon enough after
                // the last lifted (docs/semantics.md, "Gestures": multiple taps).
                let continues = tracker.startTime - tap.lastTapTime <= multipleTapInterval
                tap.tapsCounted = continues ? tap.tapsCounted + 1 : 1
                tap.lastTapTime = tracker.currentTime
                guard tap.tapsCounted >= tap.numberOfTapsRequired else { return .stay }
                tap.tapsCounted = 0
                tap.lastTapTime = -.infinity
                return .recognize
            }
            return moved > gestureHysteresis ? .fail : .stay
        case .pan:
            if event == .lifted { return .fail }
            return moved > gestureHysteresis ? .recognize : .stay
        case .screenEdgePan:
            if event == .lifted { return .fail }
            guard moved > gestureHysteresis, let edgePan = recognizer as? ScreenEdgePanGestureRecognizer else { return .stay }
            return movesInward(tracker.centroid - tracker.startCentroid, from: edgePan.edges) ? .recognize : .fail
        case .longPress:
            guard let press = recognizer as? LongPressGestureRecognizer else { return .stay }
            switch event {
            case .lifted: return .fail
            case .timer: return .recognize
            case .moved: return moved > press.allowableMovement ? .fail : .stay
            }
        case .swipe:
            guard let swipe = recognizer as? SwipeGestureRecognizer else { return .stay }
            if event != .moved { return .fail }
            if tracker.currentTime - tracker.startTime > swipeMaximumDuration { return .fail }
            let delta = tracker.centroid - tracker.startCentroid
            var mostlyAllowed = false
            for direction in SwipeDirection.allCases where swipe.direction.contains(direction) {
                let (along, across) = components(delta, direction)
                guard along > 0, abs(across) <= along * swipeMaximumDeviation else { continue }
                if along >= swipeMinimumDistance { return .recognize }
                mostlyAllowed = true
            }
            return moved > gestureHysteresis && !mostlyAllowed ? .fail : .stay
        case .pinch:
            if event == .lifted { return .fail }
            guard tracker.current.count >= 2 else { return .stay }
            return abs(tracker.fingerDistance - tracker.startFingerDistance) > pinchHysteresis ? .recognize : .stay
        }
    }

    /// The movement along a swipe direction and across it.
    private func components(_ delta: Point, _ direction: SwipeDirection) -> (along: Double, across: Double) {
        switch direction {
        case .right: return (delta.x, delta.y)
        case .left: return (-delta.x, delta.y)
        case .down: return (delta.y, delta.x)
        case .up: return (-delta.y, delta.x)
        }
    }

    /// An edge pan begins only when the movement is mostly away from its edge.
    private func movesInward(_ delta: Point, from edge: RectEdge) -> Bool {
        switch edge {
        case .left: return delta.x > abs(delta.y)
        case .right: return -delta.x > abs(delta.y)
        case .top: return delta.y > abs(delta.x)
        case .bottom: return -delta.y > abs(delta.x)
        }
    }

    // MARK: - Arbitration

    private func apply(_ proposal: Proposal, to recognizer: GestureRecognizer, in tracker: TouchTracker) throws {
        switch proposal {
        case .stay: return
        case .fail: try fail(recognizer, in: tracker)
        case .recognize: try attempt(recognizer, in: tracker)
        }
    }

    private func required(by dependent: GestureRecognizer, in tracker: TouchTracker) -> [GestureRecognizer] {
        tracker.requirements.filter { $0.dependent === dependent }.map(\.required)
    }

    /// The recognizer's condition is met: it recognizes now, waits for the recognizers it
    /// requires to fail, or fails because one of them recognized.
    private func attempt(_ recognizer: GestureRecognizer, in tracker: TouchTracker) throws {
        let requirements = required(by: recognizer, in: tracker).filter { $0.tracker === tracker }
        if requirements.contains(where: { $0.state != .possible && $0.state != .failed }) {
            try fail(recognizer, in: tracker)
        } else if requirements.contains(where: { $0.state == .possible }) {
            if !tracker.waiting.contains(where: { $0 === recognizer }) { tracker.waiting.append(recognizer) }
        } else {
            try recognize(recognizer, in: tracker)
        }
    }

    private func recognize(_ recognizer: GestureRecognizer, in tracker: TouchTracker) throws {
        tracker.waiting.removeAll { $0 === recognizer }
        guard recognizer.state == .possible, recognizer.tracker === tracker else { return }
        if tracker.isLifted && recognizer.isContinuous { try fail(recognizer, in: tracker); return }
        guard recognizer.ownerAllowsBegin?(tracker.centroid - tracker.startCentroid) ?? true,
              try askDelegate(recognizer, Hook.GestureRecognizerDelegate.gestureRecognizerShouldBegin, nil, default: true) else {
            try fail(recognizer, in: tracker); return
        }
        // One that already recognized prevents this one unless they may recognize together.
        for other in tracker.candidates where other !== recognizer && other.tracker === tracker && isRecognizing(other) {
            guard try simultaneous(recognizer, other) else { try fail(recognizer, in: tracker); return }
        }
        try recognizer.transition(to: recognizer.isContinuous ? .began : .ended)
        // Recognizing makes the others fail, unless they may recognize together; those that
        // require this one to fail fail in any case.
        let dependents = tracker.requirements.filter { $0.required === recognizer }.map(\.dependent)
        for other in tracker.candidates where other !== recognizer && other.tracker === tracker && other.state == .possible {
            let prevented = try dependents.contains(where: { $0 === other }) || !simultaneous(recognizer, other)
            if prevented {
                try fail(other, in: tracker)
            }
        }
    }

    private func isRecognizing(_ recognizer: GestureRecognizer) -> Bool {
        recognizer.state == .began || recognizer.state == .changed || recognizer.state == .ended
    }

    /// Fails a recognizer that is still possible, then lets the recognizers waiting for it go
    /// on when nothing else they require is still possible.
    private func fail(_ recognizer: GestureRecognizer, in tracker: TouchTracker) throws {
        tracker.waiting.removeAll { $0 === recognizer }
        guard recognizer.state == .possible else { return }
        recognizer.state = .failed
        for waiter in tracker.waiting where required(by: waiter, in: tracker).contains(where: { $0 === recognizer }) {
            let requirements = required(by: waiter, in: tracker).filter { $0.tracker === tracker }
            if requirements.allSatisfy({ $0.state == .failed }) { try recognize(waiter, in: tracker) }
        }
    }

    // MARK: - The delegate

    /// UIKit allows two recognizers to recognize together when either delegate says so.
    private func simultaneous(_ a: GestureRecognizer, _ b: GestureRecognizer) throws -> Bool {
        typealias D = Hook.GestureRecognizerDelegate
        if try askDelegate(a, D.shouldRecognizeSimultaneouslyWith, b, default: false) { return true }
        return try askDelegate(b, D.shouldRecognizeSimultaneouslyWith, a, default: false)
    }

    private func requiresFailure(_ dependent: GestureRecognizer, of required: GestureRecognizer) throws -> Bool {
        typealias D = Hook.GestureRecognizerDelegate
        if dependent.requiredToFail.contains(where: { $0 === required }) { return true }
        if try askDelegate(dependent, D.shouldRequireFailureOf, required, default: false) { return true }
        return try askDelegate(required, D.shouldBeRequiredToFailBy, dependent, default: false)
    }

    private func askDelegate(_ recognizer: GestureRecognizer, _ hook: Hook.GestureRecognizerDelegate, _ other: GestureRecognizer?, default value: Bool) throws -> Bool {
        guard let delegate = recognizer.delegate, try responds(delegate, hook) else { return value }
        var arguments: [ScriptValue] = [.object(recognizer)]
        if let other { arguments.append(.object(other)) }
        switch try callScript(delegate, hook, arguments) {
        case .boolean(let answer): return answer
        case .none: return value
        case let other:
            throw hookError(delegate, hook, "\(hook) must return a boolean (got \(other.traceDescription))")
        }
    }
}
