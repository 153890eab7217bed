import CCairo
import Foundation
import TransitCore

// Layers whose flattened mapping is projective (perspective through m34). Plain shapes are
// projected vertex by vertex (arcs subdivided, near-plane clipped); anything with text, images,
// shadow or sublayers is drawn flat offscreen and mapped onto the screen with a triangle mesh,
// each triangle an affine piece of the projective map.
extension LayerPainter {
    /// Cells a side of the triangle mesh: one per `meshCellPixels` of the longest projected edge,
    /// 2 to 16. Each triangle is an affine piece of the projective map, and the error of that
    /// approximation grows with the cell's size on screen, so a full-screen cube face gets the
    /// whole 16×16 mesh and a 39-pixel checkerboard square 2×2 (it had 16×16, 512 triangles).
    static let maximumMeshCells = 16
    static let meshCellPixels = 32.0

    static func meshCells(forProjectedEdge edge: Double) -> Int {
        guard edge.isFinite else { return maximumMeshCells }
        return min(maximumMeshCells, max(2, Int((edge / meshCellPixels).rounded(.up))))
    }

    func drawProjected(_ layer: LayerSnapshot, in mapping: Homography, opacity: Double,
                       context: OpaquePointer, depth: Int) {
        let isPlainShape: Bool = {
            if case .none = layer.content {} else { return false }
            if layer.mask != nil { return false }
            return !hasShadow(layer) && !layer.sublayers.contains(where: LayerPainter.isRenderable)
        }()
        cairo_save(context)
        defer { cairo_restore(context) }
        cairo_identity_matrix(context)
        if isPlainShape {
            drawProjectedShape(layer, in: mapping, opacity: opacity, context: context)
        } else {
            drawThroughMesh(layer, in: mapping, opacity: opacity, context: context, depth: depth)
        }
    }

    private func drawProjectedShape(_ layer: LayerSnapshot, in mapping: Homography, opacity: Double,
                                    context: OpaquePointer) {
        let bounds = layer.bounds.standardized
        let grouped = opacity < 1 && layer.backgroundColor != nil && hasBorder(layer)
        let alpha = grouped ? 1 : opacity
        if grouped { cairo_push_group(context) }
        if let background = layer.backgroundColor, background.alpha > 0 {
            let outline = Paths.roundedRectPolygon(bounds, radius: layer.cornerRadius, corners: layer.maskedCorners)
            Paths.addPolygon(context, Paths.project(outline, through: mapping))
            CairoBridge.setSource(context, background, alpha: alpha)
            cairo_fill(context)
        }
        if hasBorder(layer), let color = layer.borderColor {
            let width = min(layer.borderWidth, bounds.width / 2, bounds.height / 2)
            let outerRadius = Paths.effectiveRadius(layer.cornerRadius, in: bounds)
            cairo_set_fill_rule(context, CAIRO_FILL_RULE_EVEN_ODD)
            let outer = Paths.roundedRectPolygon(bounds, radius: outerRadius, corners: layer.maskedCorners)
            Paths.addPolygon(context, Paths.project(outer, through: mapping))
            let inner = bounds.insetBy(dx: width, dy: width)
            if !inner.isNull, inner.width > 0, inner.height > 0 {
                let innerOutline = Paths.roundedRectPolygon(inner, radius: max(0, outerRadius - width),
                                                            corners: layer.maskedCorners)
                Paths.addPolygon(context, Paths.project(innerOutline, through: mapping))
            }
            CairoBridge.setSource(context, color, alpha: alpha)
            cairo_fill(context)
            cairo_set_fill_rule(context, CAIRO_FILL_RULE_WINDING)
        }
        if grouped {
            cairo_pop_group_to_source(context)
            cairo_paint_with_alpha(context, opacity)
        }
    }

    private func drawThroughMesh(_ layer: LayerSnapshot, in mapping: Homography, opacity: Double,
                                 context: OpaquePointer, depth: Int) {
        let content = localExtent(of: layer, depth: depth)
        guard content.isFinite, content.width > 0, content.height > 0 else { return }

        // Match the offscreen resolution to the largest on-screen stretch of the extent's edges.
        let corners = [Point(x: content.minX, y: content.minY), Point(x: content.maxX, y: content.minY),
                       Point(x: content.maxX, y: content.maxY), Point(x: content.minX, y: content.maxY)]
        let projected = corners.map { mapping.project($0.x, $0.y) }
        var stretch = 0.0, longestEdge = 0.0
        for index in 0..<4 {
            guard let a = projected[index], let b = projected[(index + 1) % 4] else { continue }
            let localLength = index % 2 == 0 ? content.width : content.height
            stretch = max(stretch, hypot(b.x - a.x, b.y - a.y) / localLength)
            longestEdge = max(longestEdge, hypot(b.x - a.x, b.y - a.y))
        }
        guard stretch > 0 else { return }
        var density = min(max(stretch, 0.25), 8)
        density = min(density, 4000 / content.width, 4000 / content.height)
        let margin = 2 / density
        let extent = content.insetBy(dx: -margin, dy: -margin)
        // About 4,000 pixels a side by construction; clamped as well, since a near-overflowing
        // extent can round to infinity.
        let pixelWidth = clampedInt((extent.width * density).rounded(.up), in: 0...16384)
        let pixelHeight = clampedInt((extent.height * density).rounded(.up), in: 0...16384)
        guard pixelWidth > 0, pixelHeight > 0,
              let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(pixelWidth), Int32(pixelHeight)) else { return }
        defer { cairo_surface_destroy(surface) }
        guard let offscreen = cairo_create(surface) else { return }
        LayerPainter.configureText(offscreen)
        let flat = Homography.translation(-extent.minX, -extent.minY).concatenating(.scale(density, density))
        if LayerPainter.apply(flat, to: offscreen) {
            drawBody(layer, in: flat, alpha: 1, context: offscreen, depth: depth)
        }
        cairo_destroy(offscreen)
        cairo_surface_flush(surface)

        guard let pattern = cairo_pattern_create_for_surface(surface) else { return }
        defer { cairo_pattern_destroy(pattern) }
        cairo_pattern_set_filter(pattern, CAIRO_FILTER_BILINEAR)
        let cells = LayerPainter.meshCells(forProjectedEdge: longestEdge)
        var grid: [(source: Point, target: Point?)] = []
        grid.reserveCapacity((cells + 1) * (cells + 1))
        var x0 = Double.infinity, y0 = Double.infinity, x1 = -Double.infinity, y1 = -Double.infinity
        for row in 0...cells {
            for column in 0...cells {
                let u = extent.minX + extent.width * Double(column) / Double(cells)
                let v = extent.minY + extent.height * Double(row) / Double(cells)
                let target = mapping.project(u, v)
                if let target {
                    x0 = min(x0, target.x); y0 = min(y0, target.y); x1 = max(x1, target.x); y1 = max(y1, target.y)
                }
                grid.append((Point(x: (u - extent.minX) * density, y: (v - extent.minY) * density), target))
            }
        }
        // A faded layer is composited through a group; cairo sizes a group to the clip, the
        // whole frame here, and clears it: for a screen cut into a hundred fading pieces that
        // was a frame's worth of memset per piece. The triangles cover only the projected
        // grid's bounding box, so clipping the group to it (in whole pixels) changes no pixel.
        let groupClipped = opacity < 1 && x0.isFinite && y0.isFinite && x1.isFinite && y1.isFinite
        if groupClipped {
            cairo_save(context)
            cairo_rectangle(context, (x0 - 1).rounded(.down), (y0 - 1).rounded(.down),
                            (x1 + 1).rounded(.up) - (x0 - 1).rounded(.down), (y1 + 1).rounded(.up) - (y0 - 1).rounded(.down))
            cairo_clip(context)
        }
        if opacity < 1 { cairo_push_group(context) }
        cairo_set_antialias(context, CAIRO_ANTIALIAS_NONE)
        for row in 0..<cells {
            for column in 0..<cells {
                let i00 = row * (cells + 1) + column, i10 = i00 + 1
                let i01 = i00 + cells + 1, i11 = i01 + 1
                drawTriangle(grid[i00], grid[i10], grid[i11], pattern: pattern, context: context)
                drawTriangle(grid[i00], grid[i11], grid[i01], pattern: pattern, context: context)
            }
        }
        cairo_set_antialias(context, CAIRO_ANTIALIAS_DEFAULT)
        if opacity < 1 {
            cairo_pop_group_to_source(context)
            cairo_paint_with_alpha(context, opacity)
        }
        if groupClipped { cairo_restore(context) }
    }

    /// One affine piece: the pattern matrix maps device space back to offscreen pixels. Triangles
    /// are filled without anti-aliasing so shared edges partition pixels exactly (no seams, no
    /// double coverage); the content's own edges are anti-aliased in the offscreen image, which
    /// has a transparent margin so the mesh's outer edge never cuts through content.
    private func drawTriangle(_ a: (source: Point, target: Point?), _ b: (source: Point, target: Point?),
                              _ c: (source: Point, target: Point?), pattern: OpaquePointer, context: OpaquePointer) {
        guard let d0 = a.target, let d1 = b.target, let d2 = c.target else { return }
        let dx1 = d1.x - d0.x, dy1 = d1.y - d0.y, dx2 = d2.x - d0.x, dy2 = d2.y - d0.y
        let determinant = dx1 * dy2 - dx2 * dy1
        guard determinant.isFinite, abs(determinant) > 1e-9 else { return }
        let sx1 = b.source.x - a.source.x, sy1 = b.source.y - a.source.y
        let sx2 = c.source.x - a.source.x, sy2 = c.source.y - a.source.y
        // Source = S · D⁻¹ · (device − d0) + s0, written as cairo's xx/yx/xy/yy/x0/y0.
        let xx = (sx1 * dy2 - sx2 * dy1) / determinant
        let xy = (sx2 * dx1 - sx1 * dx2) / determinant
        let yx = (sy1 * dy2 - sy2 * dy1) / determinant
        let yy = (sy2 * dx1 - sy1 * dx2) / determinant
        var matrix = cairo_matrix_t(xx: xx, yx: yx, xy: xy, yy: yy,
                                    x0: a.source.x - xx * d0.x - xy * d0.y,
                                    y0: a.source.y - yx * d0.x - yy * d0.y)
        let inverseDeterminant = xx * yy - xy * yx
        guard inverseDeterminant.isFinite, abs(inverseDeterminant) > 1e-12, matrix.x0.isFinite, matrix.y0.isFinite else { return }
        cairo_pattern_set_matrix(pattern, &matrix)
        cairo_set_source(context, pattern)
        cairo_move_to(context, d0.x, d0.y)
        cairo_line_to(context, d1.x, d1.y)
        cairo_line_to(context, d2.x, d2.y)
        cairo_close_path(context)
        cairo_fill(context)
    }

    /// What the layer's subtree covers in its own bounds space (shadow, overflowing images and
    /// sublayers included), so the offscreen is big enough; limited to a few bounds sizes around.
    func localExtent(of layer: LayerSnapshot, depth: Int) -> Rect {
        let bounds = layer.bounds.standardized
        var extent = bounds
        if hasShadow(layer) {
            let blur = 3 * max(0, layer.shadowRadius) + 2
            extent = extent.union(bounds.offsetBy(dx: layer.shadowOffset.width, dy: layer.shadowOffset.height)
                .insetBy(dx: -blur, dy: -blur))
        }
        if case .image(let image) = layer.content, image.width > 0, image.height > 0 {
            let target = ImagePainter.destination(for: image, in: bounds)
            if target.isFinite { extent = extent.union(target) }
        }
        if !layer.masksToBounds && depth < LayerPainter.maximumDepth {
            for sublayer in layer.sublayers where LayerPainter.isRenderable(sublayer) {
                let placement = LayerPainter.placement(of: sublayer, parent: layer)
                let child = localExtent(of: sublayer, depth: depth + 1)
                let corners = [(child.minX, child.minY), (child.maxX, child.minY), (child.minX, child.maxY), (child.maxX, child.maxY)]
                let mapped = corners.compactMap { placement.project($0.0, $0.1) }
                guard mapped.count == 4 else { continue }
                let x0 = mapped.map(\.x).min()!, y0 = mapped.map(\.y).min()!
                extent = extent.union(Rect(x: x0, y: y0, width: mapped.map(\.x).max()! - x0, height: mapped.map(\.y).max()! - y0))
            }
        }
        let margin = max(bounds.width, bounds.height, 100) * 2
        let x0 = max(extent.minX, bounds.minX - margin), y0 = max(extent.minY, bounds.minY - margin)
        let x1 = min(extent.maxX, bounds.maxX + margin), y1 = min(extent.maxY, bounds.maxY + margin)
        return Rect(x: x0, y: y0, width: max(0, x1 - x0), height: max(0, y1 - y0))
    }
}
