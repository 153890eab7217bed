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

// Three successive box blurs ≈ Gaussian (central limit); running sums keep it O(pixels). Each
// box is the window's sum (pixels beyond the mask's edge count as zero) divided by the window,
// rounded: the division is a multiplication by a 40-bit reciprocal and a shift, exact for every
// sum a window of 8-bit values can have (a division per pixel and pass was most of a shadow's
// time). The vertical passes run along rows, every column's sum at once, for the cache.
enum ShadowBlur {
    /// Masks are at most 16384 pixels a side, and a box wider than that averages the whole line
    /// anyway: larger sigmas (a script's shadowRadius of 1e300) blur as this one does.
    static let maximumSigma = BackdropBlur.maximumSigma

    /// ⌊(sum + window / 2) / window⌋ for 0 ≤ sum ≤ 255 × window, as ((sum + window / 2) × m) >> 40
    /// with m = ⌈2⁴⁰ / window⌉: the product overshoots the exact quotient by less than
    /// (sum + window / 2) / 2⁴⁰ < 256 × window / 2⁴⁰, which stays below 1 / window (so the floor is
    /// the quotient) while 256 × window² < 2⁴⁰: every window below 65,536 (boxes here are at most
    /// 8,193 wide).
    struct Divider {
        let window: Int64
        let half: Int64
        let reciprocal: UInt64
        init(window: Int) {
            self.window = Int64(window)
            half = Int64(window / 2)
            reciprocal = ((1 << 40) + UInt64(window) - 1) / UInt64(window)
        }
        @inline(__always) func callAsFunction(_ sum: Int64) -> UInt8 {
            UInt8(truncatingIfNeeded: (UInt64(sum + half) &* reciprocal) >> 40)
        }
    }

    /// How far a blur of `sigma` spreads a pixel: three boxes of its radius.
    static func reach(sigma: Double) -> Int {
        sigma >= 0.5 ? 3 * BackdropBlur.boxRadius(sigma: min(sigma, maximumSigma)) : 0
    }

    static func blur(_ data: UnsafeMutablePointer<UInt8>, width: Int, height: Int, stride: Int, sigma: Double) {
        guard sigma >= 0.5, width > 0, height > 0 else { return }
        let radius = BackdropBlur.boxRadius(sigma: min(sigma, maximumSigma))
        let divide = Divider(window: 2 * radius + 1)
        let line = UnsafeMutablePointer<UInt8>.allocate(capacity: width)
        let sums = UnsafeMutablePointer<Int64>.allocate(capacity: width)
        let ring = UnsafeMutablePointer<UInt8>.allocate(capacity: min(height, radius + 1) * width)
        defer { line.deallocate(); sums.deallocate(); ring.deallocate() }
        for _ in 0..<3 {
            for y in 0..<height { horizontal(data + y * stride, count: width, radius: radius, divide: divide, copy: line) }
            vertical(data, width: width, height: height, stride: stride, radius: radius, divide: divide, sums: sums, ring: ring)
        }
    }

    /// One row in place (from a copy of it): each pixel the mean of the window around it.
    private static func horizontal(_ row: UnsafeMutablePointer<UInt8>, count: Int, radius: Int, divide: Divider,
                                   copy: UnsafeMutablePointer<UInt8>) {
        copy.update(from: row, count: count)
        var sum: Int64 = 0
        for index in 0..<min(count, radius + 1) { sum += Int64(copy[index]) }
        for index in 0..<count {
            row[index] = divide(sum)
            let entering = index + radius + 1, leaving = index - radius
            if entering < count { sum += Int64(copy[entering]) }
            if leaving >= 0 { sum -= Int64(copy[leaving]) }
        }
    }

    /// Every column at once, row by row. A row is overwritten as soon as its mean is known, but
    /// it leaves the window radius rows later: the last radius + 1 rows are kept as they were in
    /// `ring`, whose slots they take in turn.
    private static func vertical(_ data: UnsafeMutablePointer<UInt8>, width: Int, height: Int, stride: Int, radius: Int,
                                 divide: Divider, sums: UnsafeMutablePointer<Int64>, ring: UnsafeMutablePointer<UInt8>) {
        let ringRows = min(height, radius + 1)
        sums.update(repeating: 0, count: width)
        for y in 0..<min(height, radius + 1) {
            let row = data + y * stride
            for x in 0..<width { sums[x] += Int64(row[x]) }
        }
        for y in 0..<height {
            let row = data + y * stride
            (ring + (y % ringRows) * width).update(from: row, count: width)
            for x in 0..<width { row[x] = divide(sums[x]) }
            // The window moves down a row: row y - radius leaves it, row y + radius + 1 enters.
            if y >= radius {
                let leaving = ring + ((y - radius) % ringRows) * width
                for x in 0..<width { sums[x] -= Int64(leaving[x]) }
            }
            if y + radius + 1 < height {
                let entering = data + (y + radius + 1) * stride
                for x in 0..<width { sums[x] += Int64(entering[x]) }
            }
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

        // The shadow is the alpha of what was drawn, blurred: only the rectangle around the drawn
        // pixels that the blur reaches can be other than zero, so only that is made and blurred
        // (a presented card's shadow is a part of the screen; the whole frame was blurred before,
        // to the same bytes).
        let linearScale = (abs(mapping.h11 * mapping.h22 - mapping.h12 * mapping.h21)).squareRoot() / mapping.h33
        let sigma = max(0, layer.shadowRadius) * linearScale
        guard let source = cairo_image_surface_get_data(surface) else { return false }
        let sourceStride = Int(cairo_image_surface_get_stride(surface))
        var drawn = (x0: Int(width), y0: Int(height), x1: 0, y1: 0)
        for y in 0..<Int(height) {
            (source + y * sourceStride).withMemoryRebound(to: UInt32.self, capacity: Int(width)) { pixels in
                // ARGB32 is native-endian: alpha is the high byte of each 32-bit pixel.
                guard let first = (0..<Int(width)).first(where: { pixels[$0] >> 24 != 0 }) else { return }
                let last = (first..<Int(width)).last(where: { pixels[$0] >> 24 != 0 })!
                drawn = (min(drawn.x0, first), min(drawn.y0, y), max(drawn.x1, last + 1), y + 1)
            }
        }
        if drawn.x0 < drawn.x1 {
            let reach = ShadowBlur.reach(sigma: sigma)
            let x0 = max(0, drawn.x0 - reach), y0 = max(0, drawn.y0 - reach)
            let x1 = min(Int(width), drawn.x1 + reach), y1 = min(Int(height), drawn.y1 + reach)
            guard let mask = cairo_image_surface_create(CAIRO_FORMAT_A8, Int32(x1 - x0), Int32(y1 - y0)) else { return false }
            defer { cairo_surface_destroy(mask) }
            cairo_surface_flush(mask)
            if let destination = cairo_image_surface_get_data(mask) {
                let maskStride = Int(cairo_image_surface_get_stride(mask))
                for y in y0..<y1 {
                    let out = destination + (y - y0) * maskStride
                    (source + y * sourceStride).withMemoryRebound(to: UInt32.self, capacity: Int(width)) { pixels in
                        for x in x0..<x1 { out[x - x0] = UInt8(pixels[x] >> 24) }
                    }
                }
                ShadowBlur.blur(destination, width: x1 - x0, height: y1 - y0, stride: maskStride, sigma: sigma)
            }
            cairo_surface_mark_dirty(mask)
            cairo_surface_set_device_offset(mask, offsetX - Double(x0), offsetY - Double(y0))
            paintContentShadow(layer, mask: mask, color: color, mapping: mapping, alpha: alpha, context: context)
        }
        cairo_save(context)
        cairo_identity_matrix(context)
        cairo_set_source_surface(context, surface, 0, 0)
        cairo_paint_with_alpha(context, alpha)
        cairo_restore(context)
        return true
    }

    private func paintContentShadow(_ layer: LayerSnapshot, mask: OpaquePointer, color: Color, mapping: Homography,
                                    alpha: Double, context: OpaquePointer) {
        // The offset is in the layer's space: map it as a vector.
        let w = mapping.h33
        let dx = (mapping.h11 * layer.shadowOffset.width + mapping.h21 * layer.shadowOffset.height) / w
        let dy = (mapping.h12 * layer.shadowOffset.width + mapping.h22 * layer.shadowOffset.height) / w
        cairo_save(context)
        cairo_identity_matrix(context)
        CairoBridge.setSource(context, color, alpha: layer.shadowOpacity * alpha)
        cairo_mask_surface(context, mask, dx, dy)
        cairo_restore(context)
    }
}
