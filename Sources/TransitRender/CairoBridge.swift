import CCairo
import TransitCore

// Cairo stores premultiplied, native-endian ARGB32 words; RasterImage stores straight RGBA bytes.
// Keeping both conversions in one place makes the round trip (and its rounding) auditable.
enum CairoBridge {
    /// Premultiplies with rounding so opaque pixels survive the round trip exactly.
    static func makeSurface(from image: RasterImage, opaque: Bool = false) -> OpaquePointer? {
        guard image.width > 0, image.height > 0 else { return nil }
        let format = opaque ? CAIRO_FORMAT_RGB24 : CAIRO_FORMAT_ARGB32
        guard let surface = cairo_image_surface_create(format, Int32(image.width), Int32(image.height)),
              cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS,
              let data = cairo_image_surface_get_data(surface) else { return nil }
        let stride = Int(cairo_image_surface_get_stride(surface))
        let width = image.width
        image.pixels.withUnsafeBufferPointer { source in
            for y in 0..<image.height {
                let row = data.advanced(by: y * stride).withMemoryRebound(to: UInt32.self, capacity: width) { $0 }
                var index = y * width * 4
                for x in 0..<width {
                    let a = UInt32(source[index + 3])
                    var r = UInt32(source[index]), g = UInt32(source[index + 1]), b = UInt32(source[index + 2])
                    if a != 255 {
                        r = (r * a + 127) / 255; g = (g * a + 127) / 255; b = (b * a + 127) / 255
                    }
                    row[x] = (a << 24) | (r << 16) | (g << 8) | b
                    index += 4
                }
            }
        }
        cairo_surface_mark_dirty(surface)
        return surface
    }

    /// Un-premultiplies with rounding; RGB24 surfaces read as opaque. Called once per frame on
    /// every pixel, so the output is not zero-filled before it is written.
    static func makeImage(from surface: OpaquePointer) -> RasterImage {
        cairo_surface_flush(surface)
        let width = Int(cairo_image_surface_get_width(surface))
        let height = Int(cairo_image_surface_get_height(surface))
        guard width > 0, height > 0, let data = cairo_image_surface_get_data(surface) else {
            return RasterImage(width: width, height: height)
        }
        let stride = Int(cairo_image_surface_get_stride(surface))
        let forceOpaque = cairo_image_surface_get_format(surface) == CAIRO_FORMAT_RGB24
        let pixels = [UInt8](unsafeUninitializedCapacity: width * height * 4) { buffer, initialized in
            let target = UnsafeMutableRawPointer(buffer.baseAddress!).bindMemory(to: UInt32.self, capacity: width * height)
            for y in 0..<height {
                let row = UnsafeRawPointer(data + y * stride).bindMemory(to: UInt32.self, capacity: width)
                let out = target + y * width
                for x in 0..<width {
                    out[x] = straightRGBA(forceOpaque ? row[x] | 0xFF00_0000 : row[x]).littleEndian
                }
            }
            initialized = width * height * 4
        }
        return RasterImage(width: width, height: height, validatedPixels: pixels)
    }

    /// One premultiplied ARGB32 word → the straight pixel as the value `r | g << 8 | b << 16 |
    /// a << 24` (RasterImage's byte order read as a little-endian word). Opaque pixels, nearly all
    /// of a frame drawn over an opaque background, are a byte shuffle.
    @inline(__always)
    static func straightRGBA(_ word: UInt32) -> UInt32 {
        let a = word >> 24
        if a == 255 { return word & 0xFF00_FF00 | (word >> 16) & 0xFF | (word & 0xFF) << 16 }
        if a == 0 { return 0 }
        let r = min(255, (((word >> 16) & 0xFF) * 255 + a / 2) / a)
        let g = min(255, (((word >> 8) & 0xFF) * 255 + a / 2) / a)
        let b = min(255, ((word & 0xFF) * 255 + a / 2) / a)
        return r | g << 8 | b << 16 | a << 24
    }

    static func setSource(_ context: OpaquePointer, _ color: Color, alpha: Double = 1) {
        cairo_set_source_rgba(context, clamp01(color.red), clamp01(color.green), clamp01(color.blue),
                              clamp01(color.alpha) * clamp01(alpha))
    }

    /// Cairo's own test (finite, non-zero determinant) with a margin: a matrix that fails it
    /// puts a context into a permanent error state, so it is checked before cairo sees it.
    static func isInvertible(_ matrix: cairo_matrix_t) -> Bool {
        let determinant = matrix.xx * matrix.yy - matrix.xy * matrix.yx
        return determinant.isFinite && abs(determinant) > 1e-12 && (1 / determinant).isFinite
            && matrix.x0.isFinite && matrix.y0.isFinite
    }

    static func clamp01(_ value: Double) -> Double { value.isFinite ? min(1, max(0, value)) : 0 }
}
