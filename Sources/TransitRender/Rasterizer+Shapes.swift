import CCairo
import Foundation
import TransitCore

// CAShapeLayer paths (filled, stroked, the stroke trimmed to strokeStart...strokeEnd),
// CAGradientLayer gradients (cairo's linear and radial patterns) and CALayer.mask (the mask
// layer drawn offscreen, its alpha multiplying the layer's). All in the layer's bounds space:
// the caller has set cairo's matrix to it.

enum ShapePainter {
    /// Coordinates are clamped to this (in points) so cairo's fixed-point never overflows.
    static let coordinateLimit = 1e6

    static func clamped(_ p: Point) -> (Double, Double) {
        func c(_ v: Double) -> Double { v.isFinite ? min(coordinateLimit, max(-coordinateLimit, v)) : 0 }
        return (c(p.x), c(p.y))
    }

    static func addPath(_ path: BezierPath, to context: OpaquePointer) {
        cairo_new_path(context)
        for element in path.elements {
            switch element {
            case .move(let p):
                let (x, y) = clamped(p); cairo_move_to(context, x, y)
            case .line(let p):
                let (x, y) = clamped(p); cairo_line_to(context, x, y)
            case .quad(let c, let p):
                // The cubic with the same curve.
                var cx = 0.0, cy = 0.0
                cairo_get_current_point(context, &cx, &cy)
                let (qx, qy) = clamped(c), (x, y) = clamped(p)
                cairo_curve_to(context, cx + 2 / 3 * (qx - cx), cy + 2 / 3 * (qy - cy),
                               x + 2 / 3 * (qx - x), y + 2 / 3 * (qy - y), x, y)
            case .cubic(let c1, let c2, let p):
                let (ax, ay) = clamped(c1), (bx, by) = clamped(c2), (x, y) = clamped(p)
                cairo_curve_to(context, ax, ay, bx, by, x, y)
            case .close:
                cairo_close_path(context)
            }
        }
    }

    /// Curves are cut into at most about this many segments per path (fill, stroke, trim), so
    /// a script's 100,000 huge arcs cannot keep cairo busy for minutes.
    static let segmentBudget = 2_000_000.0
    /// At most this many dashes per stroke; a finer pattern is drawn solid.
    static let dashBudget = 200_000.0

    /// Cairo's flattening tolerance for `path` under the current matrix: 0.1 device pixels,
    /// coarser when the path's size × its number of curves would exceed the budget.
    static func tolerance(for path: BezierPath, context: OpaquePointer) -> Double {
        let box = path.boundingBox
        guard !box.isNull else { return 0.1 }
        var dx = min(box.width, 2 * coordinateLimit), dy = min(box.height, 2 * coordinateLimit)
        cairo_user_to_device_distance(context, &dx, &dy)
        let diagonal = (dx * dx + dy * dy).squareRoot()
        let curves = Double(path.elements.count)
        // A curve of size d is cut into about √(d / tolerance) segments.
        let needed = diagonal * (curves / segmentBudget) * (curves / segmentBudget)
        return needed.isFinite ? max(0.1, needed) : 0.1
    }

    /// The length of the path's control polygon: at least the path's length.
    static func controlLength(_ path: BezierPath) -> Double {
        var length = 0.0
        var previous: Point?
        for element in path.elements {
            for p in element.points {
                let (x, y) = clamped(p)
                if let q = previous { length += hypot(x - q.x, y - q.y) }
                previous = Point(x: x, y: y)
            }
        }
        return length
    }

    static func draw(_ shape: ShapeContent, alpha: Double, context: OpaquePointer) {
        guard !shape.path.isEmpty else { return }
        cairo_save(context)
        defer { cairo_restore(context) }
        cairo_set_tolerance(context, tolerance(for: shape.path, context: context))
        if let fill = shape.fillColor, fill.alpha > 0 {
            addPath(shape.path, to: context)
            cairo_set_fill_rule(context, shape.fillRule == .evenOdd ? CAIRO_FILL_RULE_EVEN_ODD : CAIRO_FILL_RULE_WINDING)
            CairoBridge.setSource(context, fill, alpha: alpha)
            cairo_fill(context)
        }
        guard let stroke = shape.strokeColor, stroke.alpha > 0,
              shape.lineWidth.isFinite, shape.lineWidth > 0 else { return }
        let start = CairoBridge.clamp01(shape.strokeStart), end = CairoBridge.clamp01(shape.strokeEnd)
        guard start < end else { return }
        addPath(shape.path, to: context)
        if start > 0 || end < 1 { trim(context, from: start, to: end) }
        cairo_set_line_width(context, min(shape.lineWidth, coordinateLimit))
        switch shape.lineCap {
        case .butt: cairo_set_line_cap(context, CAIRO_LINE_CAP_BUTT)
        case .round: cairo_set_line_cap(context, CAIRO_LINE_CAP_ROUND)
        case .square: cairo_set_line_cap(context, CAIRO_LINE_CAP_SQUARE)
        }
        switch shape.lineJoin {
        case .miter: cairo_set_line_join(context, CAIRO_LINE_JOIN_MITER)
        case .round: cairo_set_line_join(context, CAIRO_LINE_JOIN_ROUND)
        case .bevel: cairo_set_line_join(context, CAIRO_LINE_JOIN_BEVEL)
        }
        let dashes = shape.lineDashPattern.prefix(64).map { $0.isFinite ? min(max(0, $0), coordinateLimit) : 0 }
        let period = dashes.reduce(0, +)
        if !dashes.isEmpty, period > 0, controlLength(shape.path) / period * Double(dashes.count) <= dashBudget {
            dashes.withUnsafeBufferPointer { cairo_set_dash(context, $0.baseAddress, Int32($0.count), 0) }
        }
        CairoBridge.setSource(context, stroke, alpha: alpha)
        cairo_stroke(context)
    }

    /// Replaces the current path by the part between fractions `start` and `end` of its length
    /// (Core Animation's strokeStart/strokeEnd), measured on cairo's flattened path: the same
    /// input gives the same polyline, so renders stay byte-identical.
    static func trim(_ context: OpaquePointer, from start: Double, to end: Double) {
        guard let flat = cairo_copy_path_flat(context) else { return }
        defer { cairo_path_destroy(flat) }
        // Subpaths as polylines (closed ones end at their first point).
        var polylines: [[(Double, Double)]] = []
        var current: [(Double, Double)] = []
        var index = 0
        let count = Int(flat.pointee.num_data)
        while index < count {
            let header = flat.pointee.data[index].header
            let length = Int(header.length)
            guard length > 0 else { break }
            switch header.type {
            case CAIRO_PATH_MOVE_TO:
                if current.count > 1 { polylines.append(current) }
                let p = flat.pointee.data[index + 1].point
                current = [(p.x, p.y)]
            case CAIRO_PATH_LINE_TO:
                let p = flat.pointee.data[index + 1].point
                current.append((p.x, p.y))
            case CAIRO_PATH_CLOSE_PATH:
                if let first = current.first { current.append(first) }
            default:
                break
            }
            index += length
        }
        if current.count > 1 { polylines.append(current) }
        var total = 0.0
        for line in polylines { for i in 1..<line.count { total += hypot(line[i].0 - line[i - 1].0, line[i].1 - line[i - 1].1) } }
        cairo_new_path(context)
        guard total > 0, total.isFinite else { return }
        let from = start * total, to = end * total
        var walked = 0.0
        for line in polylines {
            var drawing = false
            for i in 1..<line.count {
                let a = line[i - 1], b = line[i]
                let segment = hypot(b.0 - a.0, b.1 - a.1)
                let s0 = walked, s1 = walked + segment
                walked = s1
                guard segment > 0, s1 > from, s0 < to else { continue }
                let t0 = max(0, (from - s0) / segment), t1 = min(1, (to - s0) / segment)
                let p0 = (a.0 + (b.0 - a.0) * t0, a.1 + (b.1 - a.1) * t0)
                let p1 = (a.0 + (b.0 - a.0) * t1, a.1 + (b.1 - a.1) * t1)
                if !drawing || t0 > 0 { cairo_move_to(context, p0.0, p0.1); drawing = true }
                cairo_line_to(context, p1.0, p1.1)
            }
        }
    }

    static func draw(_ gradient: GradientContent, in bounds: Rect, alpha: Double, context: OpaquePointer) {
        let stops = gradient.stops
        guard !stops.isEmpty, bounds.isFinite, bounds.width != 0, bounds.height != 0 else { return }
        let b = bounds.standardized
        let start = Point(x: b.minX + gradient.startPoint.x * b.width, y: b.minY + gradient.startPoint.y * b.height)
        let end = Point(x: b.minX + gradient.endPoint.x * b.width, y: b.minY + gradient.endPoint.y * b.height)
        guard start.isFinite, end.isFinite else { return }
        let pattern: OpaquePointer?
        switch gradient.type {
        case .axial:
            if start == end {
                // No direction: Core Animation shows the last colour.
                CairoBridge.setSource(context, stops.last!.color, alpha: alpha)
                Paths.addRect(context, x: b.minX, y: b.minY, width: b.width, height: b.height)
                cairo_fill(context)
                return
            }
            let (x0, y0) = clamped(start), (x1, y1) = clamped(end)
            pattern = cairo_pattern_create_linear(x0, y0, x1, y1)
        case .radial:
            // An ellipse centred on startPoint reaching endPoint's x and y distances.
            let rx = abs(end.x - start.x), ry = abs(end.y - start.y)
            guard rx > 1e-9 || ry > 1e-9 else {
                CairoBridge.setSource(context, stops.last!.color, alpha: alpha)
                Paths.addRect(context, x: b.minX, y: b.minY, width: b.width, height: b.height)
                cairo_fill(context)
                return
            }
            let sx = rx > 1e-9 ? rx : ry, sy = ry > 1e-9 ? ry : rx
            pattern = cairo_pattern_create_radial(0, 0, 0, 0, 0, 1)
            if let pattern {
                let (cx, cy) = clamped(start)
                // Pattern space = (user − centre) / radii.
                var matrix = cairo_matrix_t(xx: 1 / sx, yx: 0, xy: 0, yy: 1 / sy, x0: -cx / sx, y0: -cy / sy)
                cairo_pattern_set_matrix(pattern, &matrix)
            }
        }
        guard let pattern else { return }
        defer { cairo_pattern_destroy(pattern) }
        for stop in stops {
            let c = stop.color
            cairo_pattern_add_color_stop_rgba(pattern, CairoBridge.clamp01(stop.location), CairoBridge.clamp01(c.red),
                                              CairoBridge.clamp01(c.green), CairoBridge.clamp01(c.blue),
                                              CairoBridge.clamp01(c.alpha) * CairoBridge.clamp01(alpha))
        }
        cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
        cairo_set_source(context, pattern)
        Paths.addRect(context, x: b.minX, y: b.minY, width: b.width, height: b.height)
        cairo_fill(context)
    }
}

extension LayerPainter {
    /// A layer with a mask: the layer (shadow, contents, sublayers, border) offscreen, then shown
    /// through the mask layer's alpha. The mask sits in the layer's bounds space (its position
    /// is in that space; the layer's sublayerTransform does not apply to it).
    func drawMasked(_ layer: LayerSnapshot, in mapping: Homography, alpha: Double, context: OpaquePointer, depth: Int) {
        guard let mask = layer.mask else { return }
        var unmasked = layer
        unmasked.mask = nil
        cairo_save(context)
        defer { cairo_restore(context) }
        // A group restores the matrix it was pushed with and its pattern expects that matrix
        // when drawn: push both with the identity, draw inside with the layer's mapping.
        cairo_identity_matrix(context)
        pushGroup(context)
        LayerPainter.apply(mapping, to: context)
        drawBody(unmasked, in: mapping, alpha: alpha, context: context, depth: depth)
        guard let content = popGroup(context) else { return }
        defer { cairo_pattern_destroy(content) }
        pushGroup(context)
        if depth + 1 < LayerPainter.maximumDepth {
            let maskMapping = LayerPainter.placement(of: mask, parent: nil).concatenating(mapping)
            draw(mask, in: maskMapping, context: context, depth: depth + 1)
        }
        guard let coverage = popGroup(context) else { return }
        defer { cairo_pattern_destroy(coverage) }
        cairo_set_source(context, content)
        cairo_mask(context, coverage)
        LayerPainter.apply(mapping, to: context)
    }
}
