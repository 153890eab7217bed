import Foundation

/// CAKeyframeAnimation.calculationMode.
public enum KeyframeCalculationMode: String, CaseIterable, Sendable {
    case linear, discrete, paced, cubic, cubicPaced
}

/// The values-and-key-times half of CAKeyframeAnimation: maps the animation's (already timed)
/// fraction to a value. Key times are validated and resolved once at init so sampling is a
/// search plus one interpolation.
public struct KeyframeTrack: Sendable {
    public let values: [AnimatableValue]
    public let mode: KeyframeCalculationMode
    /// The key times actually used: the given ones when valid for the mode, otherwise evenly
    /// spaced; for paced modes, proportional to the cumulative distance between values.
    public let resolvedKeyTimes: [Double]

    /// Key times are valid when there is one per value (discrete also accepts one more, Core
    /// Animation's form, the last closing the last value's interval), all finite, within 0...1 and
    /// non-decreasing. Invalid key times are replaced by even spacing: i/(n−1) for linear and
    /// cubic, i/n for discrete (each value holds an equal share). Paced modes ignore key times.
    public init(values: [AnimatableValue], keyTimes: [Double], mode: KeyframeCalculationMode) {
        self.values = values
        self.mode = mode
        let count = values.count
        switch mode {
        case .paced, .cubicPaced:
            resolvedKeyTimes = KeyframeTrack.pacedTimes(values)
        case .discrete:
            let valid = (keyTimes.count == count || keyTimes.count == count + 1) && KeyframeTrack.isOrderedUnitInterval(keyTimes)
            resolvedKeyTimes = valid ? keyTimes : (0..<count).map { Double($0) / Double(max(count, 1)) }
        case .linear, .cubic:
            let valid = keyTimes.count == count && KeyframeTrack.isOrderedUnitInterval(keyTimes)
            resolvedKeyTimes = valid ? keyTimes : KeyframeTrack.evenTimes(count)
        }
    }

    /// The value at `fraction` of the animation. Fractions are clamped to 0...1 (NaN counts as 0):
    /// before the first key time the first value holds, after the last the last value. An empty
    /// track yields .number(0).
    ///  - discrete: value i holds over [keyTime i, keyTime i+1); the last value from its key time on.
    ///  - linear / paced: straight interpolation within the segment (decomposition for transforms).
    ///  - cubic / cubicPaced: Catmull-Rom (tension 0) through the values, end tangents formed by
    ///    repeating the end values; transforms and mixed cases fall back to linear per segment.
    /// A zero-length segment (equal key times) is a jump to the later value.
    public func value(at fraction: Double) -> AnimatableValue {
        guard let first = values.first else { return .number(0) }
        let count = values.count
        if count == 1 { return first }
        let f = fraction > 0 ? min(fraction, 1) : 0
        let times = resolvedKeyTimes

        if mode == .discrete {
            var index = 0
            for i in 0..<count where times[i] <= f { index = i }
            return values[index]
        }

        if f <= times[0] { return values[0] }
        if f >= times[count - 1] { return values[count - 1] }
        // Last segment whose start is at or before f.
        var segment = 0
        for i in 0..<(count - 1) where times[i] <= f { segment = i }
        let start = times[segment], end = times[segment + 1]
        guard end > start else { return values[segment + 1] }
        let local = (f - start) / (end - start)

        if mode == .cubic || mode == .cubicPaced {
            let before = values[max(segment - 1, 0)]
            let after = values[min(segment + 2, count - 1)]
            if let point = AnimatableValue.catmullRom(before, values[segment], values[segment + 1], after, at: local) {
                return point
            }
        }
        return AnimatableValue.interpolate(from: values[segment], to: values[segment + 1], fraction: local)
    }

    private static func isOrderedUnitInterval(_ times: [Double]) -> Bool {
        guard !times.isEmpty else { return false }
        var previous = 0.0
        for time in times {
            guard time.isFinite, time >= previous, time <= 1 else { return false }
            previous = time
        }
        return true
    }

    private static func evenTimes(_ count: Int) -> [Double] {
        count < 2 ? [Double](repeating: 0, count: count) : (0..<count).map { Double($0) / Double(count - 1) }
    }

    // Constant speed: each value is reached at its share of the total path length.
    private static func pacedTimes(_ values: [AnimatableValue]) -> [Double] {
        guard values.count > 1 else { return evenTimes(values.count) }
        var cumulative = [0.0]
        for i in 1..<values.count {
            cumulative.append(cumulative[i - 1] + values[i - 1].distance(to: values[i]))
        }
        let total = cumulative[cumulative.count - 1]
        guard total > 0, total.isFinite else { return evenTimes(values.count) }
        var times = cumulative.map { $0 / total }
        times[times.count - 1] = 1
        return times
    }
}
