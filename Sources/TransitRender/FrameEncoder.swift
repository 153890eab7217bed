import Foundation
#if canImport(Glibc)
import Glibc
#endif

// Streaming encoders of rendered frames into a video or animation file (.mp4, .webm, .webp):
// the protocol and its options. The encoders themselves are the TransitVideo library
// (FFmpeg, libwebp), which the transit executable loads only when it writes a video
// (TransitPipeline's VideoLibrary), so its start-up does not pay for a hundred libraries.
// Frames come one at a time as they are drawn and each is encoded (or handed to the codec's
// bounded look-ahead) before `append` returns, so an encoder never holds an array of frames.
// The file is written atomically: bytes go to a hidden temporary file beside `path`, which
// `finish()` renames over `path`; an error, or an encoder released without `finish()`, removes
// the temporary file and leaves whatever was at `path` as it was. Formats, quality mapping,
// padding and licences: docs/formats.md.

/// One output format. Not thread-safe: one caller appends frames in order, then finishes.
public protocol FrameEncoder: AnyObject {
    /// `width`×`height` are the frames' size; `frameRate` is the nominal rate the renderer
    /// samples at (it sets the codec's time base, see docs/formats.md), not a promise that every
    /// frame lasts `1 / frameRate`.
    init(path: String, width: Int, height: Int, frameRate: Double, options: EncoderOptions) throws
    /// Encodes `frame`, shown for `duration` seconds (finite, ≥ 0). Any error, a frame of the
    /// wrong size or a bad duration included, ends the encode: the temporary file is removed
    /// and later calls throw.
    func append(_ frame: RasterImage, duration: Double) throws
    /// The same for an opaque frame in cairo's words (OpaqueFrame), which an encoder can convert
    /// without a RasterImage; by default it is converted to one.
    func append(opaque frame: OpaqueFrame, duration: Double) throws
    /// Flushes the codec, closes the container and renames the file into place. Throws when no
    /// frame was appended (and writes nothing).
    func finish() throws
}

extension FrameEncoder {
    public func append(opaque frame: OpaqueFrame, duration: Double) throws {
        try append(frame.rasterImage(), duration: duration)
    }
}

public struct EncoderOptions: Sendable, Equatable {
    /// 0 (smallest, worst) ... 100 (best); mapped per codec (docs/formats.md). Clamped.
    public var quality: Double
    /// WebP only: lossless frames (`quality` then sets the compression effort). Ignored elsewhere.
    public var lossless: Bool
    /// Video only: the encoder's fast preset (VP9 realtime, x264 veryfast), about 4× less CPU
    /// for files about twice as large at the same quality setting (docs/formats.md). The
    /// gallery uses it; `render` does not.
    public var fast: Bool

    public init(quality: Double = 75, lossless: Bool = false, fast: Bool = false) {
        self.quality = quality
        self.lossless = lossless
        self.fast = fast
    }

    /// How the options cross the video library's C entry point: bit 0 lossless, bit 1 fast.
    public var flags: Int32 { (lossless ? 1 : 0) | (fast ? 2 : 0) }

    public init(quality: Double, flags: Int32) {
        self.init(quality: quality, lossless: flags & 1 != 0, fast: flags & 2 != 0)
    }

    /// `quality` clamped to 0...100 (NaN reads as the default, 75).
    public var clampedQuality: Double { quality.isNaN ? 75 : min(100, max(0, quality)) }
}

/// The formats `makeFrameEncoder` knows, by file extension (lower case, without the dot).
public let supportedVideoExtensions = ["mp4", "webm", "webp"]
