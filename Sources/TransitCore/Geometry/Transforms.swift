import Foundation

// CGAffineTransform and CATransform3D with Core Graphics' row-vector convention:
// a point p maps to p · M, so `a.concatenating(b)` applies a first, then b, and
// `t.rotated(by: θ)` (CGAffineTransformRotate) applies the rotation before t.

public struct Transform2D: Hashable, Sendable, CustomStringConvertible {
    public var a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double

    public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        self.a = a; self.b = b; self.c = c; self.d = d; self.tx = tx; self.ty = ty
    }

    public static let identity = Transform2D(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    public static func scale(_ sx: Double, _ sy: Double) -> Transform2D {
        Transform2D(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0)
    }
    public static func translation(_ tx: Double, _ ty: Double) -> Transform2D {
        Transform2D(a: 1, b: 0, c: 0, d: 1, tx: tx, ty: ty)
    }
    public static func rotation(_ angle: Double) -> Transform2D {
        let cosine = cos(angle), sine = sin(angle)
        return Transform2D(a: cosine, b: sine, c: -sine, d: cosine, tx: 0, ty: 0)
    }

    public var isIdentity: Bool { self == .identity }
    public var isFinite: Bool { [a, b, c, d, tx, ty].allSatisfy { $0.isFinite } }

    /// self, then other.
    public func concatenating(_ other: Transform2D) -> Transform2D {
        Transform2D(
            a: a * other.a + b * other.c,
            b: a * other.b + b * other.d,
            c: c * other.a + d * other.c,
            d: c * other.b + d * other.d,
            tx: tx * other.a + ty * other.c + other.tx,
            ty: tx * other.b + ty * other.d + other.ty)
    }
    public func scaledBy(_ sx: Double, _ sy: Double) -> Transform2D { Transform2D.scale(sx, sy).concatenating(self) }
    public func translatedBy(_ tx: Double, _ ty: Double) -> Transform2D { Transform2D.translation(tx, ty).concatenating(self) }
    public func rotated(by angle: Double) -> Transform2D { Transform2D.rotation(angle).concatenating(self) }

    /// Core Graphics returns the transform unchanged when it cannot be inverted.
    public func inverted() -> Transform2D {
        let determinant = a * d - b * c
        if determinant == 0 || !determinant.isFinite { return self }
        return Transform2D(
            a: d / determinant, b: -b / determinant,
            c: -c / determinant, d: a / determinant,
            tx: (c * ty - d * tx) / determinant,
            ty: (b * tx - a * ty) / determinant)
    }

    public func apply(to p: Point) -> Point {
        Point(x: a * p.x + c * p.y + tx, y: b * p.x + d * p.y + ty)
    }

    public var as3D: Transform3D {
        var t = Transform3D.identity
        t.m11 = a; t.m12 = b; t.m21 = c; t.m22 = d; t.m41 = tx; t.m42 = ty
        return t
    }

    public var description: String {
        "[\([a, b, c, d, tx, ty].map(formatNumber).joined(separator: ", "))]"
    }
}

public struct Transform3D: Hashable, Sendable, CustomStringConvertible {
    public var m11: Double, m12: Double, m13: Double, m14: Double
    public var m21: Double, m22: Double, m23: Double, m24: Double
    public var m31: Double, m32: Double, m33: Double, m34: Double
    public var m41: Double, m42: Double, m43: Double, m44: Double

    public init(_ m: [Double]) {
        precondition(m.count == 16)
        m11 = m[0]; m12 = m[1]; m13 = m[2]; m14 = m[3]
        m21 = m[4]; m22 = m[5]; m23 = m[6]; m24 = m[7]
        m31 = m[8]; m32 = m[9]; m33 = m[10]; m34 = m[11]
        m41 = m[12]; m42 = m[13]; m43 = m[14]; m44 = m[15]
    }

    public static let identity = Transform3D([1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1])

    /// Row-major, m11 first.
    public var elements: [Double] {
        [m11, m12, m13, m14, m21, m22, m23, m24, m31, m32, m33, m34, m41, m42, m43, m44]
    }

    public static let elementNames = [
        "m11", "m12", "m13", "m14", "m21", "m22", "m23", "m24",
        "m31", "m32", "m33", "m34", "m41", "m42", "m43", "m44",
    ]

    public subscript(row: Int, column: Int) -> Double {
        get { elements[row * 4 + column] }
        set {
            var e = elements
            e[row * 4 + column] = newValue
            self = Transform3D(e)
        }
    }

    public static func translation(_ tx: Double, _ ty: Double, _ tz: Double) -> Transform3D {
        var t = identity
        t.m41 = tx; t.m42 = ty; t.m43 = tz
        return t
    }
    public static func scale(_ sx: Double, _ sy: Double, _ sz: Double) -> Transform3D {
        var t = identity
        t.m11 = sx; t.m22 = sy; t.m33 = sz
        return t
    }
    /// CATransform3DMakeRotation: a zero axis gives the identity, as Core Animation does.
    public static func rotation(_ angle: Double, _ x: Double, _ y: Double, _ z: Double) -> Transform3D {
        let length = (x * x + y * y + z * z).squareRoot()
        if length == 0 || !length.isFinite { return identity }
        let (ux, uy, uz) = (x / length, y / length, z / length)
        let c = cos(angle), s = sin(angle), t = 1 - c
        return Transform3D([
            t * ux * ux + c, t * ux * uy + s * uz, t * ux * uz - s * uy, 0,
            t * ux * uy - s * uz, t * uy * uy + c, t * uy * uz + s * ux, 0,
            t * ux * uz + s * uy, t * uy * uz - s * ux, t * uz * uz + c, 0,
            0, 0, 0, 1,
        ])
    }

    /// self, then other (CATransform3DConcat(self, other)).
    public func concatenating(_ other: Transform3D) -> Transform3D {
        let x = elements, y = other.elements
        var r = [Double](repeating: 0, count: 16)
        for i in 0..<4 {
            for j in 0..<4 {
                var sum = 0.0
                for k in 0..<4 { sum += x[i * 4 + k] * y[k * 4 + j] }
                r[i * 4 + j] = sum
            }
        }
        return Transform3D(r)
    }
    public func translated(_ tx: Double, _ ty: Double, _ tz: Double) -> Transform3D {
        Transform3D.translation(tx, ty, tz).concatenating(self)
    }
    public func scaled(_ sx: Double, _ sy: Double, _ sz: Double) -> Transform3D {
        Transform3D.scale(sx, sy, sz).concatenating(self)
    }
    public func rotated(_ angle: Double, _ x: Double, _ y: Double, _ z: Double) -> Transform3D {
        Transform3D.rotation(angle, x, y, z).concatenating(self)
    }

    public var isIdentity: Bool { self == .identity }
    public var isFinite: Bool { elements.allSatisfy { $0.isFinite } }

    /// CATransform3DIsAffine: only the 2D components are non-trivial.
    public var isAffine: Bool {
        m13 == 0 && m14 == 0 && m23 == 0 && m24 == 0 && m31 == 0 && m32 == 0
            && m33 == 1 && m34 == 0 && m43 == 0 && m44 == 1
    }
    /// CATransform3DGetAffineTransform: the 2D part, whatever else the matrix holds.
    public var affine: Transform2D {
        Transform2D(a: m11, b: m12, c: m21, d: m22, tx: m41, ty: m42)
    }

    /// Maps (x, y, z) and returns the projected point and w (w ≤ 0 means behind the eye).
    public func project(x: Double, y: Double, z: Double) -> (point: Point, z: Double, w: Double) {
        let px = x * m11 + y * m21 + z * m31 + m41
        let py = x * m12 + y * m22 + z * m32 + m42
        let pz = x * m13 + y * m23 + z * m33 + m43
        let pw = x * m14 + y * m24 + z * m34 + m44
        return (Point(x: px / pw, y: py / pw), pz / pw, pw)
    }

    public var inverted: Transform3D? { Matrix4.invert(elements).map(Transform3D.init) }

    public var description: String {
        "[" + elements.map(formatNumber).joined(separator: ", ") + "]"
    }
}

/// General 4×4 helpers shared by inversion and decomposition.
enum Matrix4 {
    static func determinant3(_ m: [Double], _ r: [Int], _ c: [Int]) -> Double {
        func e(_ i: Int, _ j: Int) -> Double { m[r[i] * 4 + c[j]] }
        return e(0, 0) * (e(1, 1) * e(2, 2) - e(1, 2) * e(2, 1))
            - e(0, 1) * (e(1, 0) * e(2, 2) - e(1, 2) * e(2, 0))
            + e(0, 2) * (e(1, 0) * e(2, 1) - e(1, 1) * e(2, 0))
    }

    static func invert(_ m: [Double]) -> [Double]? {
        var cofactors = [Double](repeating: 0, count: 16)
        for i in 0..<4 {
            for j in 0..<4 {
                let rows = (0..<4).filter { $0 != i }
                let columns = (0..<4).filter { $0 != j }
                let sign: Double = (i + j) % 2 == 0 ? 1 : -1
                cofactors[i * 4 + j] = sign * determinant3(m, rows, columns)
            }
        }
        var determinant = 0.0
        for j in 0..<4 { determinant += m[j] * cofactors[j] }
        if determinant == 0 || !determinant.isFinite { return nil }
        var inverse = [Double](repeating: 0, count: 16)
        for i in 0..<4 { for j in 0..<4 { inverse[i * 4 + j] = cofactors[j * 4 + i] / determinant } }
        return inverse
    }
}
