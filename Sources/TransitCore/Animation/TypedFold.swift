// `LayerAnimation.apply(to:atWorld:)` for one value type at a time, without boxing.
//
// Sampling folds every running animation into its property's value. Through `AnimatableValue`
// each step moves two 129-byte enums (the boxed value in, the boxed result out) and dispatches
// on their kinds; for 10,000 animating layers that traffic was a third of a frame. These folds
// read the change's payload in its own type and compute, component by component, exactly what
// `AnimatableValue.interpolate` and `adding` compute (same operations, same order, same endpoint
// rules), so the values are bit for bit the same. They return nil for what they do not cover
// (keyframes, additive transforms, a change of another kind): the caller then uses `apply`.

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
        switch change {
        case .additive(.number(let delta)):
            return value + Self.mix(delta, 0, clock.progress(atWorld: time))
        case .absolute(.number(let from), .number(let to)):
            return Self.mix(from, to, clock.progress(atWorld: time))
        default:
            return nil
        }
    }

    func fold(_ value: Point, atWorld time: Double) -> Point? {
        switch change {
        case .additive(.point(let delta)):
            let f = clock.progress(atWorld: time)
            return Point(x: value.x + Self.mix(delta.x, 0, f), y: value.y + Self.mix(delta.y, 0, f))
        case .absolute(.point(let from), .point(let to)):
            let f = clock.progress(atWorld: time)
            return Point(x: Self.mix(from.x, to.x, f), y: Self.mix(from.y, to.y, f))
        default:
            return nil
        }
    }

    func fold(_ value: Size, atWorld time: Double) -> Size? {
        switch change {
        case .additive(.size(let delta)):
            let f = clock.progress(atWorld: time)
            return Size(width: value.width + Self.mix(delta.width, 0, f), height: value.height + Self.mix(delta.height, 0, f))
        case .absolute(.size(let from), .size(let to)):
            let f = clock.progress(atWorld: time)
            return Size(width: Self.mix(from.width, to.width, f), height: Self.mix(from.height, to.height, f))
        default:
            return nil
        }
    }

    func fold(_ value: Rect, atWorld time: Double) -> Rect? {
        switch change {
        case .additive(.rect(let delta)):
            let f = clock.progress(atWorld: time)
            return Rect(x: value.origin.x + Self.mix(delta.origin.x, 0, f), y: value.origin.y + Self.mix(delta.origin.y, 0, f),
                        width: value.size.width + Self.mix(delta.size.width, 0, f),
                        height: value.size.height + Self.mix(delta.size.height, 0, f))
        case .absolute(.rect(let from), .rect(let to)):
            let f = clock.progress(atWorld: time)
            return Rect(x: Self.mix(from.origin.x, to.origin.x, f), y: Self.mix(from.origin.y, to.origin.y, f),
                        width: Self.mix(from.size.width, to.size.width, f), height: Self.mix(from.size.height, to.size.height, f))
        default:
            return nil
        }
    }

    func fold(_ value: Color, atWorld time: Double) -> Color? {
        switch change {
        case .additive(.color(let delta)):
            let f = clock.progress(atWorld: time)
            return Color(red: value.red + Self.mix(delta.red, 0, f), green: value.green + Self.mix(delta.green, 0, f),
                         blue: value.blue + Self.mix(delta.blue, 0, f), alpha: value.alpha + Self.mix(delta.alpha, 0, f))
        case .absolute(.color(let from), .color(let to)):
            let f = clock.progress(atWorld: time)
            return Color(red: Self.mix(from.red, to.red, f), green: Self.mix(from.green, to.green, f),
                         blue: Self.mix(from.blue, to.blue, f), alpha: Self.mix(from.alpha, to.alpha, f))
        default:
            return nil
        }
    }

    /// Absolute transform changes only (the block code never animates transforms additively).
    func fold(_ value: Transform3D, atWorld time: Double) -> Transform3D? {
        guard case .absolute(.transform(let from), .transform(let to)) = change else { return nil }
        return interpolateTransform(from: from, to: to, fraction: clock.progress(atWorld: time))
    }
}
