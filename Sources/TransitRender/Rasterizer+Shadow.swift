import CCairo
import Foundation
import TransitCore

// Core Animation's shadow: the layer's shape, offset and blurred, painted underneath it.
// The shape is the shadowPath when there is one, else the rounded background rect; the blur is
// three box blurs approximating a Gaussian with σ = shadowRadius (points, scaled to device).
extension LayerPainter {
    func drawShadow(_ layer: LayerSnapshot, in mapping: Homography, alpha: Double, context: OpaquePointer) {
        guard let color = layer.shadowColor else { return }
        let path = layer.shadowPath.flatMap { !$0.isEmpty && $0.isFinite ? $0 : nil }
        let shape = (path?.boundingBox ?? layer.bounds).offsetBy(dx: layer.shadowOffset.width, dy: layer.shadowOffset.height)
        let offset = layer.shadowOffset
        let corners = [Point(x: shape.minX, y: shape.minY), Point(x: shape.maxX, y: shape.minY),
                       Point(x: shape.minX, y: shape.maxY), Point(x: shape.maxX, y: shape.maxY)]
        let projected = corners.compactMap { mapping.project($0.x, $0.y) }
        guard projected.count == 4 else { return }
        let linearScale = (abs(mapping.h11 * mapping.h22 - mapping.h12 * mapping.h21)).squareRoot() / mapping.h33
        let sigma = max(0, layer.shadowRadius) * linearScale
        let pad = (3 * sigma).rounded(.up) + 2

        cairo_save(context)
        defer { cairo_restore(context) }
        cairo_identity_matrix(context)
        var clipX0 = 0.0, clipY0 = 0.0, clipX1 = 0.0, clipY1 = 0.0
        cairo_clip_extents(context, &clipX0, &clipY0, &clipX1, &clipY1)
        let x0 = max((projected.map(\.x).min()! - pad).rounded(.down), clipX0.rounded(.down) - pad)
        let y0 = max((projected.map(\.y).min()! - pad).rounded(.down), clipY0.rounded(.down) - pad)
        let x1 = min((projected.map(\.x).max()! + pad).rounded(.up), clipX1.rounded(.up) + pad)
        let y1 = min((projected.map(\.y).max()! + pad).rounded(.up), clipY1.rounded(.up) + pad)
        guard x1 > x0, y1 > y0, x1 - x0 < 16384, y1 - y0 < 16384 else { return }
        let width = clampedInt(x1 - x0, in: 1...16384), height = clampedInt(y1 - y0, in: 1...16384)

        // The mask depends only on the shape as it lands in the mask's own pixels, so it is
        // keyed by that mapping (not by where on screen the mask sits).
        let maskMapping = mapping.concatenating(.translation(-x0, -y0))
        let makeMask = {
            ShadowMask(width: width, height: height, sigma: sigma) { maskContext in
                if LayerPainter.apply(maskMapping, to: maskContext) {
                    if let path {
                        cairo_translate(maskContext, offset.width, offset.height)
                        ShapePainter.addPath(path, to: maskContext)
                    } else {
                        Paths.addRoundedRect(maskContext, shape, radius: layer.cornerRadius, corners: layer.maskedCorners)
                    }
                    cairo_set_source_rgba(maskContext, 0, 0, 0, 1)
                    cairo_fill(maskContext)
                }
            }
        }
        let mask: ShadowMask
        if let shadowCache {
            var key = ShadowMaskKey(mapping: maskMapping, shape: shape, cornerRadius: layer.cornerRadius,
                                    maskedCorners: layer.maskedCorners, sigma: sigma, width: width, height: height)
            key.path = path
            mask = shadowCache.mask(for: key, make: makeMask)
        } else {
            mask = makeMask()
        }
        CairoBridge.setSource(context, color, alpha: layer.shadowOpacity * alpha)
        mask.paint(context, x: x0, y: y0)
    }
}

// Three successive box blurs ≈ Gaussian (central limit); running sums keep it O(pixels).
enum ShadowBlur {
    /// Masks are at most 16384 pixels a side, and a box wider than that averages the whole line
    /// anyway: larger sigmas (a script's shadowRadius of 1e300) blur as this one does.
    static let maximumSigma = BackdropBlur.maximumSigma

    static func blur(_ data: UnsafeMutablePointer<UInt8>, width: Int, height: Int, stride: Int, sigma: Double) {
        guard sigma >= 0.5, width > 0, height > 0 else { return }
        let radius = BackdropBlur.boxRadius(sigma: min(sigma, maximumSigma))
        let length = max(width, height)
        let line = UnsafeMutablePointer<Int32>.allocate(capacity: length)
        let prefix = UnsafeMutablePointer<Int32>.allocate(capacity: length + 1)
        defer { line.deallocate(); prefix.deallocate() }
        for _ in 0..<3 {
            for y in 0..<height {
                let row = data + y * stride
                for x in 0..<width { line[x] = Int32(row[x]) }
                boxLine(line, count: width, radius: radius, prefix: prefix)
                for x in 0..<width { row[x] = UInt8(line[x]) }
            }
            for x in 0..<width {
                for y in 0..<height { line[y] = Int32(data[y * stride + x]) }
                boxLine(line, count: height, radius: radius, prefix: prefix)
                for y in 0..<height { data[y * stride + x] = UInt8(line[y]) }
            }
        }
    }

    private static func boxLine(_ line: UnsafeMutablePointer<Int32>, count: Int, radius: Int,
                                prefix: UnsafeMutablePointer<Int32>) {
        prefix[0] = 0
        for index in 0..<count { prefix[index + 1] = prefix[index] &+ line[index] }
        let window = Int32(2 * radius + 1)
        for index in 0..<count {
            let high = min(count, index + radius + 1), low = max(0, index - radius)
            line[index] = (prefix[high] - prefix[low] + window / 2) / window
        }
    }
}

// A layer without a background still casts a shadow from what it draws (its contents and
// sublayers), as Core Animation does without a shadowPath: the body is painted offscreen, its
// alpha blurred and offset as the shadow, then the body composited on top.
extension LayerPainter {
    func hasContentShadow(_ layer: LayerSnapshot) -> Bool {
        guard let color = layer.shadowColor, layer.shadowOpacity.isFinite, layer.shadowOpacity > 0, color.alpha > 0,
              (layer.backgroundColor?.alpha ?? 0) == 0, layer.shadowPath == nil else { return false }
        let drawsSomething = layer.sublayers.contains(where: LayerPainter.isRenderable) || layer.content != .none
        return drawsSomething && layer.shadowRadius.isFinite && layer.shadowOffset.isFinite
    }

    /// Paints the body with its content shadow; false when the target is not an image surface
    /// (the caller then paints the body without a shadow).
    func drawWithContentShadow(_ layer: LayerSnapshot, in mapping: Homography, alpha: Double,
                               context: OpaquePointer, depth: Int, body: (OpaquePointer) -> Void) -> Bool {
        guard let target = cairo_get_group_target(context), cairo_surface_get_type(target) == CAIRO_SURFACE_TYPE_IMAGE,
              let color = layer.shadowColor else { return false }
        let width = cairo_image_surface_get_width(target), height = cairo_image_surface_get_height(target)
        guard width > 0, height > 0 else { return false }
        var offsetX = 0.0, offsetY = 0.0
        cairo_surface_get_device_offset(target, &offsetX, &offsetY)
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, width, height) else { return false }
        defer { cairo_surface_destroy(surface) }
        cairo_surface_set_device_offset(surface, offsetX, offsetY)
        guard let offscreen = cairo_create(surface) else { return false }
        body(offscreen)
        cairo_destroy(offscreen)
        cairo_surface_flush(surface)

        guard let mask = cairo_image_surface_create(CAIRO_FORMAT_A8, width, height) else { return false }
        defer { cairo_surface_destroy(mask) }
        cairo_surface_flush(mask)
        if let source = cairo_image_surface_get_data(surface), let destination = cairo_image_surface_get_data(mask) {
            let sourceStride = Int(cairo_image_surface_get_stride(surface)), maskStride = Int(cairo_image_surface_get_stride(mask))
            for y in 0..<Int(height) {
                let row = source + y * sourceStride, out = destination + y * maskStride
                // ARGB32 is native-endian: alpha is the high byte of each 32-bit pixel.
                row.withMemoryRebound(to: UInt32.self, capacity: Int(width)) { pixels in
                    for x in 0..<Int(width) { out[x] = UInt8(pixels[x] >> 24) }
                }
            }
            let linearScale = (abs(mapping.h11 * mapping.h22 - mapping.h12 * mapping.h21)).squareRoot() / mapping.h33
            ShadowBlur.blur(destination, width: Int(width), height: Int(height), stride: maskStride,
                            sigma: max(0, layer.shadowRadius) * linearScale)
        }
        cairo_surface_mark_dirty(mask)
        cairo_surface_set_device_offset(mask, offsetX, offsetY)
        // The offset is in the layer's space: map it as a vector.
        let w = mapping.h33
        let dx = (mapping.h11 * layer.shadowOffset.width + mapping.h21 * layer.shadowOffset.height) / w
        let dy = (mapping.h12 * layer.shadowOffset.width + mapping.h22 * layer.shadowOffset.height) / w
        cairo_save(context)
        cairo_identity_matrix(context)
        CairoBridge.setSource(context, color, alpha: layer.shadowOpacity * alpha)
        cairo_mask_surface(context, mask, dx, dy)
        cairo_set_source_surface(context, surface, 0, 0)
        cairo_paint_with_alpha(context, alpha)
        cairo_restore(context)
        return true
    }
}
