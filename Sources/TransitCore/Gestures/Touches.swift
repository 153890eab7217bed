// Synthetic touches from scenes and UIKit's recognition rules for pan, screen-edge pan and
// tap: the touch is hit-tested in the window, the recognizers on the hit view and its
// ancestors compete, the first to recognize wins and the others fail.

/// Movement (points) before a pan begins or a tap fails, as UIKit's recognizers use.
let gestureHysteresis = 10.0
/// Screen-edge pans begin only within this distance of their edge (docs/design.md §2.7).
let edgeBand = 20.0
/// Touch samples per second for synthetic drags.
let touchSampleRate = 60.0

final class TouchTracker {
    let start: Point
    var current: Point
    var previous: Point
    var previousTime: Double
    var currentTime: Double
    var candidates: [GestureRecognizer]
    var active: GestureRecognizer?

    init(start: Point, time: Double, candidates: [GestureRecognizer]) {
        self.start = start; current = start; previous = start
        previousTime = time; currentTime = time
        self.candidates = candidates
    }
}

extension GestureRecognizer {
    /// Where the touch is, in `view`'s coordinates (nil: the window's).
    public func location(in view: View?) -> Point {
        guard let tracker else { return .zero }
        return world.window.convert(tracker.current, to: view)
    }

    /// How far the touch moved since the gesture began (minus setTranslation's base).
    public func translation(in view: View?) -> Point {
        guard let tracker else { return .zero }
        let now = world.window.convert(tracker.current, to: view)
        let begin = world.window.convert(tracker.start, to: view)
        return now - begin - translationBase
    }

    public func setTranslation(_ translation: Point, in view: View?) {
        guard tracker != nil else { return }
        translationBase = .zero
        translationBase = self.translation(in: view) - translation
    }

    /// Points per second over the last sample.
    public func velocity(in view: View?) -> Point {
        guard let tracker, tracker.currentTime > tracker.previousTime else { return .zero }
        let a = world.window.convert(tracker.previous, to: view), b = world.window.convert(tracker.current, to: view)
        return (b - a) * (1 / (tracker.currentTime - tracker.previousTime))
    }

    func transition(to state: GestureState) throws {
        self.state = state
        world.traceEvent(traceName, state.rawValue, [formatNumber(tracker?.current.x ?? 0), formatNumber(tracker?.current.y ?? 0)])
        try action?(self)
    }
}

extension World {
    /// Schedules a touch that goes down at the first point and moves through the rest at
    /// `touchSampleRate`, lifting at the end when `release` is true.
    public func performTouch(from start: Point, to end: Point, duration: Double, release: Bool) throws {
        guard start.isFinite, end.isFinite, duration.isFinite, duration >= 0 else {
            throw AnimationError.invalid("touch points and duration must be finite (duration ≥ 0)")
        }
        // A finger is down for seconds, not hours; the bound also keeps the number of sampled
        // moves (duration × touchSampleRate) small enough to schedule.
        guard duration <= World.maximumTouchDuration else {
            throw AnimationError.invalid("a touch lasts at most \(formatNumber(World.maximumTouchDuration)) s (got \(formatNumber(duration)))")
        }
        let begin = now
        schedule(at: begin, label: "touch down") { [unowned self] in try self.touchDown(start) }
        let steps = max(1, Int((duration * touchSampleRate).rounded()))
        for step in 1...steps {
            let fraction = Double(step) / Double(steps)
            let point = start + (end - start) * fraction
            schedule(at: begin + duration * fraction, label: "touch move") { [unowned self] in try self.touchMoved(point) }
        }
        if release {
            schedule(at: begin + duration, label: "touch up") { [unowned self] in try self.touchUp() }
        }
    }

    public static let maximumTouchDuration = 60.0

    private func touchDown(_ point: Point) throws {
        if currentTouch != nil { try touchUp() }
        var candidates: [GestureRecognizer] = []
        var view = window.hitTest(point)
        traceEvent("touch", "down", [point.description, view?.traceName ?? "nothing"])
        while let current = view {
            for recognizer in current.gestureRecognizers where recognizer.isEnabled {
                if recognizer.kind == .screenEdgePan && !isNearEdge(point, recognizer.edges) { continue }
                candidates.append(recognizer)
            }
            view = current.superview
        }
        let tracker = TouchTracker(start: point, time: now, candidates: candidates)
        currentTouch = tracker
        for recognizer in candidates {
            recognizer.tracker = tracker
            recognizer.translationBase = .zero
            recognizer.state = .possible
        }
    }

    private func touchMoved(_ point: Point) throws {
        guard let tracker = currentTouch else { return }
        tracker.previous = tracker.current
        tracker.previousTime = tracker.currentTime
        tracker.current = point
        tracker.currentTime = now
        if let active = tracker.active {
            try active.transition(to: .changed)
            return
        }
        let delta = point - tracker.start
        let distance = (delta.x * delta.x + delta.y * delta.y).squareRoot()
        guard distance > gestureHysteresis else { return }
        for recognizer in tracker.candidates {
            switch recognizer.kind {
            case .tap:
                recognizer.state = .failed
            case .pan:
                if tracker.active == nil { tracker.active = recognizer }
            case .screenEdgePan:
                if tracker.active == nil && movesInward(delta, from: recognizer.edges) { tracker.active = recognizer }
                else if tracker.active == nil { recognizer.state = .failed }
            }
        }
        if let active = tracker.active {
            for other in tracker.candidates where other !== active && other.state == .possible { other.state = .failed }
            try active.transition(to: .began)
        }
    }

    private func touchUp() throws {
        guard let tracker = currentTouch else { return }
        currentTouch = nil
        traceEvent("touch", "up", [tracker.current.description])
        if let active = tracker.active {
            try active.transition(to: .ended)
        } else if let tap = tracker.candidates.first(where: { $0.kind == .tap && $0.state == .possible }) {
            try tap.transition(to: .ended)
        }
        for recognizer in tracker.candidates {
            recognizer.tracker = nil
            if recognizer.state != .failed { recognizer.state = .possible }
        }
    }

    private func isNearEdge(_ point: Point, _ edge: RectEdge) -> Bool {
        let bounds = window.bounds
        switch edge {
        case .left: return point.x <= bounds.minX + edgeBand
        case .right: return point.x >= bounds.maxX - edgeBand
        case .top: return point.y <= bounds.minY + edgeBand
        case .bottom: return point.y >= bounds.maxY - edgeBand
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

    /// The start and end of an edge pan covering `fraction` of the screen.
    public func edgePanPoints(edge: RectEdge, fraction: Double) -> (Point, Point) {
        let b = window.bounds
        switch edge {
        case .left: return (Point(x: b.minX + 2, y: b.midY), Point(x: b.minX + 2 + fraction * b.width, y: b.midY))
        case .right: return (Point(x: b.maxX - 2, y: b.midY), Point(x: b.maxX - 2 - fraction * b.width, y: b.midY))
        case .top: return (Point(x: b.midX, y: b.minY + 2), Point(x: b.midX, y: b.minY + 2 + fraction * b.height))
        case .bottom: return (Point(x: b.midX, y: b.maxY - 2), Point(x: b.midX, y: b.maxY - 2 - fraction * b.height))
        }
    }
}
