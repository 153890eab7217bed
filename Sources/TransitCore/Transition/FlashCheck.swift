// Issue 22 item 4: the one-frame flash. Between two run-loop turns nothing changes but time, so
// the screen's frames in between are known exactly: before the clock moves to the next event,
// every display frame (a 60 Hz grid) it passes is sampled with the layers' presentation values.
// A transition is watched from just before its animator runs until FlashWatch.framesAfterEnd
// frames after it completed. A view of the transition (its from and to views, the container's
// subviews) that is visible in exactly one sampled frame, between invisible ones, near its
// start or end, is a flash; so is the from view showing again after the transition completed,
// for a few frames, once it had gone. docs/check.md (`one-frame-flash`).

final class FlashWatch {
    static let frame = 1.0 / 60
    /// Frames near the start and the end in which a one-frame visibility counts.
    static let framesNearEdge = 3
    static let framesAfterEnd = 4

    final class Track {
        weak var view: View?
        var visible = false
        var runStart = 0.0
        var runFrames = 0
        init(_ view: View) { self.view = view }
    }
    weak var transition: Transition?
    weak var container: View?
    weak var fromView: View?
    let label: String
    let phase: () -> String
    let start: Double
    var end: Double?
    var tracks: [ObjectIdentifier: Track] = [:]
    var order: [ObjectIdentifier] = []
    var reported = Set<ObjectIdentifier>()

    init(_ transition: Transition, at time: Double) {
        self.transition = transition
        container = transition.containerView
        fromView = transition.fromView ?? transition.fromViewController.viewIfLoaded
        label = transition.label
        let weakTransition = { [weak transition] in transition?.phase ?? "scene" }
        phase = weakTransition
        start = time
    }

    func track(_ view: View) -> Track {
        let id = ObjectIdentifier(view)
        if let track = tracks[id] { return track }
        let track = Track(view)
        tracks[id] = track
        order.append(id)
        return track
    }
}

extension World {
    /// Starts watching a transition's frames (called just before its animator runs).
    func watchForFlashes(_ transition: Transition) {
        let watch = FlashWatch(transition, at: now)
        for view in [transition.fromView, transition.toView, transition.presenting.viewIfLoaded, transition.presented.viewIfLoaded].compactMap({ $0 }) {
            _ = watch.track(view)
        }
        flashWatches.append(watch)
    }

    /// The transition completed (or was cancelled) now.
    func endFlashWatch(_ transition: Transition) {
        for watch in flashWatches where watch.transition === transition && watch.end == nil { watch.end = now }
    }

    /// Samples every display frame from now up to (not including) `time`.
    func sampleFlashFrames(before time: Double) {
        guard !flashWatches.isEmpty, time > now else { return }
        var frame = (now / FlashWatch.frame).rounded(.up) * FlashWatch.frame
        if frame < now - 1e-9 { frame += FlashWatch.frame }
        var samples = 0
        while frame < time - 1e-9, !flashWatches.isEmpty, samples < 100_000 {
            sampleFlashFrame(at: frame)
            frame += FlashWatch.frame
            samples += 1
        }
    }

    private func sampleFlashFrame(at time: Double) {
        for watch in flashWatches {
            if let container = watch.container {
                for view in container.subviews { _ = watch.track(view) }
            }
            for id in watch.order {
                guard let track = watch.tracks[id], let view = track.view else { continue }
                let visible = isVisibleInFrame(view, at: time)
                if visible && !track.visible {
                    track.runStart = time
                    track.runFrames = 0
                }
                if visible { track.runFrames += 1 }
                if !visible && track.visible { judgeFlashRun(watch, track, view, endedAt: time) }
                track.visible = visible
            }
        }
        flashWatches.removeAll { watch in
            guard let end = watch.end else { return watch.transition == nil }
            return time >= end + Double(FlashWatch.framesAfterEnd) * FlashWatch.frame - 1e-9
        }
    }

    /// A visibility run that just ended: one frame near the start or the end, or the from view
    /// back on screen after the transition completed.
    private func judgeFlashRun(_ watch: FlashWatch, _ track: FlashWatch.Track, _ view: View, endedAt time: Double) {
        let id = ObjectIdentifier(view)
        guard !watch.reported.contains(id) else { return }
        let edge = Double(FlashWatch.framesNearEdge) * FlashWatch.frame + 1e-9
        let nearStart = track.runStart <= watch.start + edge
        let nearEnd = watch.end.map { track.runStart >= $0 - edge } ?? false
        let fromAgain = view === watch.fromView && (watch.end.map { track.runStart >= $0 - 1e-9 } ?? false)
            && track.runFrames <= FlashWatch.framesNearEdge
        if track.runFrames == 1 && (nearStart || nearEnd) {
            watch.reported.insert(id)
            let leaving = view === watch.fromView ? ", the view leaving," : ""
            report(.oneFrameFlash, "\(view.traceName)\(leaving) is visible in exactly one frame (t=\(formatNumber(track.runStart)) s) at the \(nearStart ? "start" : "end") of the \(watch.label): a one-frame flash; set its final alpha, frame and place in the hierarchy in the same run-loop turn (add it hidden, remove it in the completion before completeTransition, not in a later one)", phase: watch.phase())
        } else if fromAgain {
            watch.reported.insert(id)
            report(.oneFrameFlash, "\(view.traceName), the from view, shows again for \(track.runFrames) frame\(track.runFrames == 1 ? "" : "s") after the \(watch.label) (t=\(formatNumber(track.runStart)) s): a flash of the old screen; restore its alpha or transform only after it left the screen, or call completeTransition first", phase: watch.phase())
        }
    }

    /// Visible in the frame at `time`: in the window, no hidden ancestor, presentation opacity up
    /// the chain at least 0.01, and its frame on screen.
    ///
    /// It runs for every watched view 60 times a simulated second, so the chain up to the root
    /// is walked once (into a reused buffer) for all three questions: the window, hidden or
    /// faded, and the frame in window coordinates (the steps of `View.convert`, so the same bits).
    func isVisibleInFrame(_ view: View, at time: Double) -> Bool {
        var chain = flashChain
        flashChain = []
        defer { chain.removeAll(keepingCapacity: true); flashChain = chain }
        var window: Window?
        var opacity = 1.0
        var current = view
        while true {
            if window == nil, let found = current as? Window { window = found }
            if current.isHidden { return false }
            // The model opacity unless an animation moves it (building the fold's value for each
            // view of each sampled frame was most of the check's time).
            let layer = current.layer
            if !layer.hasAnimations(for: .opacity) {
                opacity *= layer.opacity
            } else if case .number(let alpha) = layer.presentationValue(.opacity, at: time) {
                opacity *= alpha
            }
            if opacity < 0.01 { return false }
            guard let parent = current.superview else { break }
            chain.append(current)
            current = parent
        }
        guard let window else { return false }
        // The window is the root in every scene; were it not, take the general path.
        let rect = window.superview == nil ? View.boundingBox(of: view.bounds, up: chain, down: [])
                                           : view.convert(view.bounds, to: window)
        return rect.isFinite && rect.overlapArea(window.bounds) > 0
    }
}
