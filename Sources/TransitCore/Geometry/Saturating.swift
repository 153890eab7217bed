// Double → Int without a trap. Swift's Int(_: Double) traps on NaN, infinities and values past
// Int's range; a script can put any of those into a frame, a duration or a time, so every
// conversion of a number a script reaches goes through one of these.

extension Int {
    /// `value` truncated toward zero, clamped to ±2^52 (NaN: 0). Past 2^52 a Double has no
    /// fraction left and arithmetic on the result could still overflow Int, so the clamp sits
    /// well inside Int's range.
    public init(saturating value: Double) {
        let limit = 4_503_599_627_370_496.0  // 2^52
        if value.isNaN { self = 0 } else { self = Int(Swift.min(Swift.max(value, -limit), limit)) }
    }
}
