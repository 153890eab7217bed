import CCairo
import Foundation
import TransitCore

// Draws a presentation tree the way Core Animation composites it, headlessly, so a transition
// can be looked at frame by frame. A value type: it holds only settings, so frames can render
// in parallel with separate instances or the same one.
public struct Rasterizer: Sendable {
    public var scale: Double
    public var background: Color
    /// Where blurred shadows are remembered between frames; nil blurs every shadow every time.
    /// Cached and uncached renders are pixel-identical (ShadowCache.swift).
    public var shadowCache: ShadowCache?
    /// Where snapshot views' bitmaps are remembered for their life; nil draws each every time.
    /// Cached and uncached renders are pixel-identical (SnapshotRasters.swift).
    public var snapshotCache: SnapshotRasterCache?
    /// Where each frame's composites are recorded for the render floor (CompositeLog.swift); nil
    /// records nothing. Recording changes no pixel.
    public var compositeLog: CompositeLog?

    public init(scale: Double, background: Color = Color(white: 1), shadowCache: ShadowCache? = .shared,
                snapshotCache: SnapshotRasterCache? = .shared) {
        self.scale = scale.isFinite && scale > 0 ? scale : 1
        self.background = background
        self.shadowCache = shadowCache
        self.snapshotCache = snapshotCache
    }

    /// The image size `render` makes for `size` points.
    public func pixelSize(of size: Size) -> (width: Int, height: Int) {
        (size.width.isFinite ? clampedInt((size.width * scale).rounded(), in: 0...16384) : 0,
         size.height.isFinite ? clampedInt((size.height * scale).rounded(), in: 0...16384) : 0)
    }

    /// `size` is in points; the image has size × scale pixels (rounded). Never traps: layers with
    /// non-finite or degenerate geometry are skipped.
    public func render(_ root: LayerSnapshot, size: Size) -> RasterImage {
        render(root, size: size) { $0.makeImage() }
    }

    /// Renders and lets `read` look at the pixels where cairo drew them, before any conversion:
    /// a GIF needs only their colour statistics or palette indices, not a RasterImage per frame.
    public func render<Result>(_ root: LayerSnapshot, size: Size, reading read: (RasterFrame) -> Result) -> Result {
        let (width, height) = pixelSize(of: size)
        let stride = Int(cairo_format_stride_for_width(CAIRO_FORMAT_ARGB32, Int32(width)))
        guard width > 0, height > 0, stride > 0 else { return read(RasterFrame(empty: RasterImage(width: width, height: height))) }
        // The frame's memory is reused from frame to frame (FrameBuffers.swift); the background
        // paint below sets every pixel.
        let bytes = stride * height
        let buffer = FrameBuffers.shared.take(bytes: bytes)
        guard let surface = cairo_image_surface_create_for_data(buffer.assumingMemoryBound(to: UInt8.self), CAIRO_FORMAT_ARGB32,
                                                               Int32(width), Int32(height), Int32(stride)),
              cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else {
            FrameBuffers.shared.give(buffer, bytes: bytes)
            return read(RasterFrame(empty: RasterImage(width: width, height: height)))
        }
        defer {
            cairo_surface_finish(surface)
            cairo_surface_destroy(surface)
            FrameBuffers.shared.give(buffer, bytes: bytes)
        }
        guard let context = cairo_create(surface) else { return read(RasterFrame(empty: RasterImage(width: width, height: height))) }
        LayerPainter.configureText(context)
        cairo_set_operator(context, CAIRO_OPERATOR_SOURCE)
        CairoBridge.setSource(context, background)
        cairo_paint(context)
        cairo_set_operator(context, CAIRO_OPERATOR_OVER)

        let recorder = compositeLog.map { _ in FrameRecorder() }
        let painter = LayerPainter(scale: scale, shadowCache: shadowCache, snapshotCache: snapshotCache, recorder: recorder)
        painter.draw(root, in: LayerPainter.placement(of: root, parent: nil)
            .concatenating(.scale(scale, scale)), context: context, depth: 0)
        if let recorder { compositeLog?.append(recorder.operations) }
        cairo_destroy(context)
        cairo_surface_flush(surface)
        return read(RasterFrame(surface: surface))
    }
}

// The recursive walk. Each layer gets its own absolute bounds-space→device homography; affine
// ones go straight to cairo's matrix, projective ones take the 3D path (Rasterizer+3D.swift).
struct LayerPainter {
    let scale: Double
    let shadowCache: ShadowCache?
    let snapshotCache: SnapshotRasterCache?
    /// The frame's composites, for the render floor; nil when not recording.
    var recorder: FrameRecorder? = nil

    /// Deep snapshot nesting is pathological input; stop instead of exhausting the stack.
    static let maximumDepth = 200

    /// The child's bounds space in its parent's bounds space, flattened (Core Animation rules):
    /// anchor at position, transform about the anchor, parent's sublayerTransform about the
    /// parent's anchor, bounds.origin shifting the sublayer space.
    static func placement(of layer: LayerSnapshot, parent: LayerSnapshot?) -> Homography {
        Homography(flattening: placementMatrix(of: layer, parent: parent))
    }

    /// The same placement before flattening: the child's bounds space in its parent's 3D space
    /// (what depth ordering compares, and what a CATransformLayer's sublayers compose with).
    static func placementMatrix(of layer: LayerSnapshot, parent: LayerSnapshot?) -> Transform3D {
        let anchor = anchorInBounds(layer)
        var matrix = Transform3D.translation(-anchor.x, -anchor.y, 0)
        if !layer.transform.isIdentity { matrix = matrix.concatenating(layer.transform) }
        matrix = matrix.concatenating(.translation(layer.position.x, layer.position.y, layer.zPosition))
        if let parent, !parent.sublayerTransform.isIdentity {
            let parentAnchor = anchorInBounds(parent)
            matrix = matrix.concatenating(.translation(-parentAnchor.x, -parentAnchor.y, 0))
                .concatenating(parent.sublayerTransform)
                .concatenating(.translation(parentAnchor.x, parentAnchor.y, 0))
        }
        return matrix
    }

    static func anchorInBounds(_ layer: LayerSnapshot) -> Point {
        Point(x: layer.bounds.origin.x + layer.anchorPoint.x * layer.bounds.width,
              y: layer.bounds.origin.y + layer.anchorPoint.y * layer.bounds.height)
    }

    static func isRenderable(_ layer: LayerSnapshot) -> Bool {
        !layer.isHidden && layer.opacity.isFinite && layer.opacity > 0
            && layer.bounds.isFinite && layer.position.isFinite && layer.anchorPoint.isFinite
            && layer.zPosition.isFinite && layer.transform.isFinite && layer.sublayerTransform.isFinite
    }

    /// Core Animation draws the sublayers of one layer in a shared 3D space, farthest first:
    /// each sibling is a flat quad placed by its transform, position, zPosition and the parent's
    /// sublayerTransform, and siblings are ordered by the depth of their quads (the mean z of
    /// the four corners in the parent's space, before perspective division). Equal depths keep
    /// sibling order, so flat siblings are ordered by zPosition as before (docs/semantics.md,
    /// Rendering). A quad turned towards the viewer (VCTransitionsLibrary's flip) draws over a
    /// flat sibling later in the array; intersecting quads are not split.
    static func drawingOrder(_ sublayers: [LayerSnapshot], parent: LayerSnapshot? = nil) -> [LayerSnapshot] {
        let depths = sublayers.map { depth(of: $0, parent: parent) }
        guard depths.contains(where: { $0 != 0 }) else { return sublayers }
        return sublayers.indices.sorted { lhs, rhs in
            depths[lhs] != depths[rhs] ? depths[lhs] < depths[rhs] : lhs < rhs
        }.map { sublayers[$0] }
    }

    /// Mean z of the layer's bounds corners in its parent's 3D space, on a 1/1024-point grid
    /// so rounding noise (a rotation about the centre) does not reorder coplanar siblings.
    static func depth(of layer: LayerSnapshot, parent: LayerSnapshot?) -> Double {
        let b = layer.bounds
        guard b.isFinite, layer.transform.isFinite, layer.zPosition.isFinite else { return 0 }
        if layer.transform.m13 == 0, layer.transform.m23 == 0, layer.transform.m43 == 0,
           parent.map({ $0.sublayerTransform.m13 == 0 && $0.sublayerTransform.m23 == 0 && $0.sublayerTransform.m43 == 0 }) ?? true {
            return layer.zPosition  // no z from the transforms: the quad lies at zPosition
        }
        let m = placementMatrix(of: layer, parent: parent)
        var sum = 0.0
        for (x, y) in [(b.minX, b.minY), (b.maxX, b.minY), (b.minX, b.maxY), (b.maxX, b.maxY)] {
            sum += x * m.m13 + y * m.m23 + m.m43
        }
        let mean = sum / 4
        guard mean.isFinite else { return 0 }
        return (mean * 1024).rounded() / 1024
    }

    /// A CATransformLayer's sublayers with their placement in the flattening ancestor's 3D space
    /// (`space`: the transform layer's own placement there), farthest first. Painter's algorithm
    /// per layer, as Core Animation sorts a 3D context: each sublayer is ordered by the z of its
    /// bounds centre in that space (before perspective division, on a 1/1024-pt grid), so the
    /// whole chain counts — a cube turned by the transform layer's own transform shows the face
    /// turned towards the viewer — and equal depths keep sublayer order. Faces are not split
    /// where they intersect (docs/semantics.md, Rendering).
    static func depthOrder(_ sublayers: [LayerSnapshot], in parent: LayerSnapshot, space: Transform3D) -> [(LayerSnapshot, Transform3D)] {
        let placed = sublayers.map { sublayer -> (layer: LayerSnapshot, matrix: Transform3D, depth: Double) in
            let matrix = placementMatrix(of: sublayer, parent: parent).concatenating(space)
            let centre = Point(x: sublayer.bounds.midX, y: sublayer.bounds.midY)
            let z = centre.x * matrix.m13 + centre.y * matrix.m23 + matrix.m43
            return (sublayer, matrix, z.isFinite ? (z * 1024).rounded() / 1024 : 0)
        }
        return placed.indices.sorted { lhs, rhs in
            placed[lhs].depth != placed[rhs].depth ? placed[lhs].depth < placed[rhs].depth : lhs < rhs
        }.map { (placed[$0].layer, placed[$0].matrix) }
    }

    static func configureText(_ context: OpaquePointer) {
        guard let options = cairo_font_options_create() else { return }
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
        cairo_set_font_options(context, options)
        cairo_font_options_destroy(options)
    }

    /// Sets cairo's matrix from an affine homography; false when it is degenerate (cairo would
    /// enter a permanent error state on a singular matrix).
    @discardableResult
    static func apply(_ mapping: Homography, to context: OpaquePointer) -> Bool {
        guard mapping.isFinite, mapping.h33 > 0 else { return false }
        let w = mapping.h33
        var matrix = cairo_matrix_t(xx: mapping.h11 / w, yx: mapping.h12 / w, xy: mapping.h21 / w,
                                    yy: mapping.h22 / w, x0: mapping.h31 / w, y0: mapping.h32 / w)
        let determinant = matrix.xx * matrix.yy - matrix.xy * matrix.yx
        guard determinant.isFinite, abs(determinant) > 1e-12 else { return false }
        cairo_set_matrix(context, &matrix)
        return true
    }

    /// A CATransformLayer's 3D space: its placement in the nearest flattening ancestor's bounds
    /// space (unflattened) and that ancestor's mapping to the device.
    struct Space3D {
        let matrix: Transform3D
        let base: Homography
    }

    func draw(_ layer: LayerSnapshot, in mapping: Homography, context: OpaquePointer, depth: Int, space: Space3D? = nil) {
        guard depth < LayerPainter.maximumDepth, LayerPainter.isRenderable(layer), mapping.isFinite else { return }
        if !layer.flattensSublayers {
            drawTransformLayer(layer, space: space ?? Space3D(matrix: .identity, base: mapping), context: context, depth: depth)
            return
        }
        if !layer.isDoubleSided && mapping.determinant < 0 { return }
        let opacity = min(1, layer.opacity)
        if !mapping.isAffine {
            drawProjected(layer, in: mapping, opacity: opacity, context: context, depth: depth)
            return
        }
        guard LayerPainter.apply(mapping, to: context) else { return }
        let grouped = opacity < 1 && needsGroup(layer)
        let clipped = grouped && clipGroup(of: layer, in: mapping, context: context)
        if grouped { pushGroup(context) }
        drawBody(layer, in: mapping, alpha: grouped ? 1 : opacity, context: context, depth: depth)
        if grouped { popGroupAndPaint(context, alpha: opacity) }
        if clipped {
            cairo_restore(context)
            LayerPainter.apply(mapping, to: context)
        }
    }

    /// cairo sizes a group to the clip (often the whole frame) and clears it, which for a
    /// screen cut into a hundred fading pieces was a frame's worth of memset per piece. A layer
    /// that masks to its bounds paints nothing outside them but its shadow, so its group is
    /// clipped to that, in whole device pixels (no pixel changes). Returns whether it saved the
    /// context (the caller restores).
    func clipGroup(of layer: LayerSnapshot, in mapping: Homography, context: OpaquePointer) -> Bool {
        guard layer.masksToBounds, layer.mask == nil else { return false }
        var extent = layer.bounds.standardized
        if hasShadow(layer) || hasContentShadow(layer) {
            let blur = 3 * max(0, layer.shadowRadius) + 2
            extent = extent.union(extent.offsetBy(dx: layer.shadowOffset.width, dy: layer.shadowOffset.height).insetBy(dx: -blur, dy: -blur))
        }
        guard extent.isFinite else { return false }
        let corners = [(extent.minX, extent.minY), (extent.maxX, extent.minY), (extent.minX, extent.maxY), (extent.maxX, extent.maxY)]
            .compactMap { mapping.project($0.0, $0.1) }
        guard corners.count == 4 else { return false }
        let x0 = (corners.map(\.x).min()! - 2).rounded(.down), y0 = (corners.map(\.y).min()! - 2).rounded(.down)
        let x1 = (corners.map(\.x).max()! + 2).rounded(.up), y1 = (corners.map(\.y).max()! + 2).rounded(.up)
        guard x0.isFinite, y0.isFinite, x1.isFinite, y1.isFinite, abs(x0) < 1e6, abs(y0) < 1e6, abs(x1) < 1e6, abs(y1) < 1e6 else { return false }
        cairo_save(context)
        cairo_identity_matrix(context)
        cairo_rectangle(context, x0, y0, x1 - x0, y1 - y0)
        cairo_clip(context)
        LayerPainter.apply(mapping, to: context)
        return true
    }

    /// A CATransformLayer draws only its sublayers, each placed by its whole 3D chain up to the
    /// nearest flattening ancestor, then flattened once (so a cube of faces keeps its depth),
    /// nearer faces over farther ones (`depthOrder`). Its opacity fades its sublayers as one group.
    func drawTransformLayer(_ layer: LayerSnapshot, space: Space3D, context: OpaquePointer, depth: Int) {
        let opacity = min(1, layer.opacity)
        if opacity < 1 {
            cairo_save(context)
            cairo_identity_matrix(context)
            pushGroup(context)
        }
        for (sublayer, matrix) in LayerPainter.depthOrder(layer.sublayers, in: layer, space: space.matrix) {
            let mapping = Homography(flattening: matrix).concatenating(space.base)
            draw(sublayer, in: mapping, context: context, depth: depth + 1,
                 space: sublayer.flattensSublayers ? nil : Space3D(matrix: matrix, base: space.base))
        }
        if opacity < 1 {
            cairo_identity_matrix(context)
            popGroupAndPaint(context, alpha: opacity)
            cairo_restore(context)
        }
    }

    /// Group opacity is only needed when parts of the layer can overlap each other.
    func needsGroup(_ layer: LayerSnapshot) -> Bool {
        if layer.sublayers.contains(where: LayerPainter.isRenderable) { return true }
        var parts = 0
        if layer.backgroundColor != nil { parts += 1 }
        if hasBorder(layer) { parts += 1 }
        if hasShadow(layer) || hasContentShadow(layer) { parts += 1 }
        switch layer.content {
        case .none: break
        case .text, .image, .backdrop, .gradient: parts += 1
        case .snapshot, .shape, .statusBar: parts += 2
        }
        return parts > 1
    }

    func hasBorder(_ layer: LayerSnapshot) -> Bool {
        layer.borderWidth.isFinite && layer.borderWidth > 0 && (layer.borderColor?.alpha ?? 0) > 0
    }

    func hasShadow(_ layer: LayerSnapshot) -> Bool {
        // With a shadowPath the shadow is that shape, background or not (Core Animation).
        guard let color = layer.shadowColor, layer.shadowOpacity.isFinite, layer.shadowOpacity > 0,
              color.alpha > 0, (layer.backgroundColor?.alpha ?? 0) > 0 || layer.shadowPath.map({ !$0.isEmpty && $0.isFinite }) == true else { return false }
        return layer.shadowRadius.isFinite && layer.shadowOffset.isFinite
    }

    /// Everything one layer paints, in Core Animation's order: shadow, background, contents,
    /// sublayers (clipped when masksToBounds), border on top. `mapping` must be affine here.
    func drawBody(_ layer: LayerSnapshot, in mapping: Homography, alpha: Double, context: OpaquePointer, depth: Int) {
        if layer.mask != nil {
            drawMasked(layer, in: mapping, alpha: alpha, context: context, depth: depth)
            return
        }
        if hasContentShadow(layer) {
            var withoutShadow = layer
            withoutShadow.shadowOpacity = 0
            if let recorder { recordShadow(layer, in: mapping, alpha: alpha, context: context, recorder: recorder) }
            let painted = drawWithContentShadow(layer, in: mapping, alpha: alpha, context: context, depth: depth) { offscreen in
                LayerPainter.apply(mapping, to: offscreen)
                self.drawBody(withoutShadow, in: mapping, alpha: 1, context: offscreen, depth: depth)
            }
            if painted { LayerPainter.apply(mapping, to: context); return }
        }
        let bounds = layer.bounds
        if let recorder {
            recordPaint(layer, in: mapping, alpha: alpha, context: context, recorder: recorder)
            if hasShadow(layer) { recordShadow(layer, in: mapping, alpha: alpha, context: context, recorder: recorder) }
        }
        if hasShadow(layer) { drawShadow(layer, in: mapping, alpha: alpha, context: context) }
        LayerPainter.apply(mapping, to: context)
        if let background = layer.backgroundColor, background.alpha > 0 {
            Paths.addRoundedRect(context, bounds, radius: layer.cornerRadius, corners: layer.maskedCorners)
            CairoBridge.setSource(context, background, alpha: alpha)
            cairo_fill(context)
        }
        let clips = layer.masksToBounds
        if clips {
            cairo_save(context)
            Paths.addRoundedRect(context, bounds, radius: layer.cornerRadius, corners: layer.maskedCorners)
            cairo_clip(context)
        }
        drawContent(layer, in: mapping, alpha: alpha, context: context, depth: depth)
        for sublayer in LayerPainter.drawingOrder(layer.sublayers, parent: layer) {
            if sublayer.flattensSublayers {
                let childMapping = LayerPainter.placement(of: sublayer, parent: layer).concatenating(mapping)
                draw(sublayer, in: childMapping, context: context, depth: depth + 1)
            } else {
                let matrix = LayerPainter.placementMatrix(of: sublayer, parent: layer)
                draw(sublayer, in: Homography(flattening: matrix).concatenating(mapping), context: context, depth: depth + 1,
                     space: Space3D(matrix: matrix, base: mapping))
            }
        }
        if clips { cairo_restore(context) }
        if hasBorder(layer), let borderColor = layer.borderColor {
            LayerPainter.apply(mapping, to: context)
            drawBorder(layer, color: borderColor, alpha: alpha, context: context)
        }
    }

    /// What the render floor counts for a layer's own paint (CompositeLog.swift): one image of
    /// its on-screen size when it paints a background, content or border.
    private func recordPaint(_ layer: LayerSnapshot, in mapping: Homography, alpha: Double, context: OpaquePointer,
                             recorder: FrameRecorder) {
        let paints: Bool = {
            if case .none = layer.content {} else { return true }
            return (layer.backgroundColor?.alpha ?? 0) > 0 || hasBorder(layer)
        }()
        if paints { recorder.image(covering: layer.bounds.standardized, mapping: mapping, alpha: alpha, context: context) }
    }

    /// A shadow, for the render floor: one image the size the blur reaches.
    private func recordShadow(_ layer: LayerSnapshot, in mapping: Homography, alpha: Double, context: OpaquePointer,
                              recorder: FrameRecorder) {
        let blur = 3 * max(0, layer.shadowRadius) + 2
        let shadow = layer.bounds.standardized.offsetBy(dx: layer.shadowOffset.width, dy: layer.shadowOffset.height)
            .insetBy(dx: -blur, dy: -blur)
        recorder.image(covering: shadow, mapping: mapping, alpha: alpha, context: context)
    }

    /// The border sits inside the bounds; the inner edge follows the radius minus the width.
    func drawBorder(_ layer: LayerSnapshot, color: Color, alpha: Double, context: OpaquePointer) {
        let bounds = layer.bounds.standardized
        let width = min(layer.borderWidth, bounds.width / 2, bounds.height / 2)
        cairo_save(context)
        cairo_set_fill_rule(context, CAIRO_FILL_RULE_EVEN_ODD)
        Paths.addRoundedRect(context, bounds, radius: layer.cornerRadius, corners: layer.maskedCorners)
        let inner = bounds.insetBy(dx: width, dy: width)
        if !inner.isNull, inner.width > 0, inner.height > 0 {
            let outerRadius = Paths.effectiveRadius(layer.cornerRadius, in: bounds)
            Paths.addRoundedRect(context, inner, radius: max(0, outerRadius - width), corners: layer.maskedCorners)
        }
        CairoBridge.setSource(context, color, alpha: alpha)
        cairo_fill(context)
        cairo_restore(context)
    }

    func drawContent(_ layer: LayerSnapshot, in mapping: Homography, alpha: Double, context: OpaquePointer, depth: Int) {
        switch layer.content {
        case .none:
            return
        case .text(let text):
            TextPainter.draw(text, in: layer.bounds, alpha: alpha, context: context)
        case .image(let image):
            if let picture = image.picture {
                drawPicture(picture, of: image, in: layer.bounds, mapping: mapping, alpha: alpha, context: context, depth: depth)
            } else {
                ImagePainter.draw(image, in: layer.bounds, alpha: alpha, context: context)
            }
        case .backdrop(let backdrop):
            drawBackdrop(backdrop, in: layer, mapping: mapping, intensity: alpha, context: context)
            LayerPainter.apply(mapping, to: context)
        case .shape(let shape):
            ShapePainter.draw(shape, alpha: alpha, context: context)
        case .gradient(let gradient):
            ShapePainter.draw(gradient, in: layer.bounds, alpha: alpha, context: context)
        case .statusBar(let bar):
            StatusBarPainter.draw(bar, in: layer.bounds, alpha: alpha, context: context)
        case .snapshot(let tree):
            drawSnapshot(tree, in: layer, mapping: mapping, alpha: alpha, context: context, depth: depth)
        }
    }
}
