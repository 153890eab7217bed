import Foundation

/// Every layer property Transit animates, as one value type, so animations, keyframe tracks and
/// springs share a single interpolation path instead of one per property type.
public enum AnimatableValue: Hashable, Sendable {
    case number(Double)
    case point(Point)
    case size(Size)
    case rect(Rect)
    case color(Color)
    case transform(Transform3D)
    /// CAShapeLayer.path.
    case path(BezierPath)
    /// Lists of numbers: CAGradientLayer.locations, and its colors as red, green, blue, alpha
    /// four by four. Lists of different lengths do not interpolate (the second one is shown).
    case list([Double])

    /// The value `fraction` of the way from `from` to `to`. Fractions outside 0...1 (spring
    /// overshoot) extrapolate linearly; transforms go through decomposition
    /// (`Transform3D.interpolate`). fraction 0 and 1 return the endpoints exactly; NaN and −∞
    /// return `from`, +∞ returns `to`. Mismatched cases return `to`. Allocation-free except
    /// for transforms.
    public static func interpolate(from: AnimatableValue, to: AnimatableValue, fraction: Double) -> AnimatableValue {
        guard from.kind == to.kind else { return to }
        if fraction == 0 || fraction.isNaN || fraction == -.infinity { return from }
        if fraction == 1 || fraction == .infinity { return to }
        let f = fraction
        switch (from, to) {
        case let (.number(a), .number(b)):
            return .number(a + (b - a) * f)
        case let (.point(a), .point(b)):
            return .point(Point(x: a.x + (b.x - a.x) * f, y: a.y + (b.y - a.y) * f))
        case let (.size(a), .size(b)):
            return .size(Size(width: a.width + (b.width - a.width) * f, height: a.height + (b.height - a.height) * f))
        case let (.rect(a), .rect(b)):
            return .rect(Rect(
                x: a.origin.x + (b.origin.x - a.origin.x) * f,
                y: a.origin.y + (b.origin.y - a.origin.y) * f,
                width: a.size.width + (b.size.width - a.size.width) * f,
                height: a.size.height + (b.size.height - a.size.height) * f))
        case let (.color(a), .color(b)):
            return .color(Color(
                red: a.red + (b.red - a.red) * f,
                green: a.green + (b.green - a.green) * f,
                blue: a.blue + (b.blue - a.blue) * f,
                alpha: a.alpha + (b.alpha - a.alpha) * f))
        case let (.transform(a), .transform(b)):
            return .transform(Transform3D.interpolate(from: a, to: b, fraction: f))
        case let (.path(a), .path(b)):
            return .path(BezierPath.interpolate(from: a, to: b, fraction: f))
        case let (.list(a), .list(b)):
            guard a.count == b.count else { return to }
            return .list(zip(a, b).map { $0 + ($1 - $0) * f })
        default:
            return to
        }
    }

    /// Additive animations (CABasicAnimation.isAdditive): component-wise sum; colors add all four
    /// components, rects add origin and size. For transforms `a.adding(b)` is
    /// `b.concatenating(a)`: b applies first, in the layer's local space, the way
    /// CATransform3DRotate/Scale/Translate prepend. A mismatched case contributes nothing (self).
    public func adding(_ other: AnimatableValue) -> AnimatableValue {
        switch (self, other) {
        case let (.number(a), .number(b)): return .number(a + b)
        case let (.point(a), .point(b)): return .point(Point(x: a.x + b.x, y: a.y + b.y))
        case let (.size(a), .size(b)): return .size(Size(width: a.width + b.width, height: a.height + b.height))
        case let (.rect(a), .rect(b)):
            return .rect(Rect(x: a.origin.x + b.origin.x, y: a.origin.y + b.origin.y,
                              width: a.size.width + b.size.width, height: a.size.height + b.size.height))
        case let (.color(a), .color(b)):
            return .color(Color(red: a.red + b.red, green: a.green + b.green, blue: a.blue + b.blue, alpha: a.alpha + b.alpha))
        case let (.transform(a), .transform(b)):
            return .transform(b.concatenating(a))
        case let (.list(a), .list(b)) where a.count == b.count:
            return .list(zip(a, b).map { $0 + $1 })
        default:
            return self
        }
    }

    /// The inverse of `adding`: `a.subtracting(b).adding(b) == a`. For transforms that is
    /// `b⁻¹.concatenating(a)`; a singular `b` cannot be removed, so `a` comes back unchanged.
    /// A mismatched case returns self.
    public func subtracting(_ other: AnimatableValue) -> AnimatableValue {
        switch (self, other) {
        case let (.number(a), .number(b)): return .number(a - b)
        case let (.point(a), .point(b)): return .point(Point(x: a.x - b.x, y: a.y - b.y))
        case let (.size(a), .size(b)): return .size(Size(width: a.width - b.width, height: a.height - b.height))
        case let (.rect(a), .rect(b)):
            return .rect(Rect(x: a.origin.x - b.origin.x, y: a.origin.y - b.origin.y,
                              width: a.size.width - b.size.width, height: a.size.height - b.size.height))
        case let (.color(a), .color(b)):
            return .color(Color(red: a.red - b.red, green: a.green - b.green, blue: a.blue - b.blue, alpha: a.alpha - b.alpha))
        case let (.transform(a), .transform(b)):
            guard let inverse = b.inverted else { return self }
            return .transform(inverse.concatenating(a))
        case let (.list(a), .list(b)) where a.count == b.count:
            return .list(zip(a, b).map { $0 - $1 })
        default:
            return self
        }
    }

    /// The neutral element of `adding` for this case: zeros (a clear black color), identity transform.
    public var zero: AnimatableValue {
        switch self {
        case .number: return .number(0)
        case .point: return .point(.zero)
        case .size: return .size(.zero)
        case .rect: return .rect(.zero)
        case .color: return .color(Color(red: 0, green: 0, blue: 0, alpha: 0))
        case .transform: return .transform(.identity)
        case .path: return .path(BezierPath())
        case .list(let values): return .list([Double](repeating: 0, count: values.count))
        }
    }

    /// Euclidean distance over the components (all 16 matrix elements for transforms); what
    /// paced keyframes spread time by. Mismatched cases are 0 apart.
    public func distance(to other: AnimatableValue) -> Double {
        switch (self, other) {
        case let (.number(a), .number(b)):
            return abs(a - b)
        case let (.point(a), .point(b)):
            return Self.length(a.x - b.x, a.y - b.y)
        case let (.size(a), .size(b)):
            return Self.length(a.width - b.width, a.height - b.height)
        case let (.rect(a), .rect(b)):
            return Self.length(a.origin.x - b.origin.x, a.origin.y - b.origin.y,
                               a.size.width - b.size.width, a.size.height - b.size.height)
        case let (.color(a), .color(b)):
            return Self.length(a.red - b.red, a.green - b.green, a.blue - b.blue, a.alpha - b.alpha)
        case let (.transform(a), .transform(b)):
            let first = Self.length(a.m11 - b.m11, a.m12 - b.m12, a.m13 - b.m13, a.m14 - b.m14)
            let second = Self.length(a.m21 - b.m21, a.m22 - b.m22, a.m23 - b.m23, a.m24 - b.m24)
            let third = Self.length(a.m31 - b.m31, a.m32 - b.m32, a.m33 - b.m33, a.m34 - b.m34)
            let fourth = Self.length(a.m41 - b.m41, a.m42 - b.m42, a.m43 - b.m43, a.m44 - b.m44)
            return Self.length(first, second, third, fourth)
        case let (.path(a), .path(b)):
            return a.distance(to: b)
        case let (.list(a), .list(b)) where a.count == b.count:
            return zip(a, b).reduce(0) { $0 + ($1.0 - $1.1) * ($1.0 - $1.1) }.squareRoot()
        default:
            return 0
        }
    }

    /// Catmull-Rom (tension 0) through p1 at s = 0 and p2 at s = 1, with p0 and p3 shaping the
    /// tangents; nil when the four are not all the same non-transform case.
    static func catmullRom(_ p0: AnimatableValue, _ p1: AnimatableValue, _ p2: AnimatableValue,
                           _ p3: AnimatableValue, at s: Double) -> AnimatableValue? {
        let s2 = s * s, s3 = s2 * s
        let w0 = 0.5 * (-s + 2 * s2 - s3)
        let w1 = 0.5 * (2 - 5 * s2 + 3 * s3)
        let w2 = 0.5 * (s + 4 * s2 - 3 * s3)
        let w3 = 0.5 * (-s2 + s3)
        func blend(_ a: Double, _ b: Double, _ c: Double, _ d: Double) -> Double {
            w0 * a + w1 * b + w2 * c + w3 * d
        }
        switch (p0, p1, p2, p3) {
        case let (.number(a), .number(b), .number(c), .number(d)):
            return .number(blend(a, b, c, d))
        case let (.point(a), .point(b), .point(c), .point(d)):
            return .point(Point(x: blend(a.x, b.x, c.x, d.x), y: blend(a.y, b.y, c.y, d.y)))
        case let (.size(a), .size(b), .size(c), .size(d)):
            return .size(Size(width: blend(a.width, b.width, c.width, d.width),
                              height: blend(a.height, b.height, c.height, d.height)))
        case let (.rect(a), .rect(b), .rect(c), .rect(d)):
            return .rect(Rect(x: blend(a.origin.x, b.origin.x, c.origin.x, d.origin.x),
                              y: blend(a.origin.y, b.origin.y, c.origin.y, d.origin.y),
                              width: blend(a.size.width, b.size.width, c.size.width, d.size.width),
                              height: blend(a.size.height, b.size.height, c.size.height, d.size.height)))
        case let (.color(a), .color(b), .color(c), .color(d)):
            return .color(Color(red: blend(a.red, b.red, c.red, d.red),
                                green: blend(a.green, b.green, c.green, d.green),
                                blue: blend(a.blue, b.blue, c.blue, d.blue),
                                alpha: blend(a.alpha, b.alpha, c.alpha, d.alpha)))
        default:
            return nil
        }
    }

    private static func length(_ a: Double, _ b: Double, _ c: Double = 0, _ d: Double = 0) -> Double {
        (a * a + b * b + c * c + d * d).squareRoot()
    }

    // Which case, without its payload: the cheap "same case?" test.
    private var kind: Int {
        switch self {
        case .number: return 0
        case .point: return 1
        case .size: return 2
        case .rect: return 3
        case .color: return 4
        case .transform: return 5
        case .path: return 6
        case .list: return 7
        }
    }
}
