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

    /// Un-premultiplies with rounding; RGB24 surfaces read as opaque.
    static func makeImage(from surface: OpaquePointer) -> RasterImage {
        cairo_surface_flush(surface)
        let width = Int(cairo_image_surface_get_width(surface))
        let height = Int(cairo_image_surface_get_height(surface))
        var image = RasterImage(width: width, height: height)
        guard width > 0, height > 0, let data = cairo_image_surface_get_data(surface) else { return image }
        let stride = Int(cairo_image_surface_get_stride(surface))
        let forceOpaque = cairo_image_surface_get_format(surface) == CAIRO_FORMAT_RGB24
        image.pixels.withUnsafeMutableBufferPointer { target in
            for y in 0..<height {
                let row = data.advanced(by: y * stride).withMemoryRebound(to: UInt32.self, capacity: width) { $0 }
                var index = y * width * 4
                for x in 0..<width {
                    let word = row[x]
                    let a = forceOpaque ? 255 : (word >> 24)
                    var r = (word >> 16) & 0xFF, g = (word >> 8) & 0xFF, b = word & 0xFF
                    if a == 0 {
                        r = 0; g = 0; b = 0
                    } else if a != 255 {
                        r = min(255, (r * 255 + a / 2) / a)
                        g = min(255, (g * 255 + a / 2) / a)
                        b = min(255, (b * 255 + a / 2) / a)
                    }
                    target[index] = UInt8(r); target[index + 1] = UInt8(g)
                    target[index + 2] = UInt8(b); target[index + 3] = UInt8(a)
                    index += 4
                }
            }
        }
        return image
    }

    static func setSource(_ context: OpaquePointer, _ color: Color, alpha: Double = 1) {
        cairo_set_source_rgba(context, clamp01(color.red), clamp01(color.green), clamp01(color.blue),
                              clamp01(color.alpha) * clamp01(alpha))
    }

    static func clamp01(_ value: Double) -> Double { value.isFinite ? min(1, max(0, value)) : 0 }
}
