import CCairo
import CPNG

// PNG written with libpng at its fastest useful settings: zlib level 1 and no row filter, which
// measured fastest at nearly equal size for UI frames (docs/performance/render.md, "PNG frames at the floor"), from the
// pixels as they are (a RasterImage's RGBA, or cairo's buffer unpremultiplied row by row), with
// no intermediate surface. Fully opaque images are written as RGB (smaller files); others as
// RGBA, exactly. Read back through cairo (PNGDecoder, below).
public enum PNGEncoder {
    /// zlib's level and libpng's row filter; `transit bench` measures the alternatives.
    public struct Settings: Sendable {
        public var level: Int32
        public var filter: Int32
        public static let fastest = Settings(level: 1, filter: Int32(PNG_FILTER_NONE))
        // PNG_ALL_FILTERS (0xF8: none, sub, up, average, paeth; a macro Swift does not import).
        public static let libpngDefault = Settings(level: 6, filter: 0xF8)
        /// For files kept rather than shown (golden references committed to a repository):
        /// zlib's best level with adaptive filters.
        public static let smallest = Settings(level: 9, filter: 0xF8)
        /// For pictures that are part of a larger output (the filmstrip): zlib's default level
        /// without row filters. On flat UI pictures it is smaller than level 9 with adaptive
        /// filters and several times faster: the gallery's 46 filmstrips, 7.05 MB in 0.6 s of
        /// zlib against 7.77 MB in about 4 s (docs/performance/render.md, "The gallery").
        public static let compact = Settings(level: 6, filter: Int32(PNG_FILTER_NONE))
        public init(level: Int32, filter: Int32) { self.level = level; self.filter = filter }
    }

    public static func encode(_ image: RasterImage, settings: Settings = .fastest) throws -> [UInt8] {
        try checkSize(image.width, image.height)
        let opaque = image.pixels.withUnsafeBufferPointer { pixels in
            var index = 3
            while index < pixels.count { if pixels[index] != 255 { return false }; index += 4 }
            return true
        }
        let width = image.width
        return try image.pixels.withUnsafeBufferPointer { pixels in
            let source = pixels.baseAddress!
            return try write(width: width, height: image.height, alpha: !opaque, settings: settings) { row, target in
                let start = source + row * width * 4
                if !opaque {
                    target.update(from: start, count: width * 4)
                    return
                }
                for x in 0..<width {
                    target[3 * x] = start[4 * x]; target[3 * x + 1] = start[4 * x + 1]; target[3 * x + 2] = start[4 * x + 2]
                }
            }
        }
    }

    /// A frame straight from the rasterizer's buffer: the same pixels as encoding
    /// `frame.makeImage()`, without making it.
    public static func encode(_ frame: RasterFrame, settings: Settings = .fastest) throws -> [UInt8] {
        guard let rows = frame.rows else { return try encode(frame.makeImage(), settings: settings) }
        try checkSize(frame.width, frame.height)
        let width = frame.width
        var opaque = true
        for y in 0..<frame.height where opaque && !rows.opaqueFormat {
            // The alpha bytes of a row ANDed together, without a branch a pixel.
            let row = rows.row(y)
            var all: UInt32 = 0xFFFF_FFFF
            for x in 0..<width { all &= row[x] }
            opaque = all >> 24 == 255
        }
        let alpha = !opaque
        return try write(width: width, height: frame.height, alpha: alpha, settings: settings) { y, target in
            let row = rows.row(y)
            if !alpha {
                // Every pixel opaque (the usual frame): premultiplied is straight colour, and
                // each native ARGB word's red, green and blue bytes are copied out as they are.
                // The general loop below did this through an unpremultiply and two branches a
                // pixel: a quarter of a live reload's frame time (--serve, checkerboard).
                var out = target
                for x in 0..<width {
                    let word = row[x]
                    out[0] = UInt8(truncatingIfNeeded: word >> 16)
                    out[1] = UInt8(truncatingIfNeeded: word >> 8)
                    out[2] = UInt8(truncatingIfNeeded: word)
                    out += 3
                }
                return
            }
            for x in 0..<width {
                let rgba = CairoBridge.straightRGBA(rows.opaqueFormat ? row[x] | 0xFF00_0000 : row[x])
                let offset = alpha ? 4 * x : 3 * x
                target[offset] = UInt8(truncatingIfNeeded: rgba); target[offset + 1] = UInt8(truncatingIfNeeded: rgba >> 8)
                target[offset + 2] = UInt8(truncatingIfNeeded: rgba >> 16)
                if alpha { target[offset + 3] = UInt8(truncatingIfNeeded: rgba >> 24) }
            }
        }
    }

    /// The floor `transit bench` compares with: libpng at `.fastest` fed rows already in RGB.
    public static func floorEncode(rgb: [UInt8], width: Int, height: Int) throws -> [UInt8] {
        try rgb.withUnsafeBufferPointer { pixels in
            try write(width: width, height: height, alpha: false, settings: .fastest) { row, target in
                target.update(from: pixels.baseAddress! + row * width * 3, count: width * 3)
            }
        }
    }

    private static func checkSize(_ width: Int, _ height: Int) throws {
        guard width > 0, height > 0, width <= 32767, height <= 32767 else {
            throw RenderError("PNG: cannot encode a \(width)×\(height) image")
        }
    }

    /// Runs libpng's write (its errors are caught in C, CPNG/shim.h) with `fill(row, buffer)`
    /// filling each row of 3 or 4 bytes a pixel.
    private static func write(width: Int, height: Int, alpha: Bool, settings: Settings,
                              fill: (Int, UnsafeMutablePointer<UInt8>) -> Void) throws -> [UInt8] {
        try withoutActuallyEscaping(fill) { fill in
            let rows = RowSource(fill)
            let sink = ByteSink()
            sink.bytes.reserveCapacity(width * height)
            var buffer = [UInt8](repeating: 0, count: width * (alpha ? 4 : 3))
            let status = withExtendedLifetime((rows, sink)) {
                buffer.withUnsafeMutableBufferPointer { row in
                    transit_png_write(Int32(width), Int32(height), alpha ? 1 : 0, settings.level, settings.filter, { index, user, target in
                        Unmanaged<RowSource>.fromOpaque(user!).takeUnretainedValue().fill(Int(index), target!)
                    }, Unmanaged.passUnretained(rows).toOpaque(), { user, data, length in
                        let sink = Unmanaged<ByteSink>.fromOpaque(user!).takeUnretainedValue()
                        sink.bytes.append(contentsOf: UnsafeBufferPointer(start: data, count: length))
                        return 1
                    }, Unmanaged.passUnretained(sink).toOpaque(), row.baseAddress)
                }
            }
            guard status == 0 else { throw RenderError("PNG: libpng failed to encode a \(width)×\(height) image") }
            return sink.bytes
        }
    }

    private final class RowSource {
        let fill: (Int, UnsafeMutablePointer<UInt8>) -> Void
        init(_ fill: @escaping (Int, UnsafeMutablePointer<UInt8>) -> Void) { self.fill = fill }
    }
}

// Reads PNGs back (tests, fixtures) into straight RGBA.
public enum PNGDecoder {
    /// The largest side a decoded image may have: 8192 px (256 MB of RGBA), so a file
    /// cannot make Transit allocate past any memory limit before its size is known.
    public static let maximumSide = 8192

    public static func decode(_ bytes: [UInt8]) throws -> RasterImage {
        // The signature and the header's size first: cairo reports "out of memory" for a file
        // that is not a PNG, and would allocate whatever size a header claims.
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        guard bytes.count >= 24, Array(bytes[0..<8]) == signature else { throw RenderError("not a PNG file (it does not start with the PNG signature)") }
        let headerWidth = bytes[16..<20].reduce(0) { $0 << 8 | Int($1) }, headerHeight = bytes[20..<24].reduce(0) { $0 << 8 | Int($1) }
        guard headerWidth <= maximumSide, headerHeight <= maximumSide else {
            throw RenderError("the PNG is \(headerWidth)×\(headerHeight) pixels; Transit reads images of at most \(maximumSide) pixels a side")
        }
        let source = ByteSource(bytes)
        let surface = withExtendedLifetime(source) {
            cairo_image_surface_create_from_png_stream({ closure, data, length in
                guard let closure, let data else { return CAIRO_STATUS_READ_ERROR }
                let source = Unmanaged<ByteSource>.fromOpaque(closure).takeUnretainedValue()
                return source.read(into: data, count: Int(length)) == Int(length)
                    ? CAIRO_STATUS_SUCCESS : CAIRO_STATUS_READ_ERROR
            }, Unmanaged.passUnretained(source).toOpaque())
        }
        guard let surface else { throw RenderError("PNG: cairo returned no surface") }
        defer { cairo_surface_destroy(surface) }
        let status = cairo_surface_status(surface)
        guard status == CAIRO_STATUS_SUCCESS else {
            throw RenderError("PNG: cannot decode (\(String(cString: cairo_status_to_string(status))))")
        }
        let format = cairo_image_surface_get_format(surface)
        if format == CAIRO_FORMAT_ARGB32 || format == CAIRO_FORMAT_RGB24 {
            return CairoBridge.makeImage(from: surface)
        }
        // Deep or grey formats: let cairo convert by painting onto ARGB32.
        let width = cairo_image_surface_get_width(surface), height = cairo_image_surface_get_height(surface)
        guard let converted = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, width, height),
              let context = cairo_create(converted) else { throw RenderError("PNG: cannot convert pixel format") }
        defer { cairo_surface_destroy(converted) }
        cairo_set_source_surface(context, surface, 0, 0)
        cairo_set_operator(context, CAIRO_OPERATOR_SOURCE)
        cairo_paint(context)
        cairo_destroy(context)
        return CairoBridge.makeImage(from: converted)
    }
}
