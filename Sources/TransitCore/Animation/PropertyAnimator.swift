// UIViewPropertyAnimator: animations on a time space of their own that the animator starts,
// pauses, scrubs, reverses, continues, stops and finishes.
//
// The animator's space holds progress × duration: its animations are linear in local time,
// and the timing curve (or spring) shapes how the space moves while running. Scrubbing
// (`fractionComplete` while paused) sets the progress directly, which is UIKit's default
// `scrubsLinearly = true`; with `scrubsLinearly = false` the progress is the timing curve at
// the fraction, and `fractionComplete` reads back the fraction that was set.

public final class PropertyAnimator: HostObject {
    public override class var className: String { "UIViewPropertyAnimator" }

    public enum State: String { case inactive, active, stopped }
    public enum Position: String { case start, end, current }
    public enum Timing {
        case curve(TimingFunction)
        /// `ignoresDuration`: UISpringTimingParameters{mass, stiffness, damping} run until
        /// the spring settles, whatever duration the animator was given (UIKit documents it).
        case spring(Spring, ignoresDuration: Bool)
    }

    public let duration: Double
    public private(set) var timing: Timing
    public private(set) var state: State = .inactive
    public private(set) var isRunning = false
    public var isReversed = false {
        didSet { if isRunning && isReversed != oldValue { drive(toEnd: !isReversed, durationFactor: 1) } }
    }
    public var pausesOnCompletion = false
    /// Apple: true (the default) maps a paused animator's fractionComplete linearly; false
    /// makes scrubbing follow the animator's timing curve.
    public var scrubsLinearly = true
    /// The fraction set while paused with `scrubsLinearly = false` (the space holds the curve's
    /// value there); nil once the animator runs again.
    private var scrubbedFraction: Double?
    public let isInterruptible = true

    public private(set) var space: TimeSpace
    private var pendingBlocks: [(body: () throws -> Void, delayFactor: Double)] = []
    private var groups: [AnimationGroup] = []
    private var completions: [(Position) throws -> Void] = []
    private var endEvent: EventToken?

    public init(world: World, duration: Double, timing: Timing) {
        self.duration = duration
        self.timing = timing
        self.space = TimeSpace.child(of: world.currentTimeSpace, world: world, frozen: true, label: "UIViewPropertyAnimator")
        super.init(world: world)
    }

    /// The local length of a full run on the space: the duration, or the spring's settling
    /// time. An animator of duration 0 still needs a progress to scrub (UIKit's paused
    /// `UIViewPropertyAnimator(duration: 0, curve: .linear)` is driven by `fractionComplete`
    /// alone, as the App Store card's drag does), so its space runs over one unit instead; how
    /// long driving it takes comes from `duration`, which is 0 (`drive`).
    var runLength: Double {
        let length: Double
        if case .spring(let spring, true) = timing { length = spring.settlingDuration.isFinite ? spring.settlingDuration : duration }
        else { length = duration }
        return length > 0 ? length : 1
    }

    /// Local time of the space: progress × runLength.
    private var local: Double { space.localTime(atWorld: world.now) }

    public var fractionComplete: Double {
        if !isRunning, let scrubbedFraction { return scrubbedFraction }
        return min(1, max(0, local / runLength))
    }

    /// Where a scrub to `fraction` puts the progress: the fraction itself (scrubsLinearly), or
    /// the timing curve at it (for a spring, its normalized position at that share of its run).
    private func scrubbedProgress(_ fraction: Double) -> Double {
        guard !scrubsLinearly else { return fraction }
        switch timing {
        case .curve(let function): return function.value(at: fraction)
        case .spring(let spring, let ignoresDuration):
            let span = ignoresDuration && spring.settlingDuration.isFinite ? spring.settlingDuration : duration
            return span > 0 && span.isFinite ? spring.value(at: fraction * span) : fraction
        }
    }

    // MARK: - Animations and completions

    public func addAnimations(_ body: @escaping () throws -> Void, delayFactor: Double = 0) throws {
        guard state != .stopped else { throw ModelUsageError.animation(.naming("UIViewPropertyAnimator.addAnimations", ": the animator is stopped; call finishAnimation(at) first")) }
        if state == .inactive {
            pendingBlocks.append((body, delayFactor))
        } else {
            try run(body, delayFactor: delayFactor, from: local)
        }
    }

    public func addCompletion(_ completion: @escaping (Position) throws -> Void) {
        completions.append(completion)
    }

    /// Runs a block with new animations joining the space, from local `start` to the end.
    private func run(_ body: () throws -> Void, delayFactor: Double, from start: Double) throws {
        let length = runLength
        let begin = max(start, delayFactor * length)
        let group = AnimationGroup(world: world, space: space, nominalEnd: length, label: "UIViewPropertyAnimator", completion: nil)
        group.isOwnedByAnimator = true
        let context = AnimationContext(kind: .block, group: group, duration: max(1e-9, length - begin), delay: 0,
                                       timing: .linear, options: [], beginTime: begin)
        world.animationContexts.append(context)
        defer { world.animationContexts.removeLast() }
        try body()
        group.start()
        groups.append(group)
    }

    /// Inactive → active: the stored blocks run now, at progress 0.
    private func activate() throws {
        guard state == .inactive else { return }
        state = .active
        space.setMode(.frozen(at: 0), world: world)
        let blocks = pendingBlocks
        pendingBlocks = []
        for block in blocks { try run(block.body, delayFactor: block.delayFactor, from: 0) }
        world.traceEvent(traceName, "active")
    }

    // MARK: - Driving

    public func startAnimation(afterDelay delay: Double = 0) throws {
        guard state != .stopped else { throw ModelUsageError.animation(.naming("UIViewPropertyAnimator.startAnimation", ": the animator is stopped; call finishAnimation(at) first")) }
        guard delay.isFinite, delay >= 0 else { throw ModelUsageError.animation(.naming("UIViewPropertyAnimator.startAnimation", ": delay must be a finite number ≥ 0")) }
        try activate()
        isRunning = true
        drive(toEnd: !isReversed, durationFactor: 1, delay: delay)
    }

    public func pauseAnimation() throws {
        guard state != .stopped else { throw ModelUsageError.animation(.naming("UIViewPropertyAnimator.pauseAnimation", ": the animator is stopped")) }
        try activate()
        freeze()
    }

    /// `continueAnimation(withTimingParameters:durationFactor:)`: the rest of the run, over
    /// durationFactor × the animator's original duration (Apple's documentation), however
    /// much of it is left.
    public func continueAnimation(timing newTiming: Timing?, durationFactor: Double) throws {
        guard state == .active else { throw ModelUsageError.animation(.naming("UIViewPropertyAnimator.continueAnimation", ": the animator must be active (paused or running), it is \(state.rawValue)")) }
        guard durationFactor.isFinite, durationFactor > 0 else { throw ModelUsageError.animation(.naming("UIViewPropertyAnimator.continueAnimation", ": durationFactor must be a number > 0")) }
        if let newTiming { timing = newTiming }
        isRunning = true
        drive(toEnd: !isReversed, durationFactor: durationFactor, wholeDuration: true)
    }

    public func setFractionComplete(_ fraction: Double) throws {
        guard fraction.isFinite else { throw ModelUsageError.animation(.naming("UIViewPropertyAnimator.fractionComplete", " must be a finite number")) }
        guard state != .stopped else { throw ModelUsageError.animation(.naming("UIViewPropertyAnimator.fractionComplete", " cannot be set on a stopped animator")) }
        guard !isRunning else {
            throw ModelUsageError.animation(.naming("UIViewPropertyAnimator.fractionComplete", " can only be set while the animator is paused (call pauseAnimation() first)"))
        }
        try activate()
        let clamped = min(1, max(0, fraction))
        scrubbedFraction = scrubsLinearly ? nil : clamped
        space.setMode(.frozen(at: scrubbedProgress(clamped) * runLength), world: world)
    }

    private func freeze() {
        endEvent?.cancel()
        isRunning = false
        space.setMode(.frozen(at: local), world: world)
    }

    /// Moves the space from where it is to the end (or back to the start) with the timing.
    /// `wholeDuration`: the span is durationFactor × duration (continueAnimation); otherwise
    /// the remaining share of the duration (start, resume, reversal).
    private func drive(toEnd forward: Bool, durationFactor: Double, delay: Double = 0, wholeDuration: Bool = false) {
        endEvent?.cancel()
        scrubbedFraction = nil
        let length = runLength
        let current = local
        let target = forward ? length : 0
        let remaining = abs(target - current) / length
        var span = (wholeDuration ? 1 : remaining) * duration * durationFactor
        let curve: TimeSpace.DrivenCurve
        switch timing {
        case .curve(let function): curve = .timing(function)
        case .spring(let spring, let ignoresDuration):
            curve = .spring(spring)
            span = ignoresDuration ? spring.settlingDuration * durationFactor : span
            if !span.isFinite { span = duration }
        }
        let parentNow = space.parent?.localTime(atWorld: world.now) ?? world.now
        space.setMode(.driven(start: parentNow + delay, duration: span, from: current, to: target, curve: curve), world: world)
        let endTime = space.parent.flatMap { $0.worldTime(whenLocalReaches: parentNow + delay + span, notBefore: world.now) }
            ?? world.now + delay + span
        endEvent = world.schedule(at: endTime, label: "property animator end") { [weak self] in
            try self?.reachedEnd(forward ? .end : .start)
        }
    }

    private func reachedEnd(_ position: Position) throws {
        isRunning = false
        space.setMode(.frozen(at: position == .end ? runLength : 0), world: world)
        if pausesOnCompletion {
            world.traceEvent(traceName, "paused on completion")
            return
        }
        if position == .start { for group in groups { group.restoreStartValues() } }
        try complete(at: position)
    }

    // MARK: - Stopping

    /// Removes the animations, leaving the views where they are on screen; stopped (then
    /// finishAnimation(at) runs the completions) or, without finishing, inactive.
    public func stopAnimation(withoutFinishing: Bool) throws {
        guard state == .active else { throw ModelUsageError.animation(.naming("UIViewPropertyAnimator.stopAnimation", ": the animator must be active, it is \(state.rawValue)")) }
        endEvent?.cancel()
        isRunning = false
        commitPresentationValues()
        removeGroups()
        if withoutFinishing {
            state = .inactive
            completions = []
        } else {
            state = .stopped
        }
        world.traceEvent(traceName, "stopped", [withoutFinishing ? "without finishing" : "awaiting finishAnimation"])
    }

    public func finishAnimation(at position: Position) throws {
        guard state == .stopped else { throw ModelUsageError.animation(.naming("UIViewPropertyAnimator.finishAnimation", ": the animator must be stopped (call stopAnimation(false) first), it is \(state.rawValue)")) }
        try complete(at: position, alreadyCommitted: true)
    }

    private func complete(at position: Position, alreadyCommitted: Bool = false) throws {
        if !alreadyCommitted {
            if position == .current { commitPresentationValues() }
            removeGroups()
        } else if position == .start {
            for (layer, property, value) in startValues { layer.restoreModelValue(property, value) }
        } else if position == .end {
            for (layer, property, value) in endValues { layer.restoreModelValue(property, value) }
        }
        state = .inactive
        isRunning = false
        world.traceEvent(traceName, "completed", [position.rawValue])
        let callbacks = completions
        completions = []
        for callback in callbacks { try callback(position) }
    }

    /// Values before and after the animations, kept when stopped for finishAnimation(at).
    private var startValues: [(Layer, LayerProperty, AnimatableValue)] = []
    private var endValues: [(Layer, LayerProperty, AnimatableValue)] = []

    private func commitPresentationValues() {
        startValues = []
        endValues = []
        var current: [(Layer, LayerProperty, AnimatableValue)] = []
        for group in groups {
            for animation in group.animations {
                guard let layer = animation.layer else { continue }
                let model = layer.modelValue(animation.property)
                endValues.append((layer, animation.property, model))
                switch animation.change {
                case .additive(let delta): startValues.append((layer, animation.property, model.adding(delta)))
                case .absolute(let from, _): startValues.append((layer, animation.property, from))
                case .keyframes(let track): startValues.append((layer, animation.property, track.value(at: 0)))
                case .coreAnimation: startValues.append((layer, animation.property, model))
                }
                current.append((layer, animation.property, layer.presentationValue(animation.property)))
            }
        }
        for (layer, property, value) in current { layer.restoreModelValue(property, value) }
    }

    private func removeGroups() {
        for group in groups where !group.isFinished {
            group.completion = nil
            try? group.finish(finished: false)
        }
        groups = []
    }
}
