// Scripts can set any finite number (a label 1e300 points tall, a shadow radius of 1e300), and
// snapshots built in Swift any Double at all; `Int(_: Double)` traps on NaN, on infinities and
// outside Int's range. Every Double the painter turns into an integer (pixel sizes, line counts,
// blur radii) goes through here, so the conversion is bounded in one place and a frame never traps.

/// `value` truncated towards zero, as `Int(_:)` does, then limited to `range`; NaN gives the
/// range's lower bound (there is no nearer integer to give).
func clampedInt(_ value: Double, in range: ClosedRange<Int>) -> Int {
    guard !value.isNaN else { return range.lowerBound }
    // Compared as Doubles first: Double(Int.max) rounds up to 2⁶³, so anything below it converts.
    if value <= Double(range.lowerBound) { return range.lowerBound }
    if value >= Double(range.upperBound) { return range.upperBound }
    return Int(value)
}
