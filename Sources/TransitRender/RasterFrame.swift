import CCairo

// A frame as the rasterizer left it: cairo's premultiplied ARGB32 words. Valid only inside the
// closure passed to `Rasterizer.render(_:size:reading:)` (the buffer is freed after it returns).
// Converting a frame to a RasterImage touches 1.3 MB per 393×852 frame; the GIF passes only
// need each run of identical pixels once, so they read the words in place.
public struct RasterFrame {
    public let width: Int
    public let height: Int
    private let surface: OpaquePointer?
    private let image: RasterImage?

    init(surface: OpaquePointer) {
        self.surface = surface
        image = nil
        width = Int(cairo_image_surface_get_width(surface))
        height = Int(cairo_image_surface_get_height(surface))
    }

    init(empty image: RasterImage) {
        surface = nil
        self.image = image
        width = image.width
        height = image.height
    }

    /// cairo's rows of premultiplied ARGB words, for reading the frame in place; nil for a
    /// frame made from an image.
    struct Rows {
        let data: UnsafeMutablePointer<UInt8>
        let stride: Int
        let width: Int
        /// RGB24: the top byte is not alpha; every pixel is opaque.
        let opaqueFormat: Bool
        func row(_ y: Int) -> UnsafePointer<UInt32> {
            UnsafeRawPointer(data + y * stride).bindMemory(to: UInt32.self, capacity: width)
        }
    }

    var rows: Rows? {
        guard let surface, width > 0, height > 0 else { return nil }
        cairo_surface_flush(surface)
        guard let data = cairo_image_surface_get_data(surface) else { return nil }
        return Rows(data: data, stride: Int(cairo_image_surface_get_stride(surface)), width: width,
                    opaqueFormat: cairo_image_surface_get_format(surface) == CAIRO_FORMAT_RGB24)
    }

    /// The frame as straight RGBA (what `Rasterizer.render(_:size:)` returns).
    public func makeImage() -> RasterImage {
        if let surface { return CairoBridge.makeImage(from: surface) }
        return image ?? RasterImage(width: 0, height: 0)
    }
}

/// A frame every pixel of which is opaque, as cairo left it: native-endian ARGB32 words, `width`
/// a row. For an opaque pixel premultiplied and straight colour are the same, so a video
/// encoder converts these words to YUV as they are: no RasterImage (unpremultiplied and
/// repacked as RGBA) is made, which was 4 % of the gallery's CPU. Frames are drawn over an opaque
/// background, so every rendered frame is one.
public struct OpaqueFrame: Sendable {
    public let width: Int
    public let height: Int
    public let words: [UInt32]

    /// `words` must hold `width × height` opaque pixels.
    public init(width: Int, height: Int, words: [UInt32]) throws {
        guard width >= 0, height >= 0, words.count == width * height else {
            throw RenderError("OpaqueFrame: \(words.count) words do not hold \(width)×\(height) pixels")
        }
        self.width = width
        self.height = height
        self.words = words
    }

    /// The same pixels as straight RGBA (what `RasterFrame.makeImage()` gives for them).
    public func rasterImage() -> RasterImage {
        var pixels = [UInt8](repeating: 255, count: width * height * 4)
        pixels.withUnsafeMutableBufferPointer { out in
            for (index, word) in words.enumerated() {
                out[4 * index] = UInt8(truncatingIfNeeded: word >> 16)
                out[4 * index + 1] = UInt8(truncatingIfNeeded: word >> 8)
                out[4 * index + 2] = UInt8(truncatingIfNeeded: word)
            }
        }
        return RasterImage(width: width, height: height, validatedPixels: pixels)
    }
}

extension RasterFrame {
    /// The frame's words copied row by row, or nil when a pixel is not opaque (then only
    /// `makeImage()` gives its colours).
    public func opaqueCopy() -> OpaqueFrame? {
        guard let rows, width > 0, height > 0 else { return nil }
        var words = [UInt32](repeating: 0, count: width * height)
        // The AND of every word: its alpha byte is 0xFF only if every pixel's is.
        let alphas = words.withUnsafeMutableBufferPointer { out -> UInt32 in
            var all: UInt32 = 0xFF00_0000
            for y in 0..<height {
                let row = rows.row(y), target = out.baseAddress! + y * width
                target.update(from: row, count: width)
                for x in 0..<width { all &= row[x] }
            }
            return all
        }
        if rows.opaqueFormat {
            // RGB24: the top byte is not alpha, every pixel is opaque.
            for index in words.indices { words[index] |= 0xFF00_0000 }
        } else if alphas & 0xFF00_0000 != 0xFF00_0000 {
            return nil
        }
        return try? OpaqueFrame(width: width, height: height, words: words)
    }
}

/// Pixels read as runs of identical pixels, each given as its straight RGBA value
/// (`r | g << 8 | b << 16 | a << 24`), in row-major order: what the palette and histogram read,
/// from a RasterImage or from cairo's buffer, with the same result.
protocol PixelRuns {
    var width: Int { get }
    var height: Int { get }
    /// `body(start, length, rgba)` for consecutive runs covering every pixel once, in order.
    func forEachRun(_ body: (Int, Int, UInt32) -> Void)
}

extension RasterImage: PixelRuns {
    func forEachRun(_ body: (Int, Int, UInt32) -> Void) {
        let count = width * height
        pixels.withUnsafeBytes { raw in
            let words = raw.bindMemory(to: UInt32.self)
            var index = 0
            while index < count {
                let word = words[index]
                var end = index + 1
                while end < count && words[end] == word { end += 1 }
                body(index, end - index, UInt32(littleEndian: word))
                index = end
            }
        }
    }
}

extension RasterFrame: PixelRuns {
    func forEachRun(_ body: (Int, Int, UInt32) -> Void) {
        guard let surface else {
            image?.forEachRun(body)
            return
        }
        guard width > 0, height > 0, let data = cairo_image_surface_get_data(surface) else { return }
        let stride = Int(cairo_image_surface_get_stride(surface))
        for y in 0..<height {
            let row = UnsafeRawPointer(data + y * stride).bindMemory(to: UInt32.self, capacity: width)
            var x = 0
            while x < width {
                let word = row[x]
                var end = x + 1
                while end < width && row[end] == word { end += 1 }
                body(y * width + x, end - x, CairoBridge.straightRGBA(word))
                x = end
            }
        }
    }
}
