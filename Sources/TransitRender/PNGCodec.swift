import CCairo

// PNG through cairo's stream writer/reader, so no file system is needed. Fully opaque images are
// written as RGB (smaller files); others as RGBA. Lossless for opaque pixels; translucent pixels
// pass through cairo's premultiplied storage and may move by one step in a channel.
public enum PNGEncoder {
    public static func encode(_ image: RasterImage) throws -> [UInt8] {
        guard image.width > 0, image.height > 0, image.width <= 32767, image.height <= 32767 else {
            throw RenderError("PNG: cannot encode a \(image.width)×\(image.height) image")
        }
        let opaque = image.pixels.withUnsafeBufferPointer { pixels in
            var index = 3
            while index < pixels.count { if pixels[index] != 255 { return false }; index += 4 }
            return true
        }
        guard let surface = CairoBridge.makeSurface(from: image, opaque: opaque) else {
            throw RenderError("PNG: cairo could not allocate a \(image.width)×\(image.height) surface")
        }
        defer { cairo_surface_destroy(surface) }
        let sink = ByteSink()
        let status = withExtendedLifetime(sink) {
            cairo_surface_write_to_png_stream(surface, { closure, data, length in
                guard let closure, let data else { return CAIRO_STATUS_WRITE_ERROR }
                let sink = Unmanaged<ByteSink>.fromOpaque(closure).takeUnretainedValue()
                sink.bytes.append(contentsOf: UnsafeBufferPointer(start: data, count: Int(length)))
                return CAIRO_STATUS_SUCCESS
            }, Unmanaged.passUnretained(sink).toOpaque())
        }
        guard status == CAIRO_STATUS_SUCCESS else {
            throw RenderError("PNG: cairo failed to encode (\(String(cString: cairo_status_to_string(status))))")
        }
        return sink.bytes
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
