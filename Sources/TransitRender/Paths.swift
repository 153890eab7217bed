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

    /// Cairo keeps device coordinates in 24.8 fixed point, so beyond about ±8 million pixels they
    /// wrap around (a script's 1e18-point view would paint stripes anywhere), and an arc that
    /// large makes cairo_arc search for its segment count practically forever. Geometry inside
    /// this many device pixels goes to cairo as it is; anything larger is clipped to the visible
    /// area first (`addClippedPolygon`).
    static let deviceLimit = 1e6

    /// Whether the rectangle's corners land within `deviceLimit` under the current matrix.
    static func fitsDevice(_ context: OpaquePointer, _ rect: Rect) -> Bool {
        for (x, y) in [(rect.minX, rect.minY), (rect.maxX, rect.minY), (rect.minX, rect.maxY), (rect.maxX, rect.maxY)] {
            var dx = x, dy = y
            cairo_user_to_device(context, &dx, &dy)
            guard dx.isFinite, dy.isFinite, abs(dx) <= deviceLimit, abs(dy) <= deviceLimit else { return false }
        }
        return true
    }

    /// cairo_rectangle, clipped to the visible area when it reaches past `deviceLimit`.
    static func addRect(_ context: OpaquePointer, x: Double, y: Double, width: Double, height: Double) {
        let rect = Rect(x: x, y: y, width: width, height: height)
        if fitsDevice(context, rect) {
            cairo_rectangle(context, x, y, width, height)
        } else {
            addClippedPolygon(context, roundedRectPolygon(rect.standardized, radius: 0, corners: []))
        }
    }

    static func addRoundedRect(_ context: OpaquePointer, _ rect: Rect, radius: Double, corners: MaskedCorners) {
        let r = effectiveRadius(radius, in: rect)
        let x0 = rect.minX, y0 = rect.minY, x1 = rect.maxX, y1 = rect.maxY
        if r <= 0 || corners.isEmpty {
            addRect(context, x: x0, y: y0, width: x1 - x0, height: y1 - y0)
            return
        }
        guard fitsDevice(context, rect) else {
            addClippedPolygon(context, hugeRoundedRectPolygon(rect, radius: r, corners: corners, context: context))
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

    /// The outline of a rounded rect too large for cairo's arcs: corners cut into chords of at
    /// most a quarter device pixel's sagitta while that takes ≤ 1024 per corner (corners larger
    /// than about 100,000 pixels are a little faceted; they are absurd input).
    private static func hugeRoundedRectPolygon(_ rect: Rect, radius r: Double, corners: MaskedCorners,
                                               context: OpaquePointer) -> [Point] {
        var ax = r, ay = 0.0, bx = 0.0, by = r
        cairo_user_to_device_distance(context, &ax, &ay)
        cairo_user_to_device_distance(context, &bx, &by)
        let deviceRadius = max(hypot(ax, ay), hypot(bx, by))
        // A chord of angle θ on radius R deviates by about R·θ²/8 from the arc.
        let angle = (8 * 0.25 / deviceRadius).squareRoot()
        let segments = clampedInt(((Double.pi / 2) / angle).rounded(.up), in: 8...1024)
        return roundedRectPolygon(rect, radius: r, corners: corners, segmentsPerCorner: segments)
    }

    /// Adds a polygon given in user space, mapped to device space and clipped there to the
    /// context's clip extents (plus a margin, so the cut edges are never seen). The points stay
    /// in Double until they are inside cairo's range. Nothing is added when a point does not map
    /// to a finite device point.
    static func addClippedPolygon(_ context: OpaquePointer, _ polygon: [Point]) {
        var device: [Point] = []
        device.reserveCapacity(polygon.count)
        for point in polygon {
            var x = point.x, y = point.y
            cairo_user_to_device(context, &x, &y)
            guard x.isFinite, y.isFinite else { return }
            device.append(Point(x: x, y: y))
        }
        var matrix = cairo_matrix_t()
        cairo_get_matrix(context, &matrix)
        defer { cairo_set_matrix(context, &matrix) }
        cairo_identity_matrix(context)
        var x0 = 0.0, y0 = 0.0, x1 = 0.0, y1 = 0.0
        cairo_clip_extents(context, &x0, &y0, &x1, &y1)
        let margin = 16.0
        let box = (minX: max(x0, -deviceLimit) - margin, minY: max(y0, -deviceLimit) - margin,
                   maxX: min(x1, deviceLimit) + margin, maxY: min(y1, deviceLimit) + margin)
        guard box.minX < box.maxX, box.minY < box.maxY else { return }
        device = clip(device, inside: box)
        guard device.count >= 3 else { return }
        addPolygon(context, device)
    }

    /// Sutherland–Hodgman against an axis-aligned box: the part of the polygon inside it.
    static func clip(_ polygon: [Point], inside box: (minX: Double, minY: Double, maxX: Double, maxY: Double)) -> [Point] {
        // Each edge of the box as "inside" and "where a segment crosses it".
        let edges: [(inside: (Point) -> Bool, cross: (Point, Point) -> Point)] = [
            ({ $0.x >= box.minX }, { a, b in Point(x: box.minX, y: a.y + (b.y - a.y) * ((box.minX - a.x) / (b.x - a.x))) }),
            ({ $0.x <= box.maxX }, { a, b in Point(x: box.maxX, y: a.y + (b.y - a.y) * ((box.maxX - a.x) / (b.x - a.x))) }),
            ({ $0.y >= box.minY }, { a, b in Point(x: a.x + (b.x - a.x) * ((box.minY - a.y) / (b.y - a.y)), y: box.minY) }),
            ({ $0.y <= box.maxY }, { a, b in Point(x: a.x + (b.x - a.x) * ((box.maxY - a.y) / (b.y - a.y)), y: box.maxY) }),
        ]
        var points = polygon
        for edge in edges {
            guard let last = points.last else { break }
            var output: [Point] = []
            var previous = last
            for current in points {
                let currentInside = edge.inside(current), previousInside = edge.inside(previous)
                if currentInside != previousInside { output.append(edge.cross(previous, current)) }
                if currentInside { output.append(current) }
                previous = current
            }
            points = output
        }
        return points.filter(\.isFinite)
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
