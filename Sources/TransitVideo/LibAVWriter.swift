import TransitRender
import CAVCodec

// The FFmpeg pipeline that MP4Encoder and WebMEncoder share: RGBA → (pad to even) → swscale to
// yuv420p (BT.709, limited range, tagged so players convert back the same way) → the codec →
// the muxer, writing to an AtomicTemporaryFile. One AVFrame, one AVPacket and one padding
// buffer are reused for every frame; the only per-frame state kept is each frame's duration
// until the codec's bounded look-ahead hands its packet back.

/// What differs between the FFmpeg-backed formats.
struct LibAVFormat: Sendable {
    /// For messages: "MP4", "WebM".
    let name: String
    /// The libavformat muxer: "mp4", "webm".
    let muxer: String
    /// The libavcodec encoder: "libx264", "libvpx-vp9".
    let encoder: String
    /// Codec private options (av_opt names) for a quality clamped to 0...100, with the fast
    /// preset or not.
    let codecOptions: @Sendable (Double, Bool) -> [(String, String)]
    /// Muxer options.
    var muxerOptions: [(String, String)] = []
    /// VP9's constant-quality mode needs bit_rate 0; x264 ignores it when crf is set.
    var zeroBitRate = false
}

/// libavformat and libavcodec print warnings and x264's banner on stderr; only errors matter here.
private let quietLogs: Void = av_log_set_level(AV_LOG_ERROR)

func describeAVError(_ code: Int32) -> String {
    var buffer = [CChar](repeating: 0, count: 256)
    if av_strerror(code, &buffer, buffer.count) < 0 { return "FFmpeg error \(code)" }
    return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
}

final class LibAVWriter {
    let format: LibAVFormat
    let width: Int
    let height: Int
    /// The encoded size: width and height rounded up to even (yuv420p needs it); the extra
    /// column or row repeats the frame's last one.
    let encodedWidth: Int
    let encodedHeight: Int
    private let file: AtomicTemporaryFile
    private var container: UnsafeMutablePointer<AVFormatContext>?
    private var codec: UnsafeMutablePointer<AVCodecContext>?
    private var stream: UnsafeMutablePointer<AVStream>?
    private var picture: UnsafeMutablePointer<AVFrame>?
    private var packet: UnsafeMutablePointer<AVPacket>?
    private var scaler: OpaquePointer?
    /// For OpaqueFrames (cairo's word order), made on the first one.
    private var wordScaler: OpaquePointer?
    private var padded: [UInt8] = []
    private var paddedWords: [UInt32] = []
    private var clock: TickClock
    /// Durations (in codec ticks) of frames sent to the codec whose packets have not come back,
    /// by presentation timestamp: bounded by the codec's look-ahead, not the frame count.
    private(set) var pendingDurations: [Int64: Int64] = [:]
    private(set) var frameCount = 0
    private var closed = false

    init(path: String, width: Int, height: Int, frameRate: Double, options: EncoderOptions, format: LibAVFormat) throws {
        _ = quietLogs
        try validateEncoderArguments(format.name, width: width, height: height, frameRate: frameRate)
        self.format = format
        self.width = width
        self.height = height
        encodedWidth = width + (width & 1)
        encodedHeight = height + (height & 1)
        // Codec ticks: 1000 per nominal frame, so both whole frames and milliseconds (at an
        // integer rate) are whole ticks; 60 fps → a time base of 1/60000 s.
        let rate = av_d2q(frameRate, 1_000_000)
        guard rate.num > 0, rate.den > 0, Int64(rate.num) * 1000 <= Int64(Int32.max) else {
            throw RenderError("\(format.name): frame rate \(frameRate) has no usable time base")
        }
        let timeBase = AVRational(num: rate.den, den: rate.num * 1000)
        clock = TickClock(ticksPerSecond: Double(timeBase.den) / Double(timeBase.num))
        file = try AtomicTemporaryFile(destination: path)
        do {
            try open(rate: rate, timeBase: timeBase, quality: options.clampedQuality, fast: options.fast)
        } catch {
            release()
            file.discard()
            throw error
        }
    }

    deinit {
        release()
        file.discard()
    }

    private func check(_ result: Int32, _ step: String) throws {
        guard result >= 0 else { throw RenderError("\(format.name): \(step) failed (\(describeAVError(result)))") }
    }

    private func open(rate: AVRational, timeBase: AVRational, quality: Double, fast: Bool) throws {
        try check(avformat_alloc_output_context2(&container, nil, format.muxer, file.path), "creating the \(format.muxer) container")
        guard let container else { throw RenderError("\(format.name): no \(format.muxer) muxer in this FFmpeg") }
        guard let encoder = avcodec_find_encoder_by_name(format.encoder) else {
            throw RenderError("\(format.name): this FFmpeg has no \(format.encoder) encoder (Debian's libavcodec59 has it)")
        }
        guard let stream = avformat_new_stream(container, nil) else { throw RenderError("\(format.name): cannot add a stream") }
        self.stream = stream
        guard let codec = avcodec_alloc_context3(encoder) else { throw RenderError("\(format.name): cannot allocate the encoder") }
        self.codec = codec
        codec.pointee.width = Int32(encodedWidth)
        codec.pointee.height = Int32(encodedHeight)
        codec.pointee.pix_fmt = AV_PIX_FMT_YUV420P
        codec.pointee.time_base = timeBase
        codec.pointee.framerate = rate
        codec.pointee.sample_aspect_ratio = AVRational(num: 1, den: 1)
        codec.pointee.color_range = AVCOL_RANGE_MPEG
        codec.pointee.colorspace = AVCOL_SPC_BT709
        codec.pointee.color_primaries = AVCOL_PRI_BT709
        codec.pointee.color_trc = AVCOL_TRC_BT709
        if format.zeroBitRate { codec.pointee.bit_rate = 0 }
        // The same frames give the same bytes on every machine: no random track UIDs or
        // encoder version strings (bit-exact), and a fixed thread count (x264 and libvpx split
        // their work, and so their output, by the number of threads).
        container.pointee.flags |= AVFMT_FLAG_BITEXACT
        codec.pointee.flags |= Int32(AV_CODEC_FLAG_BITEXACT)
        codec.pointee.thread_count = 2
        if container.pointee.oformat.pointee.flags & AVFMT_GLOBALHEADER != 0 {
            codec.pointee.flags |= AV_CODEC_FLAG_GLOBAL_HEADER
        }
        var codecOptions: OpaquePointer?
        defer { av_dict_free(&codecOptions) }
        for (key, value) in format.codecOptions(quality, fast) { av_dict_set(&codecOptions, key, value, 0) }
        try check(avcodec_open2(codec, encoder, &codecOptions), "opening \(format.encoder)")
        try check(avcodec_parameters_from_context(stream.pointee.codecpar, codec), "copying the codec parameters")
        stream.pointee.time_base = timeBase
        stream.pointee.avg_frame_rate = rate

        try check(avio_open(&container.pointee.pb, file.path, AVIO_FLAG_WRITE), "opening \(file.path)")
        var muxerOptions: OpaquePointer?
        defer { av_dict_free(&muxerOptions) }
        for (key, value) in format.muxerOptions { av_dict_set(&muxerOptions, key, value, 0) }
        try check(avformat_write_header(container, &muxerOptions), "writing the \(format.muxer) header")

        guard let picture = av_frame_alloc(), let packet = av_packet_alloc() else {
            throw RenderError("\(format.name): cannot allocate a frame")
        }
        self.picture = picture
        self.packet = packet
        picture.pointee.format = AV_PIX_FMT_YUV420P.rawValue
        picture.pointee.width = Int32(encodedWidth)
        picture.pointee.height = Int32(encodedHeight)
        picture.pointee.color_range = AVCOL_RANGE_MPEG
        picture.pointee.colorspace = AVCOL_SPC_BT709
        picture.pointee.color_primaries = AVCOL_PRI_BT709
        picture.pointee.color_trc = AVCOL_TRC_BT709
        try check(av_frame_get_buffer(picture, 0), "allocating the frame")
        scaler = try makeScaler(from: AV_PIX_FMT_RGBA)
    }

    /// A converter from 4-byte `pixels` to the frame's yuv420p, BT.709 limited range.
    private func makeScaler(from pixels: AVPixelFormat) throws -> OpaquePointer {
        guard let scaler = sws_getContext(Int32(encodedWidth), Int32(encodedHeight), pixels,
                                          Int32(encodedWidth), Int32(encodedHeight), AV_PIX_FMT_YUV420P,
                                          Int32(SWS_BICUBIC | SWS_ACCURATE_RND), nil, nil, nil) else {
            throw RenderError("\(format.name): swscale cannot convert to yuv420p at \(encodedWidth)×\(encodedHeight)")
        }
        let coefficients = sws_getCoefficients(SWS_CS_ITU709)
        _ = sws_setColorspaceDetails(scaler, coefficients, 1, coefficients, 0, 0, 1 << 16, 1 << 16)
        return scaler
    }

    func append(_ frame: RasterImage, duration: Double) throws {
        guard !closed, scaler != nil else { throw RenderError("\(format.name): the encoder is finished") }
        do {
            try validateFrame(format.name, frame, width: width, height: height, index: frameCount, duration: duration)
            let source = encodedWidth == width && encodedHeight == height ? frame.pixels : pad(frame)
            try source.withUnsafeBufferPointer { try encode($0.baseAddress!, scaler: scaler!, duration: duration) }
        } catch {
            fail()
            throw error
        }
    }

    /// An opaque frame in cairo's native-endian ARGB32 words (B, G, R, A in memory on a
    /// little-endian machine): converted by its own swscale context, with the RGBA one's flags
    /// and coefficients, so the YUV planes are those of the same frame given as a RasterImage.
    func append(opaque frame: OpaqueFrame, duration: Double) throws {
        guard !closed, scaler != nil else { throw RenderError("\(format.name): the encoder is finished") }
        do {
            guard frame.width == width, frame.height == height, frame.words.count == width * height else {
                throw RenderError("\(format.name): frame \(frameCount) is \(frame.width)×\(frame.height), the encoder's size is \(width)×\(height)")
            }
            try validateDuration(format.name, index: frameCount, duration: duration)
            if wordScaler == nil {
                #if _endian(little)
                let native = AV_PIX_FMT_BGRA
                #else
                let native = AV_PIX_FMT_ARGB
                #endif
                wordScaler = try makeScaler(from: native)
            }
            if encodedWidth == width && encodedHeight == height {
                try frame.words.withUnsafeBytes { try encode($0.bindMemory(to: UInt8.self).baseAddress!, scaler: wordScaler!, duration: duration) }
            } else {
                try padWords(frame).withUnsafeBytes { try encode($0.bindMemory(to: UInt8.self).baseAddress!, scaler: wordScaler!, duration: duration) }
            }
        } catch {
            fail()
            throw error
        }
    }

    /// Converts 4-byte pixels at `source` (`encodedWidth` a row) to the frame's YUV planes and
    /// sends it to the codec.
    private func encode(_ source: UnsafePointer<UInt8>, scaler: OpaquePointer, duration: Double) throws {
        guard let codec, let picture else { throw RenderError("\(format.name): the encoder is finished") }
        try check(av_frame_make_writable(picture), "making the frame writable")
        var planes: [UnsafePointer<UInt8>?] = [source, nil, nil, nil]
        var strides: [Int32] = [Int32(encodedWidth * 4), 0, 0, 0]
        withUnsafePointer(to: &picture.pointee.data) { data in
            data.withMemoryRebound(to: UnsafeMutablePointer<UInt8>?.self, capacity: 8) { destination in
                withUnsafePointer(to: &picture.pointee.linesize) { lines in
                    lines.withMemoryRebound(to: Int32.self, capacity: 8) { destinationStrides in
                        _ = sws_scale(scaler, &planes, &strides, 0, Int32(encodedHeight), destination, destinationStrides)
                    }
                }
            }
        }
        let (start, length) = clock.advance(by: duration)
        picture.pointee.pts = start
        pendingDurations[start] = length
        try check(avcodec_send_frame(codec, picture), "encoding frame \(frameCount)")
        frameCount += 1
        try drain()
    }

    /// The words with the last column and/or row repeated to even sides, in a reused buffer.
    private func padWords(_ frame: OpaqueFrame) -> [UInt32] {
        if paddedWords.count != encodedWidth * encodedHeight { paddedWords = [UInt32](repeating: 0, count: encodedWidth * encodedHeight) }
        let width = self.width, height = self.height, encodedWidth = self.encodedWidth
        frame.words.withUnsafeBufferPointer { source in
            paddedWords.withUnsafeMutableBufferPointer { target in
                guard let from = source.baseAddress, let to = target.baseAddress else { return }
                for y in 0..<encodedHeight {
                    let sourceRow = from + min(y, height - 1) * width, targetRow = to + y * encodedWidth
                    targetRow.update(from: sourceRow, count: width)
                    if encodedWidth > width { targetRow[width] = sourceRow[width - 1] }
                }
            }
        }
        return paddedWords
    }

    /// The frame with its last column and/or row repeated to even sides, in a reused buffer.
    private func pad(_ frame: RasterImage) -> [UInt8] {
        let rowBytes = width * 4, paddedRowBytes = encodedWidth * 4
        if padded.count != paddedRowBytes * encodedHeight { padded = [UInt8](repeating: 0, count: paddedRowBytes * encodedHeight) }
        frame.pixels.withUnsafeBufferPointer { source in
            padded.withUnsafeMutableBufferPointer { target in
                guard let from = source.baseAddress, let to = target.baseAddress else { return }
                for y in 0..<encodedHeight {
                    // A row at a time (byte by byte, this was a twentieth of the gallery's CPU).
                    let sourceRow = from + min(y, height - 1) * rowBytes, targetRow = to + y * paddedRowBytes
                    targetRow.update(from: sourceRow, count: rowBytes)
                    if encodedWidth > width { (targetRow + rowBytes).update(from: sourceRow + rowBytes - 4, count: 4) }
                }
            }
        }
        return padded
    }

    /// Writes every packet the codec has ready.
    private func drain() throws {
        guard let codec, let packet, let stream, let container else { return }
        while true {
            let result = avcodec_receive_packet(codec, packet)
            if result == transit_averror_eagain() || result == transit_averror_eof() { return }
            try check(result, "encoding")
            packet.pointee.duration = pendingDurations.removeValue(forKey: packet.pointee.pts) ?? 0
            packet.pointee.stream_index = stream.pointee.index
            av_packet_rescale_ts(packet, codec.pointee.time_base, stream.pointee.time_base)
            try check(av_interleaved_write_frame(container, packet), "writing a packet")
        }
    }

    func finish() throws {
        guard !closed, let codec, let container else { throw RenderError("\(format.name): the encoder is finished") }
        guard frameCount > 0 else {
            fail()
            throw RenderError("\(format.name): no frames to encode (\(file.destination) was not written)")
        }
        do {
            try check(avcodec_send_frame(codec, nil), "flushing the encoder")
            try drain()
            try check(av_write_trailer(container), "writing the \(format.muxer) trailer")
            try check(avio_closep(&container.pointee.pb), "closing \(file.path)")
            release()
            try file.commit()
        } catch {
            fail()
            throw error
        }
    }

    private func fail() {
        release()
        file.discard()
    }

    private func release() {
        closed = true
        if let container {
            if container.pointee.pb != nil { avio_closep(&container.pointee.pb) }
            avformat_free_context(container)
            self.container = nil
        }
        avcodec_free_context(&codec)
        av_frame_free(&picture)
        av_packet_free(&packet)
        if let scaler { sws_freeContext(scaler); self.scaler = nil }
        if let wordScaler { sws_freeContext(wordScaler); self.wordScaler = nil }
        stream = nil
        pendingDurations = [:]
    }
}

/// What MP4Encoder and WebMEncoder share: a `LibAVWriter` for the subclass's format. Each
/// subclass conforms to FrameEncoder with an initializer that names its format.
public class LibAVEncoder {
    private let writer: LibAVWriter

    init(path: String, width: Int, height: Int, frameRate: Double, options: EncoderOptions, format: LibAVFormat) throws {
        writer = try LibAVWriter(path: path, width: width, height: height, frameRate: frameRate, options: options, format: format)
    }

    /// The size in the file: width and height rounded up to even.
    public var encodedSize: (width: Int, height: Int) { (writer.encodedWidth, writer.encodedHeight) }
    /// Frames whose packets the codec has not handed back yet (bounded by its look-ahead).
    public var framesInFlight: Int { writer.pendingDurations.count }

    public func append(_ frame: RasterImage, duration: Double) throws { try writer.append(frame, duration: duration) }
    public func append(opaque frame: OpaqueFrame, duration: Double) throws { try writer.append(opaque: frame, duration: duration) }
    public func finish() throws { try writer.finish() }
}
