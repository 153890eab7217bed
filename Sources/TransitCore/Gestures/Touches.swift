// Synthetic touches from scenes: one or more fingers go down together, move along straight
// lines at `touchSampleRate` and lift together. The touch is hit-tested in the window at the
// fingers' centroid; the recognizers on the hit view and its ancestors (deepest first) are the
// candidates that Recognition.swift arbitrates.

/// Touch samples per second for synthetic drags.
let touchSampleRate = 60.0

final class TouchTracker {
    let startPoints: [Point]
    var current: [Point]
    var previous: [Point]
    let startTime: Double
    var previousTime: Double
    var currentTime: Double
    /// Recognizers that may still recognize this touch or are recognizing it, deepest first.
    var candidates: [GestureRecognizer]
    /// Pairs (dependent, required) of failure requirements among the candidates, fixed at
    /// touch down: `require(toFail:)` and the delegates' answers.
    var requirements: [(dependent: GestureRecognizer, required: GestureRecognizer)] = []
    /// Recognizers whose condition was met while a recognizer they require had not failed yet.
    var waiting: [GestureRecognizer] = []
    /// The fingers lifted: no continuous gesture may begin any more.
    var isLifted = false
    /// The UIButton the touch went down in, while it tracks it (Button.swift).
    var button: Button?

    init(points: [Point], time: Double, candidates: [GestureRecognizer]) {
        startPoints = points; current = points; previous = points
        startTime = time; previousTime = time; currentTime = time
        self.candidates = candidates
    }

    var startCentroid: Point { Self.centroid(startPoints) }
    var centroid: Point { Self.centroid(current) }
    var previousCentroid: Point { Self.centroid(previous) }
    var fingerDistance: Double { Self.spread(current) }
    var startFingerDistance: Double { Self.spread(startPoints) }
    var previousFingerDistance: Double { Self.spread(previous) }

    /// Distance the centroid moved from where it went down.
    var movement: Double {
        let delta = centroid - startCentroid
        return (delta.x * delta.x + delta.y * delta.y).squareRoot()
    }

    static func centroid(_ points: [Point]) -> Point {
        guard !points.isEmpty else { return .zero }
        let sum = points.reduce(Point.zero) { $0 + $1 }
        return sum * (1 / Double(points.count))
    }

    /// The distance between the first two fingers (0 with one finger).
    static func spread(_ points: [Point]) -> Double {
        guard points.count >= 2 else { return 0 }
        let d = points[1] - points[0]
        return (d.x * d.x + d.y * d.y).squareRoot()
    }
}

extension World {
    public static let maximumTouchDuration = 60.0
    /// At most this many fingers in one synthetic touch.
    public static let maximumTouchCount = 5

    /// Schedules a one-finger touch that goes down at `start` and moves to `end` at
    /// `touchSampleRate`, lifting at the end when `release` is true.
    public func performTouch(from start: Point, to end: Point, duration: Double, release: Bool) throws {
        try performTouch(fingers: [(start, end)], duration: duration, release: release)
    }

    /// Schedules a touch of several fingers, each moving in a straight line from its start to its end.
    public func performTouch(fingers: [(start: Point, end: Point)], duration: Double, release: Bool) throws {
        guard !fingers.isEmpty, fingers.count <= World.maximumTouchCount else {
            throw ModelUsageError.touches("a touch has 1 to \(World.maximumTouchCount) fingers (got \(fingers.count))")
        }
        // The difference must be finite too: the sampled points lie between start and end.
        guard fingers.allSatisfy({ $0.start.isFinite && $0.end.isFinite && ($0.end - $0.start).isFinite }), duration.isFinite, duration >= 0 else {
            throw ModelUsageError.touches("touch points and duration must be finite (duration ≥ 0)")
        }
        // A finger is down for seconds, not hours; the bound also keeps the number of sampled
        // moves (duration × touchSampleRate) small enough to schedule.
        guard duration <= World.maximumTouchDuration else {
            throw ModelUsageError.touches("a touch lasts at most \(formatNumber(World.maximumTouchDuration)) s (got \(formatNumber(duration)))")
        }
        let begin = now
        let starts = fingers.map(\.start)
        schedule(at: begin, label: "touch down") { [unowned self] in try self.touchDown(starts) }
        let steps = max(1, Int((duration * touchSampleRate).rounded()))
        for step in 1...steps {
            let fraction = Double(step) / Double(steps)
            let points = fingers.map { $0.start + ($0.end - $0.start) * fraction }
            schedule(at: begin + duration * fraction, label: "touch move") { [unowned self] in try self.touchMoved(points) }
        }
        if release {
            schedule(at: begin + duration, label: "touch up") { [unowned self] in try self.touchUp() }
        }
    }

    private func touchDown(_ points: [Point]) throws {
        if currentTouch != nil { try touchUp() }
        let centroid = TouchTracker.centroid(points)
        var candidates: [GestureRecognizer] = []
        // While UIApplication ignores interaction events, a touch reaches nothing.
        var view = application.isIgnoringInteractionEvents ? nil : window.hitTest(centroid)
        traceEvent("touch", "down", [centroid.description, view?.traceName ?? "nothing"])
        let button = view?.trackingButton
        var aboveButton = false
        while let current = view {
            for recognizer in current.gestureRecognizers where recognizer.isEnabled {
                if let edgePan = recognizer as? ScreenEdgePanGestureRecognizer, !isNearEdge(centroid, edgePan.edges) { continue }
                // A button's tap is its own: a one-tap recognizer above it does not take it
                // (Apple: default control actions prevent overlapping gesture recognizers).
                if aboveButton, let tap = recognizer as? TapGestureRecognizer, tap.numberOfTapsRequired == 1 { continue }
                candidates.append(recognizer)
            }
            if current === button { aboveButton = true }
            view = current.superview
        }
        let tracker = TouchTracker(points: points, time: now, candidates: candidates)
        tracker.button = button
        currentTouch = tracker
        for recognizer in candidates {
            recognizer.tracker = tracker
            recognizer.translationBase = .zero
            recognizer.state = .possible
            if let pinch = recognizer as? PinchGestureRecognizer { pinch.referenceDistance = tracker.startFingerDistance }
        }
        try beginRecognition(tracker)
        try tracker.button?.beginTracking()
    }

    /// A continuous gesture that began during the touch takes it from the button (UIKit sends
    /// the control touchCancel when a recognizer recognizes).
    private func cancelButtonTrackingIfRecognized(_ tracker: TouchTracker) throws {
        guard let button = tracker.button else { return }
        let recognized = tracker.candidates.contains { $0.tracker === tracker && $0.isContinuous && [.began, .changed].contains($0.state) }
        if recognized {
            tracker.button = nil
            try button.cancelTracking()
        }
    }

    private func touchMoved(_ points: [Point]) throws {
        guard let tracker = currentTouch, points.count == tracker.current.count else { return }
        tracker.previous = tracker.current
        tracker.previousTime = tracker.currentTime
        tracker.current = points
        tracker.currentTime = now
        // A sample where no finger moved is no event (a press holds still).
        guard points != tracker.previous else { return }
        try deliver(.moved, to: tracker)
        try cancelButtonTrackingIfRecognized(tracker)
    }

    private func touchUp() throws {
        guard let tracker = currentTouch else { return }
        // No current touch from here on: an action that lets time pass cannot lift it twice.
        currentTouch = nil
        traceEvent("touch", "up", [tracker.centroid.description])
        try deliver(.lifted, to: tracker)
        if let button = tracker.button {
            tracker.button = nil
            try button.endTracking(at: button.convert(tracker.centroid, from: nil))
        }
        for recognizer in tracker.candidates where recognizer.tracker === tracker {
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

    /// Where the fingers of a synthetic touch go: `count` fingers side by side, 20 pt apart,
    /// centred on `point` (so their centroid is `point`).
    public static func fingers(around point: Point, count: Int) -> [Point] {
        (0..<max(1, count)).map { i in Point(x: point.x + (Double(i) - Double(count - 1) / 2) * 20, y: point.y) }
    }
}
