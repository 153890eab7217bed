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
        /// A CABasicAnimation's or CAKeyframeAnimation's change (CoreAnimation.swift).
        case coreAnimation(CoreAnimationChange)
    }

    public let property: LayerProperty
    /// True when its clock does not fill both ways (Core Animation's fill modes): sampling then
    /// asks `isInEffect` first. Kept beside `property`, in the cache line sampling reads anyway.
    let hasFillGaps: Bool
    public let change: Change
    /// When and how fast; shared with the other animations the same block created.
    let clock: AnimationClock
    var timing: AnimationTiming { clock.timing }
    /// Local time (in the group's space) when the animation starts, after its delay.
    var beginTime: Double { clock.beginTime }
    var duration: Double { clock.duration }
    var repeatCount: Double { clock.repeatCount }
    var autoreverses: Bool { clock.autoreverses }
    /// Strong: an animation on a layer keeps its group (and so its clock's time space) alive.
    /// The group lets go of its animations when it finishes (`releaseAnimations`), which
    /// breaks the cycle. An unowned reference here trapped when a group went away while one of
    /// its animations was still on a layer (found by `transit fuzz`).
    let group: AnimationGroup
    weak var layer: Layer?
    /// Slots in its layer's and its group's rosters (see `Roster`).
    var slotInLayer = -1
    var slotInGroup = -1
    /// Transform endpoints decomposed once, on the first sample that needs them, instead of on
    /// every frame (a decomposition costs more than the rest of a frame's work for the layer).
    /// Boxed: only transform animations need it, and inline it would triple every animation's size.
    private var transformEndpoints: DecomposedEndpoints?

    init(property: LayerProperty, change: Change, clock: AnimationClock, layer: Layer) {
        self.property = property; self.change = change; self.clock = clock
        self.hasFillGaps = !clock.fillsBackwards || !clock.fillsForwards
        self.group = clock.group; self.layer = layer
    }

    /// Local time at which the animation is over (infinite when it repeats forever).
    var endTime: Double { clock.endTime }

    /// Timing progress at local time `local`; before the start it is 0 (fill backwards, as
    /// UIKit's block animations do), after the end 1.
    func progress(atLocal local: Double) -> Double { clock.progress(atLocal: local) }

    /// The value on screen given the value beneath this animation.
    func apply(to value: AnimatableValue, atWorld time: Double) -> AnimatableValue {
        let progress = clock.progress(atWorld: time)
        switch change {
        case .additive(let delta):
            return value.adding(AnimatableValue.interpolate(from: delta, to: delta.zero, fraction: progress))
        case .absolute(.transform(let from), .transform(let to)):
            return .transform(interpolateTransform(from: from, to: to, fraction: progress))
        case .absolute(let from, let to):
            return AnimatableValue.interpolate(from: from, to: to, fraction: progress)
        case .keyframes(let track):
            return track.value(at: min(1, max(0, progress)))
        case .coreAnimation(let change):
            return change.apply(to: value, progress: progress)
        }
    }

    /// False while a Core Animation animation has no effect: before its begin time without a
    /// backwards fill, after its end without a forwards fill (CAMediaTimingFillMode).
    @inline(__always)
    func isInEffect(atWorld time: Double) -> Bool {
        guard hasFillGaps else { return true }
        return clock.isInEffect(atLocal: clock.space.localTime(atWorld: time))
    }

    /// `Transform3D.interpolate`, step for step, with the endpoints' decompositions kept.
    func interpolateTransform(from: Transform3D, to: Transform3D, fraction: Double) -> Transform3D {
        if fraction == 0 || fraction.isNaN || fraction == -.infinity { return from }
        if fraction == 1 || fraction == .infinity { return to }
        if transformEndpoints == nil { transformEndpoints = DecomposedEndpoints(start: DecomposedTransform(from), end: DecomposedTransform(to)) }
        guard let start = transformEndpoints!.start, let end = transformEndpoints!.end else {
            return fraction < 0.5 ? from : to
        }
        return DecomposedTransform.interpolate(from: start, to: end, fraction: fraction).recomposed
    }
}

/// A transform animation's endpoints, decomposed (nil when a matrix cannot be).
private final class DecomposedEndpoints {
    let start: DecomposedTransform?
    let end: DecomposedTransform?
    init(start: DecomposedTransform?, end: DecomposedTransform?) { self.start = start; self.end = end }
}

/// The timing of the animations one block creates: they share the curve, begin time, duration
/// and repetition, so they share the progress too. The last progress is remembered per local
/// time, so sampling a view whose frame, alpha and transform one `UIView.animate` changed solves
/// the Bézier curve once instead of once per property. Progress is a pure function of the local
/// time (and whether an animator owns the group), so the memo returns exactly what a fresh
/// computation would.
final class AnimationClock {
    let timing: AnimationTiming
    let beginTime: Double
    let duration: Double
    let repeatCount: Double
    let autoreverses: Bool
    /// The group owns the animations that own this clock, and ends them (taking them off their
    /// layers) before it can go away, so the clock never outlives it: unowned(unsafe) spares
    /// the atomic check an unowned reference costs on every sample.
    unowned(unsafe) let group: AnimationGroup
    /// The group's space, kept here so sampling reaches it in one step.
    let space: TimeSpace
    /// The group's flag, copied: a property animator sets it on its group before the group's
    /// first animation (hence before its clock) exists, and nothing changes it afterwards.
    let isOwnedByAnimator: Bool
    private var memoLocalBits: UInt64 = Double.nan.bitPattern
    private var memoProgress = 0.0
    /// CAMediaTimingFillMode: whether the animation shows its start value before it begins and
    /// its end value after it ends. UIKit's block animations fill both ways (they are removed
    /// when they end); Core Animation's default, `removed`, neither. Declared last, so the
    /// fields sampling reads keep their place (and cache lines) in the object.
    let fillsBackwards: Bool
    let fillsForwards: Bool

    init(timing: AnimationTiming, beginTime: Double, duration: Double, repeatCount: Double,
         autoreverses: Bool, group: AnimationGroup, fillsBackwards: Bool = true, fillsForwards: Bool = true) {
        self.timing = timing; self.beginTime = beginTime; self.duration = duration
        self.repeatCount = repeatCount; self.autoreverses = autoreverses; self.group = group
        self.fillsBackwards = fillsBackwards; self.fillsForwards = fillsForwards
        self.space = group.space
        self.isOwnedByAnimator = group.isOwnedByAnimator
    }

    var endTime: Double {
        beginTime + duration * (autoreverses ? 2 : 1) * max(1, repeatCount)
    }

    func isInEffect(atLocal local: Double) -> Bool {
        if local < beginTime { return fillsBackwards }
        if local >= endTime { return fillsForwards }
        return true
    }

    func progress(atWorld time: Double) -> Double {
        progress(atLocal: space.localTime(atWorld: time))
    }

    func progress(atLocal local: Double) -> Double {
        if local.bitPattern == memoLocalBits { return memoProgress }
        let progress = computeProgress(atLocal: local)
        memoLocalBits = local.bitPattern
        memoProgress = progress
        return progress
    }

    private func computeProgress(atLocal local: Double) -> Double {
        if duration <= 0 { return local >= beginTime ? 1 : 0 }
        var elapsed = local - beginTime
        // Driven by a property animator: progress is the space's position, spring overshoot included.
        if case .linear = timing, isOwnedByAnimator { return max(0, elapsed / duration) }
        if elapsed <= 0 { return timing.progress(0, elapsed: 0) }
        let cycle = duration * (autoreverses ? 2 : 1)
        let total = cycle * max(1, repeatCount)
        if elapsed >= total {
            return autoreverses ? timing.progress(0, elapsed: 0) : timing.progress(1, elapsed: duration)
        }
        elapsed = elapsed.truncatingRemainder(dividingBy: cycle)
        if autoreverses && elapsed > duration { elapsed = cycle - elapsed }
        return timing.progress(elapsed / duration, elapsed: elapsed)
    }
}

public final class AnimationGroup {
    public let space: TimeSpace
    /// Its running animations, in creation order.
    public var animations: [LayerAnimation] { roster.elements }
    private var roster = Roster<AnimationInGroup>()
    var completion: ((Bool) throws -> Void)?
    /// Set when one of its animations was removed before it ended.
    public internal(set) var wasInterrupted = false
    public internal(set) var isFinished = false
    /// Groups of a property animator end when the animator says so, not by their own clock.
    var isOwnedByAnimator = false
    /// A Core Animation animation added with `layer:add` (or an implicit one): UIView blocks do
    /// not interrupt it; it leaves by its key.
    var isCoreAnimation = false
    /// CAAnimation.isRemovedOnCompletion = false: its animations stay on their layers when it
    /// ends (until removed by key), showing their fill.
    var keepsAnimationsWhenFinished = false
    /// A `UIView.animate` (or `animateKeyframes`) block without `allowUserInteraction`: the
    /// views it animates take no touches until it ends (View.hitTest).
    var blocksUserInteraction = false
    /// Local time the group ends when nothing was animated (its duration and delay).
    var nominalEnd: Double
    private var completionEvent: EventToken?
    unowned let world: World
    let label: String
    /// Slots in the space's and the world's rosters of groups (see `Roster`).
    var slotInSpace = -1
    var slotInWorld = -1

    init(world: World, space: TimeSpace, nominalEnd: Double, label: String, completion: ((Bool) throws -> Void)?) {
        self.world = world; self.space = space; self.nominalEnd = nominalEnd
        self.label = label; self.completion = completion
    }

    var hasAnimations: Bool { !roster.isEmpty }

    var endTime: Double {
        var end = -Double.infinity
        roster.forEach { end = max(end, $0.endTime) }
        return roster.isEmpty ? nominalEnd : end
    }

    /// Adds `animation` to the group and to its layer's track for its property.
    func add(_ animation: LayerAnimation, to layer: Layer) {
        roster.append(animation)
        layer.add(animation)
    }

    /// Lets go of every animation (they hold the group strongly): at the end of the group, and
    /// when its world goes away with the group unfinished.
    func releaseAnimations() {
        for animation in roster.elements { roster.remove(animation) }
    }

    /// Takes `animation` out of the group and off its layer, in O(1).
    func remove(_ animation: LayerAnimation) {
        animation.layer?.remove(animation)
        roster.remove(animation)
    }

    /// This group's animation of `property` on `layer`, found through the layer's track for
    /// that property (a handful of animations) rather than through the whole group.
    func animation(on layer: Layer, _ property: LayerProperty) -> LayerAnimation? {
        layer.lastAnimation(of: property) { $0.group === self }
    }

    /// Registers the group and schedules its completion.
    func start() {
        space.groupRoster.append(self)
        world.liveGroupRoster.append(self)
        rescheduleCompletion()
    }

    func rescheduleCompletion() {
        completionEvent?.cancel()
        completionEvent = nil
        guard !isFinished, !isOwnedByAnimator else { return }
        let end = endTime
        guard end.isFinite, let time = space.worldTime(whenLocalReaches: end, notBefore: world.now) else { return }
        // The event holds the group strongly: the world's live groups hold it anyway until it
        // finishes, and finishing cancels the event. A weak capture gave every group a side
        // table (an allocation, and slow reference counting from then on).
        completionEvent = world.schedule(at: time, label: "animation end \(label)") { [self] in
            try finish(finished: !wasInterrupted)
        }
    }

    /// Ends the group: removes its animations and runs the completion once.
    public func finish(finished: Bool) throws {
        guard !isFinished else { return }
        isFinished = true
        completionEvent?.cancel()
        if !(keepsAnimationsWhenFinished && finished) { roster.forEach { $0.layer?.remove($0) } }
        releaseAnimations()
        space.groupRoster.remove(self)
        world.liveGroupRoster.remove(self)
        let completion = self.completion
        self.completion = nil
        try completion?(finished)
    }

    /// One animation was removed by an interrupting one; the group completes with
    /// finished = false, right away when nothing of it is left running.
    func animationWasInterrupted(_ animation: LayerAnimation) {
        wasInterrupted = true
        remove(animation)
        if roster.isEmpty && !isFinished {
            completionEvent?.cancel()
            completionEvent = world.async(label: "animation interrupted \(label)") { [self] in
                try finish(finished: false)
            }
        }
    }

    /// Removes every animation (removeAllAnimations) and completes with finished = false.
    public func cancel() {
        guard !isFinished else { return }
        for animation in roster.elements { animationWasInterrupted(animation) }
    }

    /// The layers' model values as they were before this group changed them.
    public func restoreStartValues() {
        for animation in roster.elements.reversed() {
            guard let layer = animation.layer else { continue }
            let model = layer.modelValue(animation.property)
            switch animation.change {
            case .additive(let delta): layer.restoreModelValue(animation.property, model.adding(delta))
            case .absolute(let from, _): layer.restoreModelValue(animation.property, from)
            case .keyframes(let track): layer.restoreModelValue(animation.property, track.value(at: 0))
            case .coreAnimation: break  // Core Animation animations never change model values
            }
        }
    }
}
