import CCairo
import TransitCore

// A visual effect view's backdrop: what was drawn behind the layer, blurred and tinted. Cairo has
// no blur, so the pixels under the layer are read back, blurred by three box passes per axis (a
// Gaussian of the style's radius as standard deviation, to within the central limit's error) in
// integers, and painted back inside the layer's bounds; then the tint. Nothing here runs unless a
// layer's content is a backdrop, so frames without effect views cost nothing more.
//
// Where "behind" comes from: the surface the frame is drawn on, with whatever the innermost
// group being drawn (an ancestor with alpha < 1) holds so far composited over it. So an effect
// view fading in blurs the screen behind it and the group's alpha cross-fades the result, as the
// eye expects; groups nested between those two are not seen (docs/semantics.md, "Visual effects").
extension LayerPainter {
    /// `intensity` is the layer's opacity: the effect's strength, scaling the radius and the
    /// tint's alpha (VisualEffectView.swift).
    func drawBackdrop(_ backdrop: BackdropContent, in layer: LayerSnapshot, mapping: Homography,
                      intensity: Double, context: OpaquePointer) {
        let strength = CairoBridge.clamp01(intensity)
        guard strength > 0, backdrop.radius.isFinite, mapping.isFinite, mapping.h33 > 0 else { return }
        guard linearScaleIsFinite(mapping) else { return }
        let bounds = layer.bounds
        let linearScale = abs(mapping.h11 * mapping.h22 - mapping.h12 * mapping.h21).squareRoot() / mapping.h33
        // Beyond a few thousand pixels a blur is the region's average anyway; the cap keeps the
        // integer arithmetic below from overflowing on absurd radii or scales.
        let sigma = min(BackdropBlur.maximumSigma, max(0, backdrop.radius) * strength * linearScale)
        if sigma >= 0.5 {
            let corners = [Point(x: bounds.minX, y: bounds.minY), Point(x: bounds.maxX, y: bounds.minY),
                           Point(x: bounds.minX, y: bounds.maxY), Point(x: bounds.maxX, y: bounds.maxY)]
                .compactMap { mapping.project($0.x, $0.y) }
            if corners.count == 4 {
                paintBlurredBackdrop(under: corners, sigma: sigma, layer: layer, context: context)
            }
        }
        if backdrop.tint.alpha > 0 {
            LayerPainter.apply(mapping, to: context)
            Paths.addRoundedRect(context, bounds, radius: layer.cornerRadius, corners: layer.maskedCorners)
            CairoBridge.setSource(context, backdrop.tint, alpha: strength)
            cairo_fill(context)
        }
    }

    private func linearScaleIsFinite(_ mapping: Homography) -> Bool {
        (mapping.h11 * mapping.h22 - mapping.h12 * mapping.h21).isFinite
    }

    /// Reads the device pixels under the layer's quad (plus the blur's reach), blurs them and
    /// paints them back clipped to the layer's rounded bounds. The context's matrix must be the
    /// layer's mapping.
    private func paintBlurredBackdrop(under corners: [Point], sigma: Double, layer: LayerSnapshot, context: OpaquePointer) {
        guard let root = cairo_get_target(context), let group = cairo_get_group_target(context),
              cairo_surface_get_type(root) == CAIRO_SURFACE_TYPE_IMAGE,
              cairo_surface_get_type(group) == CAIRO_SURFACE_TYPE_IMAGE else { return }
        cairo_surface_flush(root)
        cairo_surface_flush(group)
        // A surface's pixel is a device point plus the surface's device offset (cairo's rule; a
        // group's surface is offset to its extents, the frame's own is not).
        var rootX = 0.0, rootY = 0.0
        cairo_surface_get_device_offset(root, &rootX, &rootY)
        let reach = (3 * sigma).rounded(.up) + 1
        let width = Int(cairo_image_surface_get_width(root)), height = Int(cairo_image_surface_get_height(root))
        let xs = corners.map { $0.x + rootX }, ys = corners.map { $0.y + rootY }
        guard xs.allSatisfy({ $0.isFinite && abs($0) < 1e9 }), ys.allSatisfy({ $0.isFinite && abs($0) < 1e9 }) else { return }
        let x0 = clampedInt((xs.min()! - reach).rounded(.down), in: 0...width), x1 = clampedInt((xs.max()! + reach).rounded(.up), in: 0...width)
        let y0 = clampedInt((ys.min()! - reach).rounded(.down), in: 0...height), y1 = clampedInt((ys.max()! + reach).rounded(.up), in: 0...height)
        guard x1 > x0, y1 > y0 else { return }
        var region = BackdropRegion(surface: root, x: x0, y: y0, width: x1 - x0, height: y1 - y0)
        if group != root {
            var groupX = 0.0, groupY = 0.0
            cairo_surface_get_device_offset(group, &groupX, &groupY)
            region.composite(group, offsetX: clampedInt((groupX - rootX).rounded(), in: -32768...32768),
                             offsetY: clampedInt((groupY - rootY).rounded(), in: -32768...32768))
        }
        // Large radii blur a reduced copy (box-averaged blocks), painted back with bilinear
        // filtering: a blur that wide leaves no detail a reduction loses, and it costs a factor²
        // less. Up to σ of 3 device pixels the blur runs at full resolution.
        let factor = clampedInt(sigma / 3, in: 1...8)
        var blurred = factor > 1 ? region.reduced(by: factor) : region
        BackdropBlur.blur(&blurred.pixels, width: blurred.width, height: blurred.height, sigma: sigma / Double(factor))
        guard let surface = blurred.makeSurface() else { return }
        defer { cairo_surface_destroy(surface) }

        cairo_save(context)
        defer { cairo_restore(context) }
        Paths.addRoundedRect(context, layer.bounds, radius: layer.cornerRadius, corners: layer.maskedCorners)
        cairo_clip(context)
        cairo_identity_matrix(context)
        guard let pattern = cairo_pattern_create_for_surface(surface) else { return }
        defer { cairo_pattern_destroy(pattern) }
        // Device point → reduced pixel: (device + root offset − origin) / factor. Device
        // coordinates inside a group are the frame's; cairo applies the group surface's offset.
        var matrix = cairo_matrix_t()
        cairo_matrix_init_scale(&matrix, 1 / Double(factor), 1 / Double(factor))
        cairo_matrix_translate(&matrix, rootX - Double(x0), rootY - Double(y0))
        cairo_pattern_set_matrix(pattern, &matrix)
        cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
        cairo_pattern_set_filter(pattern, factor > 1 ? CAIRO_FILTER_BILINEAR : CAIRO_FILTER_NEAREST)
        cairo_set_source(context, pattern)
        // Replace, not blend: the blurred pixels already contain what they cover.
        cairo_set_operator(context, CAIRO_OPERATOR_SOURCE)
        cairo_paint(context)
    }
}

/// Premultiplied ARGB32 words of a rectangle of device pixels, tightly packed.
struct BackdropRegion {
    var width: Int
    var height: Int
    var pixels: [UInt32]

    init(width: Int, height: Int, pixels: [UInt32]) {
        self.width = width; self.height = height; self.pixels = pixels
    }

    /// Copies the rectangle at pixel (x, y) of an image surface; the caller clamps it.
    init(surface: OpaquePointer, x: Int, y: Int, width: Int, height: Int) {
        self.width = width; self.height = height
        pixels = [UInt32](repeating: 0, count: width * height)
        guard let data = cairo_image_surface_get_data(surface) else { return }
        let stride = Int(cairo_image_surface_get_stride(surface))
        pixels.withUnsafeMutableBufferPointer { out in
            for row in 0..<height {
                let source = UnsafeRawPointer(data + (y + row) * stride + x * 4).assumingMemoryBound(to: UInt32.self)
                for column in 0..<width { out[row * width + column] = source[column] }
            }
        }
        originX = x; originY = y
    }

    /// Where the region sits in device pixels.
    var originX = 0, originY = 0

    /// Composites a group surface's pixels (premultiplied OVER) onto the region; the region's
    /// pixel (x, y) is the group surface's pixel (x + offsetX, y + offsetY).
    mutating func composite(_ surface: OpaquePointer, offsetX: Int, offsetY: Int) {
        guard let data = cairo_image_surface_get_data(surface) else { return }
        let rowBytes = Int(cairo_image_surface_get_stride(surface))
        let surfaceWidth = Int(cairo_image_surface_get_width(surface)), surfaceHeight = Int(cairo_image_surface_get_height(surface))
        let width = self.width, height = self.height, originX = self.originX, originY = self.originY
        pixels.withUnsafeMutableBufferPointer { out in
            for row in 0..<height {
                let v = originY + row + offsetY
                guard v >= 0, v < surfaceHeight else { continue }
                let source = UnsafeRawPointer(data + v * rowBytes).assumingMemoryBound(to: UInt32.self)
                for column in 0..<width {
                    let u = originX + column + offsetX
                    guard u >= 0, u < surfaceWidth else { continue }
                    let top = source[u]
                    let alpha = top >> 24
                    if alpha == 0 { continue }
                    if alpha == 255 { out[row * width + column] = top; continue }
                    let below = out[row * width + column], keep = 255 - alpha
                    var result: UInt32 = 0
                    for shift in stride(from: 0, through: 24, by: 8) {
                        let channel = (top >> UInt32(shift)) & 0xFF
                        let under = (below >> UInt32(shift)) & 0xFF
                        result |= min(255, channel + (under * keep + 127) / 255) << UInt32(shift)
                    }
                    out[row * width + column] = result
                }
            }
        }
    }

    /// Each `factor`×`factor` block averaged into one pixel (partial blocks at the edges over
    /// the pixels they have). Row by row, summing into one row of block sums, so the pixels are
    /// read in memory order.
    func reduced(by factor: Int) -> BackdropRegion {
        let smallWidth = (width + factor - 1) / factor, smallHeight = (height + factor - 1) / factor
        var small = [UInt32](repeating: 0, count: smallWidth * smallHeight)
        var sums = [UInt32](repeating: 0, count: smallWidth * 4)
        let width = self.width, height = self.height
        pixels.withUnsafeBufferPointer { source in
            small.withUnsafeMutableBufferPointer { output in
                sums.withUnsafeMutableBufferPointer { sums in
                    for blockRow in 0..<smallHeight {
                        for index in sums.indices { sums[index] = 0 }
                        let firstRow = blockRow * factor, lastRow = min(height, firstRow + factor)
                        for row in firstRow..<lastRow {
                            let base = row * width
                            // Block by block, so no pixel needs a division to find its block.
                            for block in 0..<smallWidth {
                                let slot = block * 4
                                var s0 = sums[slot], s1 = sums[slot + 1], s2 = sums[slot + 2], s3 = sums[slot + 3]
                                for x in (block * factor)..<min(width, (block + 1) * factor) {
                                    let p = source[base + x]
                                    s0 &+= p & 0xFF
                                    s1 &+= (p >> 8) & 0xFF
                                    s2 &+= (p >> 16) & 0xFF
                                    s3 &+= p >> 24
                                }
                                sums[slot] = s0; sums[slot + 1] = s1; sums[slot + 2] = s2; sums[slot + 3] = s3
                            }
                        }
                        let rows = UInt32(lastRow - firstRow)
                        for block in 0..<smallWidth {
                            let columns = UInt32(min(width, (block + 1) * factor) - block * factor)
                            let count = rows * columns, half = count / 2, slot = block * 4
                            output[blockRow * smallWidth + block] = (sums[slot] + half) / count
                                | ((sums[slot + 1] + half) / count) << 8
                                | ((sums[slot + 2] + half) / count) << 16
                                | ((sums[slot + 3] + half) / count) << 24
                        }
                    }
                }
            }
        }
        var result = BackdropRegion(width: smallWidth, height: smallHeight, pixels: small)
        result.originX = originX; result.originY = originY
        return result
    }

    /// An ARGB32 image surface holding the pixels (the caller destroys it).
    func makeSurface() -> OpaquePointer? {
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height)) else { return nil }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, let data = cairo_image_surface_get_data(surface) else {
            cairo_surface_destroy(surface); return nil
        }
        cairo_surface_flush(surface)
        let stride = Int(cairo_image_surface_get_stride(surface))
        pixels.withUnsafeBufferPointer { source in
            for row in 0..<height {
                let out = UnsafeMutableRawPointer(data + row * stride).assumingMemoryBound(to: UInt32.self)
                for column in 0..<width { out[column] = source[row * width + column] }
            }
        }
        cairo_surface_mark_dirty(surface)
        return surface
    }
}

/// Three box blurs per axis ≈ a Gaussian (as ShadowBlur does for shadow masks), on the four
/// channels of premultiplied pixels. Edges extend the border pixels, so a backdrop at the edge
/// of the screen does not darken towards it. Integer arithmetic: the same input gives the same
/// bytes everywhere.
enum BackdropBlur {
    static let maximumSigma = 2048.0

    /// The box radius of each of the three passes for a Gaussian of `sigma`. Callers cap sigma
    /// at `maximumSigma` (a radius of about that much); the bound here only keeps an uncapped
    /// sigma from trapping.
    static func boxRadius(sigma: Double) -> Int {
        let idealWidth = (4 * sigma * sigma + 1).squareRoot()
        return clampedInt(((idealWidth - 1) / 2).rounded(), in: 1...Int(maximumSigma) * 2)
    }

    static func blur(_ pixels: inout [UInt32], width: Int, height: Int, sigma: Double) {
        guard sigma >= 0.5, sigma.isFinite, width > 0, height > 0, pixels.count == width * height else { return }
        let radius = boxRadius(sigma: sigma)
        let mean = BoxMean(window: 2 * radius + 1)
        var scratch = [UInt32](repeating: 0, count: width * height)
        var sums = [Int64](repeating: 0, count: width * 4)
        for _ in 0..<3 {
            horizontal(pixels, into: &scratch, width: width, height: height, radius: radius, mean: mean)
            vertical(scratch, into: &pixels, width: width, height: height, radius: radius, mean: mean, sums: &sums)
        }
    }

    /// A window's mean by a multiplication and a shift (a division per channel and pixel was
    /// most of the blur's time): exact for windows of one colour, within a level otherwise.
    struct BoxMean {
        let reciprocal: Int64
        init(window: Int) { reciprocal = ((1 << 24) + Int64(window) / 2) / Int64(window) }
        @inline(__always) func callAsFunction(_ sum: Int64) -> UInt32 {
            UInt32(truncatingIfNeeded: min(255, (sum * reciprocal + (1 << 23)) >> 24))
        }
        @inline(__always) func pack(_ a: Int64, _ b: Int64, _ c: Int64, _ d: Int64) -> UInt32 {
            self(a) | self(b) << 8 | self(c) << 16 | self(d) << 24
        }
    }

    /// Running sums of the four channels along each row, edges extended.
    private static func horizontal(_ source: [UInt32], into target: inout [UInt32], width: Int, height: Int,
                                   radius: Int, mean: BoxMean) {
        let last = width - 1
        source.withUnsafeBufferPointer { input in
            target.withUnsafeMutableBufferPointer { output in
                for row in 0..<height {
                    let line = input.baseAddress! + row * width, out = output.baseAddress! + row * width
                    var s0: Int64 = 0, s1: Int64 = 0, s2: Int64 = 0, s3: Int64 = 0
                    for k in -radius...radius {
                        let p = line[min(max(k, 0), last)]
                        s0 += Int64(p & 0xFF); s1 += Int64((p >> 8) & 0xFF); s2 += Int64((p >> 16) & 0xFF); s3 += Int64(p >> 24)
                    }
                    for x in 0..<width {
                        out[x] = mean.pack(s0, s1, s2, s3)
                        let entering = line[min(x + radius + 1, last)], leaving = line[max(x - radius, 0)]
                        s0 += Int64(entering & 0xFF) - Int64(leaving & 0xFF)
                        s1 += Int64((entering >> 8) & 0xFF) - Int64((leaving >> 8) & 0xFF)
                        s2 += Int64((entering >> 16) & 0xFF) - Int64((leaving >> 16) & 0xFF)
                        s3 += Int64(entering >> 24) - Int64(leaving >> 24)
                    }
                }
            }
        }
    }

    /// Running sums down each column, all columns at once (row by row, for the cache).
    private static func vertical(_ source: [UInt32], into target: inout [UInt32], width: Int, height: Int,
                                 radius: Int, mean: BoxMean, sums: inout [Int64]) {
        let last = height - 1
        source.withUnsafeBufferPointer { input in
            target.withUnsafeMutableBufferPointer { output in
                sums.withUnsafeMutableBufferPointer { sums in
                    let base = input.baseAddress!, out = output.baseAddress!, sum = sums.baseAddress!
                    for index in 0..<(width * 4) { sum[index] = 0 }
                    for k in -radius...radius {
                        let row = base + min(max(k, 0), last) * width
                        for x in 0..<width {
                            let p = row[x]
                            sum[4 * x] += Int64(p & 0xFF); sum[4 * x + 1] += Int64((p >> 8) & 0xFF)
                            sum[4 * x + 2] += Int64((p >> 16) & 0xFF); sum[4 * x + 3] += Int64(p >> 24)
                        }
                    }
                    for y in 0..<height {
                        let outRow = out + y * width
                        let entering = base + min(y + radius + 1, last) * width, leaving = base + max(y - radius, 0) * width
                        for x in 0..<width {
                            outRow[x] = mean.pack(sum[4 * x], sum[4 * x + 1], sum[4 * x + 2], sum[4 * x + 3])
                            let e = entering[x], l = leaving[x]
                            sum[4 * x] += Int64(e & 0xFF) - Int64(l & 0xFF)
                            sum[4 * x + 1] += Int64((e >> 8) & 0xFF) - Int64((l >> 8) & 0xFF)
                            sum[4 * x + 2] += Int64((e >> 16) & 0xFF) - Int64((l >> 16) & 0xFF)
                            sum[4 * x + 3] += Int64(e >> 24) - Int64(l >> 24)
                        }
                    }
                }
            }
        }
    }
}
