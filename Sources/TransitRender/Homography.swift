import TransitCore

// A layer's flattened mapping from its bounds space to device pixels. Core Animation flattens
// every sublayer into its parent's plane (z = 0), so after each parent→child step only the
// 3×3 projective part of the 4×4 matters: rows/columns x, y, w of the row-vector matrix.
// Composing 3×3s is exact flattening; z only matters inside one step (transform × perspective).
struct Homography: Hashable {
    var h11: Double, h12: Double, h13: Double
    var h21: Double, h22: Double, h23: Double
    var h31: Double, h32: Double, h33: Double

    static let identity = Homography(h11: 1, h12: 0, h13: 0, h21: 0, h22: 1, h23: 0, h31: 0, h32: 0, h33: 1)

    static func translation(_ x: Double, _ y: Double) -> Homography {
        Homography(h11: 1, h12: 0, h13: 0, h21: 0, h22: 1, h23: 0, h31: x, h32: y, h33: 1)
    }
    static func scale(_ x: Double, _ y: Double) -> Homography {
        Homography(h11: x, h12: 0, h13: 0, h21: 0, h22: y, h23: 0, h31: 0, h32: 0, h33: 1)
    }

    /// Drops the z row and column: what a point at z = 0 sees once the result is flattened.
    init(flattening m: Transform3D) {
        self.init(h11: m.m11, h12: m.m12, h13: m.m14, h21: m.m21, h22: m.m22, h23: m.m24,
                  h31: m.m41, h32: m.m42, h33: m.m44)
    }

    init(h11: Double, h12: Double, h13: Double, h21: Double, h22: Double, h23: Double,
         h31: Double, h32: Double, h33: Double) {
        self.h11 = h11; self.h12 = h12; self.h13 = h13
        self.h21 = h21; self.h22 = h22; self.h23 = h23
        self.h31 = h31; self.h32 = h32; self.h33 = h33
    }

    /// self, then other (row vectors).
    func concatenating(_ o: Homography) -> Homography {
        Homography(
            h11: h11 * o.h11 + h12 * o.h21 + h13 * o.h31,
            h12: h11 * o.h12 + h12 * o.h22 + h13 * o.h32,
            h13: h11 * o.h13 + h12 * o.h23 + h13 * o.h33,
            h21: h21 * o.h11 + h22 * o.h21 + h23 * o.h31,
            h22: h21 * o.h12 + h22 * o.h22 + h23 * o.h32,
            h23: h21 * o.h13 + h22 * o.h23 + h23 * o.h33,
            h31: h31 * o.h11 + h32 * o.h21 + h33 * o.h31,
            h32: h31 * o.h12 + h32 * o.h22 + h33 * o.h32,
            h33: h31 * o.h13 + h32 * o.h23 + h33 * o.h33)
    }

    var isFinite: Bool {
        h11.isFinite && h12.isFinite && h13.isFinite && h21.isFinite && h22.isFinite && h23.isFinite
            && h31.isFinite && h32.isFinite && h33.isFinite
    }

    /// Affine once divided by w: cairo can take it as a plain matrix.
    var isAffine: Bool {
        let tolerance = 1e-9 * abs(h33)
        return abs(h13) <= tolerance && abs(h23) <= tolerance && h33 > 0
    }

    var determinant: Double {
        h11 * (h22 * h33 - h23 * h32) - h12 * (h21 * h33 - h23 * h31) + h13 * (h21 * h32 - h22 * h31)
    }

    /// Homogeneous image of a point: (x, y, w) before the divide.
    func homogeneous(_ x: Double, _ y: Double) -> (x: Double, y: Double, w: Double) {
        (x * h11 + y * h21 + h31, x * h12 + y * h22 + h32, x * h13 + y * h23 + h33)
    }

    /// Projected point, or nil behind the eye.
    func project(_ x: Double, _ y: Double) -> Point? {
        let p = homogeneous(x, y)
        guard p.w > Homography.nearPlane, p.x.isFinite, p.y.isFinite else { return nil }
        return Point(x: p.x / p.w, y: p.y / p.w)
    }

    /// Points with w at or below this are treated as behind the eye.
    static let nearPlane = 1e-6
}
