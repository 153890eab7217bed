import TransitRender
import CWebP
#if canImport(Glibc)
import Glibc
#endif

// Animated .webp through libwebp's WebPAnimEncoder (libwebpmux), looping forever, RGBA with
// alpha. Lossy: quality q (0...100) is WebPConfig.quality as it is (method 4). Lossless
// (`options.lossless`): pixels are kept exactly (`exact`, so even colour under zero alpha
// survives), and q is the compression effort (0 fastest and largest ... 100 slowest and
// smallest). Timestamps are whole milliseconds, rounded from the cumulative time so the total
// is exact to the millisecond (30 frames of 1/60 s end at 500 ms). Any size up to 16383 a side,
// odd included: WebP has no even-size rule.
//
// Memory: each frame is encoded as it is appended and its RGBA is not kept; WebPAnimEncoder
// keeps the encoded (compressed) frames until `finish()` assembles the file, plus the previous
// canvas or two for its sub-frame search: so memory grows with the output file's size, never
// with the frames' raw size. libwebp merges a frame identical to the one before into it (a
// longer frame); the timing stays the same. One distinct frame in all becomes a still WebP,
// which carries no duration.
public final class WebPAnimationEncoder: FrameEncoder {
    public let width: Int
    public let height: Int
    private let file: AtomicTemporaryFile
    private var encoder: OpaquePointer?
    private var config = WebPConfig()
    private var picture = WebPPicture()
    private var clock = TickClock(ticksPerSecond: 1000)
    private(set) public var frameCount = 0
    private var closed = false

    public init(path: String, width: Int, height: Int, frameRate: Double, options: EncoderOptions = EncoderOptions()) throws {
        try validateEncoderArguments("WebP", width: width, height: height, frameRate: frameRate)
        guard width <= 16383, height <= 16383 else { throw RenderError("WebP: cannot encode \(width)×\(height) frames (at most 16383 a side)") }
        self.width = width
        self.height = height
        guard WebPConfigInit(&config) != 0, WebPPictureInit(&picture) != 0 else {
            throw RenderError("WebP: this libwebp does not match its headers")
        }
        config.quality = Float(options.clampedQuality)
        config.method = 4
        if options.lossless {
            config.lossless = 1
            config.exact = 1
        }
        guard WebPValidateConfig(&config) != 0 else { throw RenderError("WebP: invalid encoder settings") }
        picture.width = Int32(width)
        picture.height = Int32(height)
        picture.use_argb = 1

        var animation = WebPAnimEncoderOptions()
        guard WebPAnimEncoderOptionsInit(&animation) != 0 else { throw RenderError("WebP: this libwebpmux does not match its headers") }
        animation.anim_params.loop_count = 0
        animation.allow_mixed = 0
        file = try AtomicTemporaryFile(destination: path)
        guard let encoder = WebPAnimEncoderNew(Int32(width), Int32(height), &animation) else {
            file.discard()
            throw RenderError("WebP: cannot create an animation encoder for \(width)×\(height)")
        }
        self.encoder = encoder
    }

    deinit { fail() }

    public func append(_ frame: RasterImage, duration: Double) throws {
        guard !closed, let encoder else { throw RenderError("WebP: the encoder is finished") }
        do {
            try validateFrame("WebP", frame, width: width, height: height, index: frameCount, duration: duration)
        } catch {
            fail()
            throw error
        }
        let imported = frame.pixels.withUnsafeBufferPointer { WebPPictureImportRGBA(&picture, $0.baseAddress, Int32(width * 4)) }
        guard imported != 0 else {
            fail()
            throw RenderError("WebP: cannot import frame \(frameCount) (out of memory)")
        }
        let (start, _) = clock.advance(by: duration)
        guard start <= Int64(Int32.max), WebPAnimEncoderAdd(encoder, &picture, Int32(start), &config) != 0 else {
            let reason = start > Int64(Int32.max) ? "the animation is longer than 24 days" : errorMessage(encoder)
            fail()
            throw RenderError("WebP: cannot encode frame \(frameCount) (\(reason))")
        }
        frameCount += 1
    }

    public func finish() throws {
        guard !closed, let encoder else { throw RenderError("WebP: the encoder is finished") }
        guard frameCount > 0 else {
            fail()
            throw RenderError("WebP: no frames to encode (\(file.destination) was not written)")
        }
        var data = WebPData()
        WebPDataInit(&data)
        defer { WebPDataClear(&data) }
        guard clock.nextTick <= Int64(Int32.max), WebPAnimEncoderAdd(encoder, nil, Int32(clock.nextTick), nil) != 0,
              WebPAnimEncoderAssemble(encoder, &data) != 0, let bytes = data.bytes else {
            let reason = errorMessage(encoder)
            fail()
            throw RenderError("WebP: cannot assemble the animation (\(reason))")
        }
        do {
            try write(UnsafeRawBufferPointer(start: bytes, count: data.size), to: file.path)
            release()
            try file.commit()
        } catch {
            fail()
            throw error
        }
    }

    private func errorMessage(_ encoder: OpaquePointer) -> String {
        guard let message = WebPAnimEncoderGetError(encoder), message.pointee != 0 else { return "libwebp gave no reason" }
        return String(cString: message)
    }

    private func write(_ bytes: UnsafeRawBufferPointer, to path: String) throws {
        guard let stream = fopen(path, "wb") else { throw RenderError("\(path): \(String(cString: strerror(errno)))") }
        let written = bytes.isEmpty ? 0 : fwrite(bytes.baseAddress, 1, bytes.count, stream)
        let closed = fclose(stream)
        guard written == bytes.count, closed == 0 else { throw RenderError("\(path): write failed (\(String(cString: strerror(errno))))") }
    }

    private func fail() {
        release()
        file.discard()
    }

    private func release() {
        closed = true
        if let encoder { WebPAnimEncoderDelete(encoder); self.encoder = nil }
        WebPPictureFree(&picture)
    }
}
