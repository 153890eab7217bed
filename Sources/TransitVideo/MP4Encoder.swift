import TransitRender
// .mp4 with H.264 (libx264 through libavcodec; Debian's libavcodec59 is built with it), yuv420p,
// BT.709 limited range, the moov atom up front (+faststart) so browsers start playing at once.
// quality q (0...100) → x264 CRF 1 + round((100 − q) × 0.5): 100 → 1, 75 → 14, 0 → 51. CRF 0
// (x264's lossless mode) is never used: it needs the High 4:4:4 Predictive profile, which
// browsers do not play. Odd sides are padded to even by repeating the last column/row.
// See docs/formats.md.
public final class MP4Encoder: LibAVEncoder, FrameEncoder {
    static let format = LibAVFormat(
        name: "MP4", muxer: "mp4", encoder: "libx264",
        codecOptions: { quality, fast in [("crf", String(crf(forQuality: quality))), ("preset", fast ? "veryfast" : "medium")] },
        muxerOptions: [("movflags", "+faststart")])

    /// The CRF for a quality already clamped to 0...100.
    public static func crf(forQuality quality: Double) -> Int { 1 + Int(((100 - quality) * 0.5).rounded()) }

    public required init(path: String, width: Int, height: Int, frameRate: Double, options: EncoderOptions = EncoderOptions()) throws {
        try super.init(path: path, width: width, height: height, frameRate: frameRate, options: options, format: Self.format)
    }
}
