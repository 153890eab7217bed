// .webm with VP9 (libvpx-vp9 through libavcodec), yuv420p, BT.709 limited range, in
// constant-quality mode (bit rate 0): quality q (0...100) → CRF round((100 − q) × 0.63):
// 100 → 0, 75 → 16, 0 → 63. Speed: deadline "good", cpu-used 4, row-mt. Odd sides are padded
// to even by repeating the last column/row. See docs/formats.md.
public final class WebMEncoder: FrameEncoder {
    static let format = LibAVFormat(
        name: "WebM", muxer: "webm", encoder: "libvpx-vp9",
        codecOptions: { quality in
            [("crf", String(crf(forQuality: quality))), ("deadline", "good"), ("cpu-used", "4"), ("row-mt", "1")]
        },
        zeroBitRate: true)

    /// The CRF for a quality already clamped to 0...100.
    public static func crf(forQuality quality: Double) -> Int { Int(((100 - quality) * 0.63).rounded()) }

    private let writer: LibAVWriter

    public init(path: String, width: Int, height: Int, frameRate: Double, options: EncoderOptions = EncoderOptions()) throws {
        writer = try LibAVWriter(path: path, width: width, height: height, frameRate: frameRate, options: options, format: Self.format)
    }

    /// The size in the file: width and height rounded up to even.
    public var encodedSize: (width: Int, height: Int) { (writer.encodedWidth, writer.encodedHeight) }
    /// Frames whose packets the codec has not handed back yet (bounded by its look-ahead).
    public var framesInFlight: Int { writer.pendingDurations.count }

    public func append(_ frame: RasterImage, duration: Double) throws { try writer.append(frame, duration: duration) }
    public func finish() throws { try writer.finish() }
}
