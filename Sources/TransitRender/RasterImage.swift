import TransitCore

// Every renderer and encoder trades in one pixel format so outputs can be compared byte for byte:
// 8-bit RGBA, straight (non-premultiplied) alpha, row-major, no row padding.
public struct RasterImage: Sendable, Hashable {
    public let width: Int
    public let height: Int
    public var pixels: [UInt8]

    /// A fully transparent image; negative sizes become empty so callers never trap.
    public init(width: Int, height: Int) {
        self.width = max(0, width)
        self.height = max(0, height)
        pixels = [UInt8](repeating: 0, count: self.width * self.height * 4)
    }

    /// Wraps existing pixels; throws when the buffer does not match the size.
    public init(width: Int, height: Int, pixels: [UInt8]) throws {
        guard width >= 0, height >= 0, pixels.count == width * height * 4 else {
            throw RenderError("RasterImage: \(pixels.count) bytes do not hold \(width)×\(height) RGBA pixels")
        }
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// For buffers built to the size here (no check, no copy).
    public init(width: Int, height: Int, validatedPixels: [UInt8]) {
        self.width = width
        self.height = height
        pixels = validatedPixels
    }

    /// Tests and the terminal preview read single pixels; out-of-range reads give transparent black.
    public func pixel(x: Int, y: Int) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        guard x >= 0, y >= 0, x < width, y < height else { return (0, 0, 0, 0) }
        let index = (y * width + x) * 4
        return (pixels[index], pixels[index + 1], pixels[index + 2], pixels[index + 3])
    }
}

// Bad input (mismatched frames, undecodable bytes, library failures) is reported, never trapped on.
public struct RenderError: Error, CustomStringConvertible, Sendable, Equatable {
    public let message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
