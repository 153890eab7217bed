import TransitRender
// .webm with VP9 (libvpx-vp9 through libavcodec), yuv420p, BT.709 limited range, in
// constant-quality mode (bit rate 0): quality q (0...100) → CRF round((100 − q) × 0.63):
// 100 → 0, 75 → 16, 0 → 63. Speed: deadline "good", cpu-used 4, row-mt (the fast preset:
// deadline "realtime", cpu-used 7). Odd sides are padded
// to even by repeating the last column/row. See docs/formats.md.
public final class WebMEncoder: LibAVEncoder, FrameEncoder {
    static let format = LibAVFormat(
        name: "WebM", muxer: "webm", encoder: "libvpx-vp9",
        codecOptions: { quality, fast in
            [("crf", String(crf(forQuality: quality))), ("deadline", fast ? "realtime" : "good"), ("cpu-used", fast ? "7" : "4"), ("row-mt", "1")]
        },
        zeroBitRate: true)

    /// The CRF for a quality already clamped to 0...100.
    public static func crf(forQuality quality: Double) -> Int { Int(((100 - quality) * 0.63).rounded()) }

    public required init(path: String, width: Int, height: Int, frameRate: Double, options: EncoderOptions = EncoderOptions()) throws {
        try super.init(path: path, width: width, height: height, frameRate: frameRate, options: options, format: Self.format)
    }
}
