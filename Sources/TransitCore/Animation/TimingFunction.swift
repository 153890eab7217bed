import Foundation

/// CAMediaTimingFunction: a cubic Bézier from (0, 0) to (1, 1) that maps elapsed-time fraction
/// to progress. Kept as a value with precomputed polynomial coefficients because it is evaluated
/// for every animated property of every view on every frame.
public struct TimingFunction: Hashable, Sendable {
    /// The control points actually in use: x clamped to 0...1 (so the curve is a function of
    /// time, as CSS and Core Animation require); any non-finite coordinate makes the curve linear.
    public let controlPoint1: Point
    public let controlPoint2: Point

    // Power-basis coefficients of x(t) = ((ax·t + bx)·t + cx)·t and likewise y(t),
    // the form WebKit's UnitBezier evaluates with three multiply-adds.
    private let ax: Double, bx: Double, cx: Double
    private let ay: Double, by: Double, cy: Double
    // y(t) == x(t) for every t, so value(at: x) == x without solving.
    private let isDiagonal: Bool

    public init(controlPoint1: Point, controlPoint2: Point) {
        var first = controlPoint1, second = controlPoint2
        if !(first.isFinite && second.isFinite) {
            first = Point(x: 0, y: 0)
            second = Point(x: 1, y: 1)
        }
        first.x = min(max(first.x, 0), 1)
        second.x = min(max(second.x, 0), 1)
        self.controlPoint1 = first
        self.controlPoint2 = second
        cx = 3 * first.x
        bx = 3 * (second.x - first.x) - cx
        ax = 1 - cx - bx
        cy = 3 * first.y
        by = 3 * (second.y - first.y) - cy
        ay = 1 - cy - by
        isDiagonal = first.x == first.y && second.x == second.y
    }

    public static let linear = TimingFunction(controlPoint1: Point(x: 0, y: 0), controlPoint2: Point(x: 1, y: 1))
    public static let easeIn = TimingFunction(controlPoint1: Point(x: 0.42, y: 0), controlPoint2: Point(x: 1, y: 1))
    public static let easeOut = TimingFunction(controlPoint1: Point(x: 0, y: 0), controlPoint2: Point(x: 0.58, y: 1))
    public static let easeInEaseOut = TimingFunction(controlPoint1: Point(x: 0.42, y: 0), controlPoint2: Point(x: 0.58, y: 1))
    /// kCAMediaTimingFunctionDefault, what implicit layer animations use.
    public static let `default` = TimingFunction(controlPoint1: Point(x: 0.25, y: 0.1), controlPoint2: Point(x: 0.25, y: 1))

    /// Core Animation's names (kCAMediaTimingFunction…), as scripts spell them; nil when unknown.
    public static func named(_ name: String) -> TimingFunction? {
        switch name {
        case "default": return .default
        case "easeIn": return .easeIn
        case "easeOut": return .easeOut
        case "easeInEaseOut": return .easeInEaseOut
        case "linear": return .linear
        default: return nil
        }
    }

    /// Progress at time fraction `x`. x is clamped to 0...1 (NaN counts as 0), so y is exactly 0
    /// before the start and exactly 1 at and after the end; y may leave 0...1 in between when a
    /// control point's y does. Allocation-free.
    public func value(at x: Double) -> Double {
        guard x > 0 else { return 0 }
        guard x < 1 else { return 1 }
        if isDiagonal { return x }
        return sampleY(solveT(forX: x))
    }

    @inline(__always) private func sampleX(_ t: Double) -> Double { ((ax * t + bx) * t + cx) * t }
    @inline(__always) private func sampleY(_ t: Double) -> Double { ((ay * t + by) * t + cy) * t }
    @inline(__always) private func slopeX(_ t: Double) -> Double { (3 * ax * t + 2 * bx) * t + cx }

    // WebKit's UnitBezier strategy: Newton from t = x (fast, usually 2–4 steps), bisection when
    // the slope is too flat for Newton or it wanders out of 0...1. Unlike WebKit, Newton stops on
    // the size of its step in t (1e-7), not on the residual in x: where x(t) is flat (control x
    // near 0 or 1) a small x residual can hide a large error in t and therefore in y.
    private func solveT(forX x: Double) -> Double {
        let epsilon = 1e-7
        var t = x
        for _ in 0..<8 {
            let slope = slopeX(t)
            if abs(slope) < 1e-6 { break }
            let step = (sampleX(t) - x) / slope
            t -= step
            if abs(step) < epsilon {
                if t >= 0 && t <= 1 { return t }
                break
            }
        }
        // x(t) is monotone on 0...1 because both control x lie in 0...1: plain halving converges.
        var lower = 0.0, upper = 1.0
        t = 0.5
        for _ in 0..<64 {
            if sampleX(t) < x { lower = t } else { upper = t }
            t = (lower + upper) * 0.5
            if upper - lower < 1e-10 { break }
        }
        return t
    }
}
