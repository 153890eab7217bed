import Foundation
import CCairo
import TransitCore

// Rounded rectangles with per-corner masks are the only shapes a layer has (fill, border, clip,
// shadow); both the cairo path form (affine) and the polygon form (projected) come from here.
enum Paths {
    /// Core Animation clamps the radius to half the shorter side.
    static func effectiveRadius(_ radius: Double, in rect: Rect) -> Double {
        guard radius.isFinite, radius > 0 else { return 0 }
        return min(radius, abs(rect.width) / 2, abs(rect.height) / 2)
    }

    static func addRoundedRect(_ context: OpaquePointer, _ rect: Rect, radius: Double, corners: MaskedCorners) {
        let r = effectiveRadius(radius, in: rect)
        let x0 = rect.minX, y0 = rect.minY, x1 = rect.maxX, y1 = rect.maxY
        if r <= 0 || corners.isEmpty {
            cairo_rectangle(context, x0, y0, x1 - x0, y1 - y0)
            return
        }
        let half = Double.pi / 2
        cairo_new_sub_path(context)
        if corners.contains(.minXMinY) { cairo_arc(context, x0 + r, y0 + r, r, 2 * half, 3 * half) } else { cairo_move_to(context, x0, y0) }
        if corners.contains(.maxXMinY) { cairo_arc(context, x1 - r, y0 + r, r, 3 * half, 4 * half) } else { cairo_line_to(context, x1, y0) }
        if corners.contains(.maxXMaxY) { cairo_arc(context, x1 - r, y1 - r, r, 0, half) } else { cairo_line_to(context, x1, y1) }
        if corners.contains(.minXMaxY) { cairo_arc(context, x0 + r, y1 - r, r, half, 2 * half) } else { cairo_line_to(context, x0, y1) }
        cairo_close_path(context)
    }

    /// The same outline as a clockwise (in y-down space) polygon, arcs cut into short segments.
    static func roundedRectPolygon(_ rect: Rect, radius: Double, corners: MaskedCorners, segmentsPerCorner: Int = 8) -> [Point] {
        let r = effectiveRadius(radius, in: rect)
        let x0 = rect.minX, y0 = rect.minY, x1 = rect.maxX, y1 = rect.maxY
        let half = Double.pi / 2
        var points: [Point] = []
        func corner(_ mask: MaskedCorners, _ sharp: Point, _ center: Point, _ startAngle: Double) {
            guard r > 0, corners.contains(mask) else { points.append(sharp); return }
            for step in 0...segmentsPerCorner {
                let angle = startAngle + half * Double(step) / Double(segmentsPerCorner)
                points.append(Point(x: center.x + r * cos(angle), y: center.y + r * sin(angle)))
            }
        }
        corner(.minXMinY, Point(x: x0, y: y0), Point(x: x0 + r, y: y0 + r), 2 * half)
        corner(.maxXMinY, Point(x: x1, y: y0), Point(x: x1 - r, y: y0 + r), 3 * half)
        corner(.maxXMaxY, Point(x: x1, y: y1), Point(x: x1 - r, y: y1 - r), 0)
        corner(.minXMaxY, Point(x: x0, y: y1), Point(x: x0 + r, y: y1 - r), half)
        return points
    }

    /// Projects a polygon, clipping it against the near plane (w > 0) in homogeneous space first
    /// so geometry behind the eye is cut away instead of flipping through infinity.
    static func project(_ polygon: [Point], through mapping: Homography) -> [Point] {
        let near = Homography.nearPlane
        let homogeneous = polygon.map { mapping.homogeneous($0.x, $0.y) }
        var clipped: [(x: Double, y: Double, w: Double)] = []
        for index in homogeneous.indices {
            let current = homogeneous[index]
            let next = homogeneous[(index + 1) % homogeneous.count]
            let currentInside = current.w > near, nextInside = next.w > near
            if currentInside { clipped.append(current) }
            if currentInside != nextInside {
                let t = (near - current.w) / (next.w - current.w)
                clipped.append((current.x + t * (next.x - current.x), current.y + t * (next.y - current.y), near))
            }
        }
        return clipped.compactMap { p in
            let point = Point(x: p.x / p.w, y: p.y / p.w)
            return point.isFinite ? point : nil
        }
    }

    static func addPolygon(_ context: OpaquePointer, _ points: [Point]) {
        guard let first = points.first else { return }
        cairo_move_to(context, first.x, first.y)
        for point in points.dropFirst() { cairo_line_to(context, point.x, point.y) }
        cairo_close_path(context)
    }
}
