import CCairo
import Foundation
import TransitCore

// Layers whose flattened mapping is projective (perspective through m34). Plain shapes are
// projected vertex by vertex (arcs subdivided, near-plane clipped); anything with text, images,
// shadow or sublayers is drawn flat offscreen and composited onto the screen under the exact
// projection, in one pass (ProjectiveComposite.swift).
extension LayerPainter {
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
            drawThroughProjection(layer, in: mapping, opacity: opacity, context: context, depth: depth)
        }
    }

    private func drawProjectedShape(_ layer: LayerSnapshot, in mapping: Homography, opacity: Double,
                                    context: OpaquePointer) {
        let bounds = layer.bounds.standardized
        let grouped = opacity < 1 && layer.backgroundColor != nil && hasBorder(layer)
        let alpha = grouped ? 1 : opacity
        if let recorder, bounds.isFinite, bounds.width > 0, bounds.height > 0 {
            // One projected image of the layer's size, at the frame's scale.
            let width = clampedInt((bounds.width * scale).rounded(.up), in: 1...16384)
            let height = clampedInt((bounds.height * scale).rounded(.up), in: 1...16384)
            let toTarget = Homography.scale(bounds.width / Double(width), bounds.height / Double(height))
                .concatenating(.translation(bounds.minX, bounds.minY)).concatenating(mapping)
            recorder.operations.append(.project(width: width, height: height, toTarget: toTarget, opacity: opacity,
                                                clip: FrameRecorder.clip(context), offscreen: false))
        }
        if grouped { pushGroup(context) }
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
        if grouped { popGroupAndPaint(context, alpha: opacity) }
    }

    /// The layer's subtree drawn flat offscreen (at the on-screen density of its most stretched
    /// edge, with a transparent margin so the content's own antialiased edges are inside it),
    /// then composited under the projection in one pass (ProjectiveComposite.swift), the layer's
    /// opacity applied there: the layer is one picture, so that is its group opacity.
    private func drawThroughProjection(_ layer: LayerSnapshot, in mapping: Homography, opacity: Double,
                                       context: OpaquePointer, depth: Int) {
        let content = localExtent(of: layer, depth: depth)
        guard content.isFinite, content.width > 0, content.height > 0 else { return }

        // Match the offscreen resolution to the largest on-screen stretch of the extent's edges.
        let corners = [Point(x: content.minX, y: content.minY), Point(x: content.maxX, y: content.minY),
                       Point(x: content.maxX, y: content.maxY), Point(x: content.minX, y: content.maxY)]
        let projected = corners.map { mapping.project($0.x, $0.y) }
        var stretch = 0.0
        for index in 0..<4 {
            guard let a = projected[index], let b = projected[(index + 1) % 4] else { continue }
            let localLength = index % 2 == 0 ? content.width : content.height
            stretch = max(stretch, hypot(b.x - a.x, b.y - a.y) / localLength)
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
        recorder?.operations.append(.offscreen(CompositeLog.PixelRect(x0: 0, y0: 0, x1: pixelWidth, y1: pixelHeight)))
        let flat = Homography.translation(-extent.minX, -extent.minY).concatenating(.scale(density, density))
        if LayerPainter.apply(flat, to: offscreen) {
            drawBody(layer, in: flat, alpha: 1, context: offscreen, depth: depth)
        }
        cairo_destroy(offscreen)
        // Offscreen pixel → the layer's bounds space → the device.
        let placement = Homography.scale(1 / density, 1 / density)
            .concatenating(.translation(extent.minX, extent.minY))
            .concatenating(mapping)
        recorder?.operations.append(.project(width: pixelWidth, height: pixelHeight, toTarget: placement, opacity: opacity,
                                             clip: FrameRecorder.clip(context), offscreen: true))
        guard let source = ProjectionSource(surface: surface) else { return }
        ProjectiveComposite.draw(source, mapping: placement, opacity: opacity, context: context)
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
