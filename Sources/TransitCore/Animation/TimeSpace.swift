// A time space maps world time to the local time its animations run on, like a CALayer's
// speed/timeOffset/beginTime. The root follows the clock; a percent-driven transition freezes
// its space, scrubs it with update(p) and drives it to the end or back to the start; a
// property animator drives its own space along its timing curve.

public final class TimeSpace {
    public enum Mode {
        /// local = parent − offset (running at speed 1).
        case following(offset: Double)
        /// local stays fixed.
        case frozen(at: Double)
        /// local goes from `from` to `to` over `duration` parent seconds starting at `start`,
        /// shaped by `curve` (nil = linear), then stays at `to`.
        case driven(start: Double, duration: Double, from: Double, to: Double, curve: DrivenCurve?)
    }

    /// How a driven space moves from `from` to `to`: a Bézier curve of the time fraction, or
    /// a spring of the elapsed seconds (which may overshoot).
    public enum DrivenCurve {
        case timing(TimingFunction)
        case spring(Spring)

        func value(fraction: Double, elapsed: Double) -> Double {
            switch self {
            case .timing(let function): return function.value(at: fraction)
            case .spring(let spring): return fraction >= 1 ? 1 : spring.value(at: elapsed)
            }
        }
    }

    public let parent: TimeSpace?
    public private(set) var mode: Mode
    /// Animation groups and child spaces whose completion events depend on this mapping.
    var groups: [AnimationGroup] { groupRoster.elements }
    var groupRoster = Roster<GroupInSpace>()
    var children: [TimeSpaceReference] = []
    public let label: String
    /// The first block animation made in this space (a transition's: the animator's own), whose
    /// duration, delay and curve or spring the transition's alongside animations share.
    public internal(set) var firstBlockAnimation: (duration: Double, delay: Double, timing: AnimationTiming)?

    init(parent: TimeSpace?, mode: Mode, label: String) {
        self.parent = parent
        self.mode = mode
        self.label = label
        parent?.children.append(TimeSpaceReference(self))
    }

    static func root() -> TimeSpace { TimeSpace(parent: nil, mode: .following(offset: 0), label: "root") }

    /// A new child space of `parent`, frozen or running from its current local time.
    public static func child(of parent: TimeSpace, world: World, frozen: Bool, label: String) -> TimeSpace {
        let parentNow = parent.localTime(atWorld: world.now)
        return TimeSpace(parent: parent, mode: frozen ? .frozen(at: 0) : .following(offset: parentNow), label: label)
    }

    public func localTime(atWorld time: Double) -> Double {
        let parentTime = parent?.localTime(atWorld: time) ?? time
        return localTime(atParent: parentTime)
    }

    func localTime(atParent parentTime: Double) -> Double {
        switch mode {
        case .following(let offset): return parentTime - offset
        case .frozen(let local): return local
        case .driven(let start, let duration, let from, let to, let curve):
            if duration <= 0 { return parentTime >= start ? to : from }
            let elapsed = min(duration, max(0, parentTime - start))
            let fraction = elapsed / duration
            let shaped = curve?.value(fraction: fraction, elapsed: elapsed) ?? fraction
            return from + (to - from) * shaped
        }
    }

    /// The first world time at or after `notBefore` when local time reaches `local` going
    /// forward; nil when it never does under the current modes.
    public func worldTime(whenLocalReaches local: Double, notBefore: Double) -> Double? {
        guard let parentTime = parentTime(whenLocalReaches: local) else { return nil }
        guard let parent else { return max(parentTime, notBefore) }
        return parent.worldTime(whenLocalReaches: parentTime, notBefore: notBefore)
    }

    private func parentTime(whenLocalReaches local: Double) -> Double? {
        switch mode {
        case .following(let offset): return local + offset
        // A frozen space never moves, so nothing in it reaches its end: a percent-driven
        // transition scrubbed to update(1) still waits for finish() (docs/semantics.md).
        case .frozen: return nil
        case .driven(let start, let duration, let from, let to, let curve):
            if to < from { return from >= local && to <= local ? nil : (local <= to ? -Double.infinity : nil) }
            if local <= from { return -Double.infinity }
            if local > to { return nil }
            if duration <= 0 || to == from { return start }
            // Invert the (monotonic) curve by bisection.
            let target = (local - from) / (to - from)
            var low = 0.0, high = 1.0
            for _ in 0..<60 {
                let middle = (low + high) / 2
                if (curve?.value(fraction: middle, elapsed: middle * duration) ?? middle) < target { low = middle } else { high = middle }
            }
            return start + high * duration
        }
    }

    /// Changes the mapping, keeping completion events in step with it.
    public func setMode(_ newMode: Mode, world: World) {
        mode = newMode
        rescheduleDependents(world: world)
    }

    func rescheduleDependents(world: World) {
        for group in groupRoster.elements { group.rescheduleCompletion() }
        children.removeAll { $0.space == nil }
        for child in children { child.space?.rescheduleDependents(world: world) }
    }
}

final class TimeSpaceReference {
    weak var space: TimeSpace?
    init(_ space: TimeSpace) { self.space = space }
}
