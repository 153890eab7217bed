// One property's animation on one layer, and the group (one `UIView.animate` call, one
// keyframe block, one property animator) whose completion runs when all its animations end.

public enum AnimationTiming {
    case curve(TimingFunction)
    case spring(Spring)
    /// Progress is given by the owner of the time space (property animators).
    case linear

    func progress(_ fraction: Double, elapsed: Double) -> Double {
        switch self {
        case .curve(let function): return function.value(at: fraction)
        case .spring(let spring): return fraction >= 1 ? 1 : spring.value(at: elapsed)
        case .linear: return fraction
        }
    }
}

public final class LayerAnimation {
    public enum Change {
        /// Adds `delta` × (1 − progress) to the value beneath: from (old − new) to zero.
        case additive(delta: AnimatableValue)
        /// Replaces the value beneath with from → to.
        case absolute(from: AnimatableValue, to: AnimatableValue)
        /// Replaces the value beneath with the track's value at the progress.
        case keyframes(KeyframeTrack)
    }

    public let property: LayerProperty
    public let change: Change
    let timing: AnimationTiming
    /// Local time (in the group's space) when the animation starts, after its delay.
    let beginTime: Double
    let duration: Double
    let repeatCount: Double
    let autoreverses: Bool
    unowned let group: AnimationGroup
    weak var layer: Layer?

    init(property: LayerProperty, change: Change, timing: AnimationTiming, beginTime: Double,
         duration: Double, repeatCount: Double, autoreverses: Bool, group: AnimationGroup, layer: Layer) {
        self.property = property; self.change = change; self.timing = timing
        self.beginTime = beginTime; self.duration = duration; self.repeatCount = repeatCount
        self.autoreverses = autoreverses; self.group = group; self.layer = layer
    }

    /// Local time at which the animation is over (infinite when it repeats forever).
    var endTime: Double {
        beginTime + duration * (autoreverses ? 2 : 1) * max(1, repeatCount)
    }

    /// Timing progress at local time `local`; before the start it is 0 (fill backwards, as
    /// UIKit's block animations do), after the end 1.
    func progress(atLocal local: Double) -> Double {
        if duration <= 0 { return local >= beginTime ? 1 : 0 }
        var elapsed = local - beginTime
        // Driven by a property animator: progress is the space's position, spring overshoot included.
        if case .linear = timing, group.isOwnedByAnimator { return max(0, elapsed / duration) }
        if elapsed <= 0 { return timing.progress(0, elapsed: 0) }
        let cycle = duration * (autoreverses ? 2 : 1)
        let total = cycle * max(1, repeatCount)
        if elapsed >= total {
            elapsed = autoreverses ? 0 : duration
            return autoreverses ? timing.progress(0, elapsed: 0) : timing.progress(1, elapsed: duration)
        }
        elapsed = elapsed.truncatingRemainder(dividingBy: cycle)
        if autoreverses && elapsed > duration { elapsed = cycle - elapsed }
        return timing.progress(elapsed / duration, elapsed: elapsed)
    }

    /// The value on screen given the value beneath this animation.
    func apply(to value: AnimatableValue, atWorld time: Double) -> AnimatableValue {
        let local = group.space.localTime(atWorld: time)
        let progress = self.progress(atLocal: local)
        switch change {
        case .additive(let delta):
            return value.adding(AnimatableValue.interpolate(from: delta, to: delta.zero, fraction: progress))
        case .absolute(let from, let to):
            return AnimatableValue.interpolate(from: from, to: to, fraction: progress)
        case .keyframes(let track):
            return track.value(at: min(1, max(0, progress)))
        }
    }
}

public final class AnimationGroup {
    public let space: TimeSpace
    public internal(set) var animations: [LayerAnimation] = []
    var completion: ((Bool) throws -> Void)?
    /// Set when one of its animations was removed before it ended.
    public internal(set) var wasInterrupted = false
    public internal(set) var isFinished = false
    /// Groups of a property animator end when the animator says so, not by their own clock.
    var isOwnedByAnimator = false
    /// Local time the group ends when nothing was animated (its duration and delay).
    var nominalEnd: Double
    private var completionEvent: EventToken?
    unowned let world: World
    let label: String

    init(world: World, space: TimeSpace, nominalEnd: Double, label: String, completion: ((Bool) throws -> Void)?) {
        self.world = world; self.space = space; self.nominalEnd = nominalEnd
        self.label = label; self.completion = completion
    }

    var endTime: Double {
        animations.isEmpty ? nominalEnd : animations.map(\.endTime).max()!
    }

    /// Registers the group and schedules its completion.
    func start() {
        space.groups.append(self)
        world.liveGroups.append(self)
        rescheduleCompletion()
    }

    func rescheduleCompletion() {
        completionEvent?.cancel()
        completionEvent = nil
        guard !isFinished, !isOwnedByAnimator else { return }
        let end = endTime
        guard end.isFinite, let time = space.worldTime(whenLocalReaches: end, notBefore: world.now) else { return }
        completionEvent = world.schedule(at: time, label: "animation end \(label)") { [weak self] in
            try self?.finish(finished: !(self?.wasInterrupted ?? true))
        }
    }

    /// Ends the group: removes its animations and runs the completion once.
    public func finish(finished: Bool) throws {
        guard !isFinished else { return }
        isFinished = true
        completionEvent?.cancel()
        for animation in animations { animation.layer?.remove(animation) }
        space.groups.removeAll { $0 === self }
        world.liveGroups.removeAll { $0 === self }
        let completion = self.completion
        self.completion = nil
        try completion?(finished)
    }

    /// One animation was removed by an interrupting one; the group completes with
    /// finished = false, right away when nothing of it is left running.
    func animationWasInterrupted(_ animation: LayerAnimation) {
        wasInterrupted = true
        animation.layer?.remove(animation)
        animations.removeAll { $0 === animation }
        if animations.isEmpty && !isFinished {
            completionEvent?.cancel()
            completionEvent = world.async(label: "animation interrupted \(label)") { [weak self] in
                try self?.finish(finished: false)
            }
        }
    }

    /// Removes every animation (removeAllAnimations) and completes with finished = false.
    public func cancel() {
        guard !isFinished else { return }
        for animation in animations { animationWasInterrupted(animation) }
    }

    /// The layers' model values as they were before this group changed them.
    public func restoreStartValues() {
        for animation in animations.reversed() {
            guard let layer = animation.layer else { continue }
            let model = layer.modelValue(animation.property)
            switch animation.change {
            case .additive(let delta): layer.restoreModelValue(animation.property, model.adding(delta))
            case .absolute(let from, _): layer.restoreModelValue(animation.property, from)
            case .keyframes(let track): layer.restoreModelValue(animation.property, track.value(at: 0))
            }
        }
    }
}
