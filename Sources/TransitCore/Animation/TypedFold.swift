// `LayerAnimation.apply(to:atWorld:)` for one value type at a time, without boxing.
//
// Sampling folds every running animation into its property's value. Through `AnimatableValue`
// each step moves two 129-byte enums (the boxed value in, the boxed result out) and dispatches
// on their kinds; for 10,000 animating layers that traffic was a third of a frame. These folds
// read the change's payload in its own type and compute, component by component, exactly what
// `AnimatableValue.interpolate` and `adding` compute (same operations, same order, same endpoint
// rules), so the values are bit for bit the same. They return nil for what they do not cover
// (keyframes, additive transforms, a change of another kind): the caller then uses `apply`.

/// A change the typed folds cover, with its values in their own types (at most 64 bytes, all
/// trivially copyable); `other` for everything they leave to `apply`.
enum TypedChange {
    case additiveNumber(Double), absoluteNumber(Double, Double)
    case additivePoint(Point), absolutePoint(Point, Point)
    case additiveSize(Size), absoluteSize(Size, Size)
    case additiveRect(Rect), absoluteRect(Rect, Rect)
    case additiveColor(Color), absoluteColor(Color, Color)
    case absoluteTransform
    case other

    init(_ change: LayerAnimation.Change) {
        switch change {
        case .additive(.number(let d)): self = .additiveNumber(d)
        case .absolute(.number(let a), .number(let b)): self = .absoluteNumber(a, b)
        case .additive(.point(let d)): self = .additivePoint(d)
        case .absolute(.point(let a), .point(let b)): self = .absolutePoint(a, b)
        case .additive(.size(let d)): self = .additiveSize(d)
        case .absolute(.size(let a), .size(let b)): self = .absoluteSize(a, b)
        case .additive(.rect(let d)): self = .additiveRect(d)
        case .absolute(.rect(let a), .rect(let b)): self = .absoluteRect(a, b)
        case .additive(.color(let d)): self = .additiveColor(d)
        case .absolute(.color(let a), .color(let b)): self = .absoluteColor(a, b)
        case .absolute(.transform, .transform): self = .absoluteTransform
        default: self = .other
        }
    }
}

extension LayerAnimation {
    /// One component of `AnimatableValue.interpolate`: the endpoints exactly at 0 and 1 (NaN
    /// and −∞ give `from`, +∞ gives `to`), `a + (b − a)·f` in between.
    @inline(__always)
    private static func mix(_ a: Double, _ b: Double, _ f: Double) -> Double {
        if f == 0 || f.isNaN || f == -.infinity { return a }
        if f == 1 || f == .infinity { return b }
        return a + (b - a) * f
    }

    func fold(_ value: Double, atWorld time: Double) -> Double? {
        switch typedChange {
        case .additiveNumber(let delta):
            return value + Self.mix(delta, 0, clock.progress(atWorld: time))
        case .absoluteNumber(let from, let to):
            return Self.mix(from, to, clock.progress(atWorld: time))
        default:
            return nil
        }
    }

    func fold(_ value: Point, atWorld time: Double) -> Point? {
        switch typedChange {
        case .additivePoint(let delta):
            let f = clock.progress(atWorld: time)
            return Point(x: value.x + Self.mix(delta.x, 0, f), y: value.y + Self.mix(delta.y, 0, f))
        case .absolutePoint(let from, let to):
            let f = clock.progress(atWorld: time)
            return Point(x: Self.mix(from.x, to.x, f), y: Self.mix(from.y, to.y, f))
        default:
            return nil
        }
    }

    func fold(_ value: Size, atWorld time: Double) -> Size? {
        switch typedChange {
        case .additiveSize(let delta):
            let f = clock.progress(atWorld: time)
            return Size(width: value.width + Self.mix(delta.width, 0, f), height: value.height + Self.mix(delta.height, 0, f))
        case .absoluteSize(let from, let to):
            let f = clock.progress(atWorld: time)
            return Size(width: Self.mix(from.width, to.width, f), height: Self.mix(from.height, to.height, f))
        default:
            return nil
        }
    }

    func fold(_ value: Rect, atWorld time: Double) -> Rect? {
        switch typedChange {
        case .additiveRect(let delta):
            let f = clock.progress(atWorld: time)
            return Rect(x: value.origin.x + Self.mix(delta.origin.x, 0, f), y: value.origin.y + Self.mix(delta.origin.y, 0, f),
                        width: value.size.width + Self.mix(delta.size.width, 0, f),
                        height: value.size.height + Self.mix(delta.size.height, 0, f))
        case .absoluteRect(let from, let to):
            let f = clock.progress(atWorld: time)
            return Rect(x: Self.mix(from.origin.x, to.origin.x, f), y: Self.mix(from.origin.y, to.origin.y, f),
                        width: Self.mix(from.size.width, to.size.width, f), height: Self.mix(from.size.height, to.size.height, f))
        default:
            return nil
        }
    }

    func fold(_ value: Color, atWorld time: Double) -> Color? {
        switch typedChange {
        case .additiveColor(let delta):
            let f = clock.progress(atWorld: time)
            return Color(red: value.red + Self.mix(delta.red, 0, f), green: value.green + Self.mix(delta.green, 0, f),
                         blue: value.blue + Self.mix(delta.blue, 0, f), alpha: value.alpha + Self.mix(delta.alpha, 0, f))
        case .absoluteColor(let from, let to):
            let f = clock.progress(atWorld: time)
            return Color(red: Self.mix(from.red, to.red, f), green: Self.mix(from.green, to.green, f),
                         blue: Self.mix(from.blue, to.blue, f), alpha: Self.mix(from.alpha, to.alpha, f))
        default:
            return nil
        }
    }

    /// Absolute transform changes only (the block code never animates transforms additively).
    /// Between the endpoints, once they are decomposed, `interpolateTransform`'s arithmetic on
    /// the kept decompositions without reading `change`; its own path otherwise.
    func fold(_ value: Transform3D, atWorld time: Double) -> Transform3D? {
        guard case .absoluteTransform = typedChange else { return nil }
        let fraction = clock.progress(atWorld: time)
        if fraction != 0, fraction != 1, fraction.isFinite, let endpoints = transformEndpoints,
           let start = endpoints.start, let end = endpoints.end {
            return DecomposedTransform.interpolate(from: start, to: end, fraction: fraction).recomposed
        }
        guard case .absolute(.transform(let from), .transform(let to)) = change else { return nil }
        return interpolateTransform(from: from, to: to, fraction: fraction)
    }
}
