import Foundation

/// A CATransform3D split into the parts that interpolate sensibly (the CSS Transforms / WebKit
/// "unmatrix" decomposition), so an animation between two matrices rotates instead of shearing
/// through element-wise blends.
///
/// Row-vector convention as Transform3D: a point is scaled, then skewed, then rotated, then
/// translated, then projected: M / m44 = Scale · Skew · Rotation · Translation · Perspective.
/// Skew is the lower-triangular K with K[1][0] = skewXY, K[2][0] = skewXZ, K[2][1] = skewYZ.
/// The rotation is a unit quaternion (x, y, z, w) for the right-handed rotation
/// Transform3D.rotation(θ, axis) builds: (axis·sin(θ/2), cos(θ/2)).
public struct DecomposedTransform: Hashable, Sendable {
    public var translationX: Double, translationY: Double, translationZ: Double
    public var scaleX: Double, scaleY: Double, scaleZ: Double
    public var skewXY: Double, skewXZ: Double, skewYZ: Double
    public var perspectiveX: Double, perspectiveY: Double, perspectiveZ: Double, perspectiveW: Double
    public var quaternionX: Double, quaternionY: Double, quaternionZ: Double, quaternionW: Double
    /// The source's m44. The other parts describe M / m44, as CSS normalizes; recomposition
    /// multiplies it back, which changes no projected point but makes the round trip exact and
    /// keeps interpolated elements continuous with the endpoints (a CA script may read m43).
    public var homogeneousScale: Double

    /// nil when the matrix cannot be decomposed: a non-finite element, m44 == 0, or a singular
    /// upper-left 3×3 (for example a scale of 0 on some axis).
    public init?(_ matrix: Transform3D) {
        guard matrix.isFinite, matrix.m44 != 0 else { return nil }
        homogeneousScale = matrix.m44
        let n = 1 / matrix.m44
        var r0 = Triple(matrix.m11 * n, matrix.m12 * n, matrix.m13 * n)
        var r1 = Triple(matrix.m21 * n, matrix.m22 * n, matrix.m23 * n)
        var r2 = Triple(matrix.m31 * n, matrix.m32 * n, matrix.m33 * n)
        let column = Triple(matrix.m14 * n, matrix.m24 * n, matrix.m34 * n)
        let translation = Triple(matrix.m41 * n, matrix.m42 * n, matrix.m43 * n)

        let determinant = r0.dot(r1.cross(r2))
        guard determinant != 0, determinant.isFinite else { return nil }

        // M = N · P with N affine: the last column of M is A·p, so p = A⁻¹·column, whose
        // columns are the cross products of A's rows over det A.
        let perspective = (r1.cross(r2) * column.x + r2.cross(r0) * column.y + r0.cross(r1) * column.z) * (1 / determinant)
        perspectiveX = perspective.x
        perspectiveY = perspective.y
        perspectiveZ = perspective.z
        perspectiveW = 1 - translation.dot(perspective)
        translationX = translation.x
        translationY = translation.y
        translationZ = translation.z

        // Gram-Schmidt: A = S · K · R.
        var sx = r0.length
        r0 = r0 * (1 / sx)
        var xy = r0.dot(r1)
        r1 = r1 - r0 * xy
        var sy = r1.length
        r1 = r1 * (1 / sy)
        xy /= sy
        var xz = r0.dot(r2)
        r2 = r2 - r0 * xz
        var yz = r1.dot(r2)
        r2 = r2 - r1 * yz
        let sz = r2.length
        r2 = r2 * (1 / sz)
        xz /= sz
        yz /= sz
        guard sx > 0, sy > 0, sz > 0, sx.isFinite, sy.isFinite, sz.isFinite else { return nil }

        // A mirror: flip one axis so the rest is a proper rotation. Like CSS's 2D decomposition
        // (and unlike WebKit's 3D one, which flips all three) we flip x or y, whichever row points
        // away from its own axis more, so a mirrored 2D transform stays in its plane.
        if r0.dot(r1.cross(r2)) < 0 {
            if r0.x < r1.y {
                sx = -sx; r0 = r0 * -1
                xy = -xy; xz = -xz
            } else {
                sy = -sy; r1 = r1 * -1
                xy = -xy; yz = -yz
            }
        }
        scaleX = sx; scaleY = sy; scaleZ = sz
        skewXY = xy; skewXZ = xz; skewYZ = yz

        // Shepperd's method on the row-vector rotation matrix R (the transpose of the usual one).
        var q = (x: 0.0, y: 0.0, z: 0.0, w: 1.0)
        let trace = r0.x + r1.y + r2.z
        if trace > 0 {
            let s = (trace + 1).squareRoot() * 2
            q = ((r1.z - r2.y) / s, (r2.x - r0.z) / s, (r0.y - r1.x) / s, 0.25 * s)
        } else if r0.x > r1.y && r0.x > r2.z {
            let s = (1 + r0.x - r1.y - r2.z).squareRoot() * 2
            q = (0.25 * s, (r0.y + r1.x) / s, (r0.z + r2.x) / s, (r1.z - r2.y) / s)
        } else if r1.y > r2.z {
            let s = (1 + r1.y - r0.x - r2.z).squareRoot() * 2
            q = ((r0.y + r1.x) / s, 0.25 * s, (r1.z + r2.y) / s, (r2.x - r0.z) / s)
        } else {
            let s = (1 + r2.z - r0.x - r1.y).squareRoot() * 2
            q = ((r0.z + r2.x) / s, (r1.z + r2.y) / s, 0.25 * s, (r0.y - r1.x) / s)
        }
        let norm = (q.x * q.x + q.y * q.y + q.z * q.z + q.w * q.w).squareRoot()
        guard norm > 0, norm.isFinite else { return nil }
        quaternionX = q.x / norm; quaternionY = q.y / norm; quaternionZ = q.z / norm; quaternionW = q.w / norm
    }

    /// The matrix these parts describe.
    public var recomposed: Transform3D {
        let (x, y, z, w) = (quaternionX, quaternionY, quaternionZ, quaternionW)
        let rotation0 = Triple(1 - 2 * (y * y + z * z), 2 * (x * y + z * w), 2 * (x * z - y * w))
        let rotation1 = Triple(2 * (x * y - z * w), 1 - 2 * (x * x + z * z), 2 * (y * z + x * w))
        let rotation2 = Triple(2 * (x * z + y * w), 2 * (y * z - x * w), 1 - 2 * (x * x + y * y))
        let a0 = rotation0 * scaleX
        let a1 = (rotation0 * skewXY + rotation1) * scaleY
        let a2 = (rotation0 * skewXZ + rotation1 * skewYZ + rotation2) * scaleZ
        let p = Triple(perspectiveX, perspectiveY, perspectiveZ)
        let t = Triple(translationX, translationY, translationZ)
        var m = Transform3D.identity
        m.m11 = a0.x; m.m12 = a0.y; m.m13 = a0.z; m.m14 = a0.dot(p)
        m.m21 = a1.x; m.m22 = a1.y; m.m23 = a1.z; m.m24 = a1.dot(p)
        m.m31 = a2.x; m.m32 = a2.y; m.m33 = a2.z; m.m34 = a2.dot(p)
        m.m41 = t.x; m.m42 = t.y; m.m43 = t.z; m.m44 = t.dot(p) + perspectiveW
        let k = homogeneousScale
        if k != 1 {
            m.m11 *= k; m.m12 *= k; m.m13 *= k; m.m14 *= k
            m.m21 *= k; m.m22 *= k; m.m23 *= k; m.m24 *= k
            m.m31 *= k; m.m32 *= k; m.m33 *= k; m.m34 *= k
            m.m41 *= k; m.m42 *= k; m.m43 *= k; m.m44 *= k
        }
        return m
    }

    /// Linear in every part but the rotation, which is slerped along the shorter arc.
    /// Any fraction works (springs extrapolate).
    public static func interpolate(from a: DecomposedTransform, to b: DecomposedTransform, fraction f: Double) -> DecomposedTransform {
        func mix(_ u: Double, _ v: Double) -> Double { u + (v - u) * f }
        var result = a
        result.translationX = mix(a.translationX, b.translationX)
        result.translationY = mix(a.translationY, b.translationY)
        result.translationZ = mix(a.translationZ, b.translationZ)
        result.scaleX = mix(a.scaleX, b.scaleX)
        result.scaleY = mix(a.scaleY, b.scaleY)
        result.scaleZ = mix(a.scaleZ, b.scaleZ)
        result.skewXY = mix(a.skewXY, b.skewXY)
        result.skewXZ = mix(a.skewXZ, b.skewXZ)
        result.skewYZ = mix(a.skewYZ, b.skewYZ)
        result.perspectiveX = mix(a.perspectiveX, b.perspectiveX)
        result.perspectiveY = mix(a.perspectiveY, b.perspectiveY)
        result.perspectiveZ = mix(a.perspectiveZ, b.perspectiveZ)
        result.perspectiveW = mix(a.perspectiveW, b.perspectiveW)
        // The scale is projectively free: where blending it would cross zero (opposite signs, or a
        // far extrapolation) keep the start's instead of passing through a zero matrix.
        let scale = mix(a.homogeneousScale, b.homogeneousScale)
        result.homogeneousScale = (scale > 0) == (a.homogeneousScale > 0) && (scale > 0) == (b.homogeneousScale > 0)
            ? scale : a.homogeneousScale

        var (bx, by, bz, bw) = (b.quaternionX, b.quaternionY, b.quaternionZ, b.quaternionW)
        var cosine = a.quaternionX * bx + a.quaternionY * by + a.quaternionZ * bz + a.quaternionW * bw
        if cosine < 0 { bx = -bx; by = -by; bz = -bz; bw = -bw; cosine = -cosine }
        let weightA: Double, weightB: Double
        if cosine > 0.9995 {
            // Nearly parallel: sin θ is too small to divide by; a normalized lerp is as accurate.
            weightA = 1 - f
            weightB = f
        } else {
            let angle = acos(min(cosine, 1))
            let sine = sin(angle)
            weightA = sin((1 - f) * angle) / sine
            weightB = sin(f * angle) / sine
        }
        var qx = weightA * a.quaternionX + weightB * bx
        var qy = weightA * a.quaternionY + weightB * by
        var qz = weightA * a.quaternionZ + weightB * bz
        var qw = weightA * a.quaternionW + weightB * bw
        let norm = (qx * qx + qy * qy + qz * qz + qw * qw).squareRoot()
        if norm > 0 && norm.isFinite {
            qx /= norm; qy /= norm; qz /= norm; qw /= norm
        } else {
            (qx, qy, qz, qw) = (0, 0, 0, 1)
        }
        result.quaternionX = qx; result.quaternionY = qy; result.quaternionZ = qz; result.quaternionW = qw
        return result
    }
}

extension Transform3D {
    /// Core Animation's transform interpolation: decompose both ends, blend the parts, recompose.
    /// fraction 0 and 1 return the endpoints exactly (NaN and −∞ give `from`, +∞ gives `to`);
    /// when either end cannot be decomposed (singular, e.g. scale 0) the value switches from
    /// `from` to `to` at fraction 0.5, as CSS specifies.
    public static func interpolate(from: Transform3D, to: Transform3D, fraction: Double) -> Transform3D {
        if fraction == 0 || fraction.isNaN || fraction == -.infinity { return from }
        if fraction == 1 || fraction == .infinity { return to }
        guard let start = DecomposedTransform(from), let end = DecomposedTransform(to) else {
            return fraction < 0.5 ? from : to
        }
        return DecomposedTransform.interpolate(from: start, to: end, fraction: fraction).recomposed
    }
}

extension Transform2D {
    /// CGAffineTransform animations go through the same 3D decomposition; an affine pair stays
    /// affine (rotation stays about z, z parts stay 0), so the 2D part is the whole answer.
    public static func interpolate(from: Transform2D, to: Transform2D, fraction: Double) -> Transform2D {
        Transform3D.interpolate(from: from.as3D, to: to.as3D, fraction: fraction).affine
    }
}

/// A 3-vector of scalars for the decomposition's row arithmetic; a struct so nothing allocates.
private struct Triple {
    var x: Double, y: Double, z: Double
    init(_ x: Double, _ y: Double, _ z: Double) { self.x = x; self.y = y; self.z = z }
    var length: Double { (x * x + y * y + z * z).squareRoot() }
    func dot(_ o: Triple) -> Double { x * o.x + y * o.y + z * o.z }
    func cross(_ o: Triple) -> Triple { Triple(y * o.z - z * o.y, z * o.x - x * o.z, x * o.y - y * o.x) }
    static func + (a: Triple, b: Triple) -> Triple { Triple(a.x + b.x, a.y + b.y, a.z + b.z) }
    static func - (a: Triple, b: Triple) -> Triple { Triple(a.x - b.x, a.y - b.y, a.z - b.z) }
    static func * (a: Triple, s: Double) -> Triple { Triple(a.x * s, a.y * s, a.z * s) }
}
