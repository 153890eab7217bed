// UIView's block animations: `animate`, `animateKeyframes` + `addKeyframe`,
// `performWithoutAnimation`. While a block runs, every animatable property a script sets gets
// its new model value at once and an animation of its presentation value.

public struct AnimationOptions: OptionSet, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let layoutSubviews = AnimationOptions(rawValue: 1 << 0)
    public static let allowUserInteraction = AnimationOptions(rawValue: 1 << 1)
    public static let beginFromCurrentState = AnimationOptions(rawValue: 1 << 2)
    public static let `repeat` = AnimationOptions(rawValue: 1 << 3)
    public static let autoreverse = AnimationOptions(rawValue: 1 << 4)
    /// A nested block keeps its own duration, curve, or options instead of the outer block's.
    public static let overrideInheritedDuration = AnimationOptions(rawValue: 1 << 5)
    public static let overrideInheritedCurve = AnimationOptions(rawValue: 1 << 6)
    public static let overrideInheritedOptions = AnimationOptions(rawValue: 1 << 9)

    /// The options a nested block takes from the outer one unless it has overrideInheritedOptions.
    static let inheritable: AnimationOptions = [.layoutSubviews, .allowUserInteraction, .beginFromCurrentState, .repeat, .autoreverse]
}

/// Block animations' curve option, mapped to Core Animation's functions as UIKit does.
public enum AnimationCurve: String, CaseIterable, Sendable {
    case easeInOut, easeIn, easeOut, linear

    public var timingFunction: TimingFunction {
        switch self {
        case .easeInOut: return .easeInEaseOut
        case .easeIn: return .easeIn
        case .easeOut: return .easeOut
        case .linear: return .linear
        }
    }
}

final class AnimationContext {
    enum Kind {
        case block
        case keyframes
        case disabled
    }
    let kind: Kind
    let group: AnimationGroup?
    let duration: Double
    let delay: Double
    let timing: AnimationTiming
    let options: AnimationOptions
    /// Local begin time of new animations, when the owner fixes it (property animators).
    let beginTime: Double?
    /// Inside `addKeyframe`: the keyframe's relative start and duration.
    var keyframe: (start: Double, duration: Double)?
    /// Keyframe recordings per (layer, property): the start value and each keyframe's target.
    var keyframeRecords: [KeyframeRecordKey: KeyframeRecord] = [:]
    var keyframeOrder: [KeyframeRecordKey] = []
    /// The clock this block's animations share (one per begin time, which is fixed while the
    /// block runs), so they share the progress computation.
    private var sharedClock: AnimationClock?

    func clock(beginTime: Double, duration: Double, timing: AnimationTiming) -> AnimationClock {
        let repeatCount: Double = options.contains(.repeat) ? .infinity : 1
        let autoreverses = options.contains(.autoreverse)
        if let clock = sharedClock, clock.beginTime.bitPattern == beginTime.bitPattern, clock.duration == duration {
            return clock
        }
        let clock = AnimationClock(timing: timing, beginTime: beginTime, duration: duration,
                                   repeatCount: repeatCount, autoreverses: autoreverses, group: group!)
        sharedClock = clock
        return clock
    }

    init(kind: Kind, group: AnimationGroup?, duration: Double, delay: Double, timing: AnimationTiming,
         options: AnimationOptions, beginTime: Double? = nil) {
        self.kind = kind; self.group = group; self.duration = duration; self.delay = delay
        self.timing = timing; self.options = options; self.beginTime = beginTime
    }
}

struct KeyframeRecordKey: Hashable {
    let layer: ObjectIdentifier
    let property: LayerProperty
}

struct KeyframeRecord {
    let layer: Layer
    let initial: AnimatableValue
    var keyframes: [(start: Double, end: Double, value: AnimatableValue)] = []
}

extension World {
    /// `UIView.animate`: runs `animations` in an animation context; `completion(finished)` runs
    /// when every animation it created has ended (next turn when it created none, or when
    /// the duration is ≤ 0, in which case the changes apply at once).
    @discardableResult
    public func animate(duration: Double, delay: Double = 0, options: AnimationOptions = [],
                        timing: AnimationTiming = .curve(.easeInEaseOut),
                        animations: () throws -> Void,
                        completion: ((Bool) throws -> Void)? = nil) throws -> AnimationGroup? {
        // UIKit documents that a negative or zero duration makes the changes without animating.
        guard duration.isFinite else {
            throw ModelUsageError.animation("duration must be a finite number (got \(formatNumber(duration)))")
        }
        guard delay.isFinite, delay >= 0 else {
            throw ModelUsageError.animation("delay must be a finite number ≥ 0 (got \(formatNumber(delay)))")
        }
        var duration = duration, timing = timing, options = options
        if let outer = animationContexts.last, outer.kind == .block, outer.beginTime == nil {
            // Nested in another UIView.animate block: UIKit's AnimationOptions say the nested
            // animation inherits the in-flight one's duration and curve unless
            // overrideInheritedDuration / overrideInheritedCurve are given, and its options
            // unless overrideInheritedOptions is. The delay stays the nested block's own
            // (no option speaks of inheriting it). Property animators' blocks (a fixed
            // beginTime) run on their own time space and pass nothing on.
            if !options.contains(.overrideInheritedDuration) { duration = outer.duration }
            if !options.contains(.overrideInheritedCurve) { timing = outer.timing }
            if !options.contains(.overrideInheritedOptions) { options.formUnion(outer.options.intersection(.inheritable)) }
        }
        if duration <= 0 && delay <= 0 {
            try withoutAnimation(animations)
            if let completion { async(label: "animate completion (no duration)") { try completion(true) } }
            return nil
        }
        let space = currentTimeSpace
        if space.firstBlockAnimation == nil, space !== rootTimeSpace { space.firstBlockAnimation = (duration, delay, timing) }
        let start = space.localTime(atWorld: now) + delay
        let group = AnimationGroup(world: self, space: space, nominalEnd: start + max(0, duration),
                                   label: "UIView.animate", completion: nil)
        group.blocksUserInteraction = !options.contains(.allowUserInteraction)
        joinCurrentTransaction(group, completion: completion)
        let context = AnimationContext(kind: .block, group: group, duration: max(0, duration), delay: delay,
                                       timing: timing, options: options)
        animationContexts.append(context)
        defer { animationContexts.removeLast() }
        try animations()
        group.start()
        return group
    }

    /// A block's animations are Core Animation animations added in the current transaction, so
    /// a `CATransaction.setCompletionBlock` waits for them as it waits for `layer:add` (Apple:
    /// the block runs "as soon as all animations subsequently added by this transaction group
    /// have completed"). The block's own completion runs first: UIKit calls it from the
    /// animations' end, and the transaction's block after the last of them.
    private func joinCurrentTransaction(_ group: AnimationGroup, completion: ((Bool) throws -> Void)?) {
        let transaction = currentTransaction()
        transaction.animationStarted()
        group.completion = { finished in
            do { try completion?(finished) } catch {
                // The completion's error propagates now; the transaction's block still runs,
                // on a later turn, so its own error is not lost either.
                transaction.animationEndedLater()
                throw error
            }
            try transaction.animationEnded()
        }
    }

    /// `UIView.animateKeyframes`: `addKeyframe` calls inside `animations` record each
    /// property's values; one keyframe animation per property is built when the block returns.
    @discardableResult
    public func animateKeyframes(duration: Double, delay: Double = 0, options: AnimationOptions = [],
                                 mode: KeyframeCalculationMode = .linear,
                                 animations: () throws -> Void,
                                 completion: ((Bool) throws -> Void)? = nil) throws -> AnimationGroup? {
        guard duration.isFinite, delay.isFinite, delay >= 0 else {
            throw ModelUsageError.animation("duration and delay must be finite numbers (delay ≥ 0)")
        }
        if duration <= 0 {
            let context = AnimationContext(kind: .disabled, group: nil, duration: 0, delay: 0, timing: .linear, options: [])
            context.keyframe = (0, 1)
            animationContexts.append(context)
            defer { animationContexts.removeLast() }
            try animations()
            if let completion { async(label: "keyframes completion (no duration)") { try completion(true) } }
            return nil
        }
        let space = currentTimeSpace
        let start = space.localTime(atWorld: now) + delay
        let group = AnimationGroup(world: self, space: space, nominalEnd: start + duration,
                                   label: "UIView.animateKeyframes", completion: nil)
        group.blocksUserInteraction = !options.contains(.allowUserInteraction)
        joinCurrentTransaction(group, completion: completion)
        let context = AnimationContext(kind: .keyframes, group: group, duration: duration, delay: delay,
                                       timing: .linear, options: options)
        animationContexts.append(context)
        do {
            try animations()
        } catch {
            animationContexts.removeLast()
            throw error
        }
        animationContexts.removeLast()
        for key in context.keyframeOrder {
            guard let record = context.keyframeRecords[key] else { continue }
            var values = [record.initial]
            var times = [0.0]
            var current = record.initial
            // Stable by start time: keyframes starting together keep the order they were added.
            let ordered = record.keyframes.enumerated().sorted { ($0.element.start, $0.offset) < ($1.element.start, $1.offset) }.map(\.element)
            for keyframe in ordered {
                if keyframe.start > times.last! { values.append(current); times.append(keyframe.start) }
                values.append(keyframe.value); times.append(max(keyframe.end, times.last!))
                current = keyframe.value
            }
            if times.last! < 1 { values.append(current); times.append(1) }
            let animation = LayerAnimation(
                property: key.property, change: .keyframes(KeyframeTrack(values: values, keyTimes: times, mode: mode)),
                clock: context.clock(beginTime: start, duration: duration, timing: .linear), layer: record.layer)
            interruptRunningAnimations(on: record.layer, key.property, except: nil)
            group.add(animation, to: record.layer)
        }
        group.start()
        return group
    }

    /// `UIView.addKeyframe`: only valid inside `animateKeyframes`.
    public func addKeyframe(relativeStartTime: Double, relativeDuration: Double, animations: () throws -> Void) throws {
        guard let context = animationContexts.last, context.kind == .keyframes || (context.kind == .disabled && context.keyframe != nil) else {
            throw ModelUsageError.animation(.naming("UIView.addKeyframe", " must be called inside the animations of UIView.animateKeyframes"))
        }
        guard relativeStartTime.isFinite, relativeDuration.isFinite, relativeStartTime >= 0, relativeDuration >= 0,
              relativeStartTime + relativeDuration <= 1 + 1e-9 else {
            throw ModelUsageError.animation(.naming("UIView.addKeyframe", ": relativeStartTime and relativeDuration must be in 0...1 with start + duration ≤ 1 (got \(formatNumber(relativeStartTime)), \(formatNumber(relativeDuration)))"))
        }
        let saved = context.keyframe
        context.keyframe = (relativeStartTime, relativeDuration)
        defer { context.keyframe = saved }
        try animations()
    }

    /// `UIView.performWithoutAnimation`.
    public func withoutAnimation<T>(_ body: () throws -> T) rethrows -> T {
        animationContexts.append(AnimationContext(kind: .disabled, group: nil, duration: 0, delay: 0, timing: .linear, options: []))
        defer { animationContexts.removeLast() }
        return try body()
    }

    public var isInsideAnimationBlock: Bool {
        guard let context = animationContexts.last else { return false }
        return context.kind != .disabled
    }

    /// Every animatable model change funnels through here, after the model value changed (the
    /// animation it makes runs from `old` to the model's new value).
    func layer(_ layer: Layer, didChange property: LayerProperty, from old: AnimatableValue, to new: AnimatableValue) {
        // Standalone layers follow Core Animation's implicit actions, not UIView's blocks.
        if !layer.isViewLayer { implicitChange(layer, property, from: old, to: new); return }
        guard let context = animationContexts.last, let group = context.group else { return }
        switch context.kind {
        case .disabled:
            return
        case .keyframes:
            let key = KeyframeRecordKey(layer: ObjectIdentifier(layer), property: property)
            let (start, length) = context.keyframe ?? (0, 1)
            if context.keyframeRecords[key] == nil {
                let initial = context.options.contains(.beginFromCurrentState) ? layer.presentationValue(property, at: now, model: old) : old
                context.keyframeRecords[key] = KeyframeRecord(layer: layer, initial: initial)
                context.keyframeOrder.append(key)
            }
            context.keyframeRecords[key]!.keyframes.append((start, start + length, new))
        case .block:
            let space = group.space
            let begin = context.beginTime ?? space.localTime(atWorld: now) + context.delay
            var change: LayerAnimation.Change
            if !property.isAdditive || context.options.contains(.beginFromCurrentState) {
                let from = layer.presentationValue(property, at: now, model: old)
                interruptRunningAnimations(on: layer, property, except: group)
                if property.isAdditive {
                    change = .additive(delta: from.subtracting(new))
                } else {
                    change = .absolute(from: from, to: new)
                }
            } else {
                if old == new { return }
                change = .additive(delta: old.subtracting(new))
            }
            let clock = context.clock(beginTime: begin, duration: context.duration, timing: context.timing)
            // A second change of the same property in the same block replaces the first.
            if let earlier = group.animation(on: layer, property) {
                group.remove(earlier)
                if case .additive(let d1) = earlier.change, case .additive(let d2) = change {
                    change = .additive(delta: d1.adding(d2))
                }
            }
            group.add(LayerAnimation(property: property, change: change, clock: clock, layer: layer), to: layer)
        }
    }

    /// Removes running animations of a property (an interrupting, non-additive animation);
    /// their groups complete with finished = false.
    func interruptRunningAnimations(on layer: Layer, _ property: LayerProperty, except group: AnimationGroup?) {
        for animation in layer.animations(of: property) where animation.group !== group && !animation.group.isCoreAnimation {
            animation.group.animationWasInterrupted(animation)
        }
    }
}
