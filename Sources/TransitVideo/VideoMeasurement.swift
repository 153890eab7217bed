import CAVCodec
import CWebP
import Foundation
import TransitRender

// Reads what the FrameEncoders wrote back into RGBA frames, and scores them against the frames
// that went in: for the tests, and for a table of size / encode time / quality per format.
// Decoding streams (one frame at a time, handed to a closure), like the encoders.

/// What a decoded file holds.
public struct DecodedVideo: Sendable, Equatable {
    public var width: Int
    public var height: Int
    public var frameCount: Int
    /// The container's duration in seconds (libavformat's, or the last WebP frame's end).
    public var duration: Double
    /// Each frame's presentation time in seconds (start of the frame).
    public var frameTimes: [Double]
}

/// How close decoded frames are to their sources.
public struct VideoQuality: Sendable, Equatable {
    public var frames: Int
    /// SSIM on luma (8×8 windows every 4 pixels), averaged over windows then frames; 1 is identical.
    public var meanSSIM: Double
    public var minimumSSIM: Double
    /// PSNR over R, G and B of every frame together, in dB (`.infinity` when identical).
    public var psnr: Double
    /// Frames whose every R, G, B and A byte equals the source's.
    public var identicalFrames: Int
}

/// One row of a format comparison: `VideoMeasurement.measure`.
public struct VideoMeasurementRow: Sendable {
    public var path: String
    public var bytes: Int
    /// Wall-clock seconds spent in `append` and `finish` (making the source frames excluded).
    public var encodeSeconds: Double
    public var decoded: DecodedVideo
    public var quality: VideoQuality
}

public enum VideoMeasurement {
    /// Encodes `count` frames `source(0) ..< source(count)`, each lasting `1 / frameRate`, into
    /// `path` (format by extension, `makeFrameEncoder`), then decodes the file and compares it
    /// with the sources made again: size, encode time, SSIM and PSNR for a table per format.
    public static func measure(path: String, width: Int, height: Int, frameRate: Double, count: Int,
                               options: EncoderOptions = EncoderOptions(),
                               source: (Int) throws -> RasterImage) throws -> VideoMeasurementRow {
        let encoder = try makeFrameEncoder(forPath: path, width: width, height: height, frameRate: frameRate, options: options)
        var encoding = Duration.zero
        let clock = ContinuousClock()
        for index in 0..<count {
            let frame = try source(index)
            encoding += try clock.measure { try encoder.append(frame, duration: 1 / frameRate) }
        }
        encoding += try clock.measure { try encoder.finish() }
        let bytes = ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber)?.intValue ?? 0
        let (decoded, quality) = try compare(path: path, frameRate: frameRate, source: source)
        let seconds = Double(encoding.components.seconds) + Double(encoding.components.attoseconds) / 1e18
        return VideoMeasurementRow(path: path, bytes: bytes, encodeSeconds: seconds, decoded: decoded, quality: quality)
    }

    /// Decodes `path` by its extension: .mp4 and .webm through libavformat/libavcodec (frames
    /// converted to RGBA with BT.709 limited range, as the encoders tagged them; alpha 255),
    /// .webp through WebPAnimDecoder (full canvas per frame, straight RGBA).
    @discardableResult
    public static func decode(path: String, each: (RasterImage, Double) throws -> Void = { _, _ in }) throws -> DecodedVideo {
        if path.lowercased().hasSuffix(".webp") { return try decodeWebP(path: path, each: each) }
        return try decodeWithLibAV(path: path, each: each)
    }

    /// Decodes `path` and compares frame i with `source(i)` (generated again rather than kept,
    /// so this too stays flat in memory). A decoded frame larger than its source (the encoders'
    /// even padding) is compared on the source's area. Throws when the counts differ.
    /// With `frameRate`, each decoded frame is compared with the source frame its start time
    /// falls on (an animated WebP merges identical consecutive frames, so its frames and the
    /// sources stop lining up by position); without, the i-th with the i-th.
    public static func compare(path: String, frameRate: Double? = nil, source: (Int) throws -> RasterImage) throws -> (DecodedVideo, VideoQuality) {
        var ssims: [Double] = [], squaredError = 0.0, samples = 0, identical = 0, index = 0
        let decoded = try decode(path: path) { frame, start in
            let original = try source(frameRate.map { Int((start * $0).rounded()) } ?? index)
            let cropped = crop(frame, width: original.width, height: original.height)
            ssims.append(ssim(cropped, original) ?? 0)
            let (sum, count) = squaredErrorRGB(cropped, original)
            squaredError += sum; samples += count
            if cropped.pixels == original.pixels { identical += 1 }
            index += 1
        }
        let mse = samples == 0 ? 0 : squaredError / Double(samples)
        let quality = VideoQuality(frames: ssims.count, meanSSIM: ssims.isEmpty ? 0 : ssims.reduce(0, +) / Double(ssims.count),
                                   minimumSSIM: ssims.min() ?? 0,
                                   psnr: mse == 0 ? .infinity : 10 * log10(255 * 255 / mse), identicalFrames: identical)
        return (decoded, quality)
    }

    /// SSIM of the luma (Rec. 601 weights of R, G, B) of two images of the same size, over 8×8
    /// windows placed every 4 pixels, constants (0.01·255)² and (0.03·255)². nil when the sizes
    /// differ or the image is smaller than one window.
    public static func ssim(_ a: RasterImage, _ b: RasterImage) -> Double? {
        guard a.width == b.width, a.height == b.height, a.width >= 8, a.height >= 8 else { return nil }
        let lumaA = luma(a), lumaB = luma(b), width = a.width
        let c1: Double = (0.01 * 255) * (0.01 * 255), c2: Double = (0.03 * 255) * (0.03 * 255)
        var total = 0.0, windows = 0
        for top in stride(from: 0, through: a.height - 8, by: 4) {
            for left in stride(from: 0, through: a.width - 8, by: 4) {
                var sumA = 0.0, sumB = 0.0, sumAA = 0.0, sumBB = 0.0, sumAB = 0.0
                for y in top..<(top + 8) {
                    for x in left..<(left + 8) {
                        let p = lumaA[y * width + x], q = lumaB[y * width + x]
                        sumA += p; sumB += q; sumAA += p * p; sumBB += q * q; sumAB += p * q
                    }
                }
                let n = 64.0
                let meanA = sumA / n, meanB = sumB / n
                let varianceA = sumAA / n - meanA * meanA, varianceB = sumBB / n - meanB * meanB
                let covariance = sumAB / n - meanA * meanB
                total += (2 * meanA * meanB + c1) * (2 * covariance + c2)
                    / ((meanA * meanA + meanB * meanB + c1) * (varianceA + varianceB + c2))
                windows += 1
            }
        }
        return total / Double(windows)
    }

    /// PSNR over R, G, B in dB; nil when the sizes differ, `.infinity` when identical.
    public static func psnr(_ a: RasterImage, _ b: RasterImage) -> Double? {
        guard a.width == b.width, a.height == b.height, a.width > 0, a.height > 0 else { return nil }
        let (sum, count) = squaredErrorRGB(a, b)
        return sum == 0 ? .infinity : 10 * log10(255 * 255 / (sum / Double(count)))
    }

    static func luma(_ image: RasterImage) -> [Double] {
        var result = [Double](repeating: 0, count: image.width * image.height)
        image.pixels.withUnsafeBufferPointer { pixels in
            for index in result.indices {
                result[index] = 0.299 * Double(pixels[index * 4]) + 0.587 * Double(pixels[index * 4 + 1]) + 0.114 * Double(pixels[index * 4 + 2])
            }
        }
        return result
    }

    static func squaredErrorRGB(_ a: RasterImage, _ b: RasterImage) -> (Double, Int) {
        guard a.pixels.count == b.pixels.count else { return (0, 0) }
        var sum = 0.0
        a.pixels.withUnsafeBufferPointer { p in
            b.pixels.withUnsafeBufferPointer { q in
                for index in stride(from: 0, to: p.count, by: 4) {
                    for channel in 0..<3 {
                        let d = Double(p[index + channel]) - Double(q[index + channel])
                        sum += d * d
                    }
                }
            }
        }
        return (sum, a.pixels.count / 4 * 3)
    }

    /// The top-left `width`×`height` of `image` (itself when it is that size or smaller).
    static func crop(_ image: RasterImage, width: Int, height: Int) -> RasterImage {
        guard image.width > width || image.height > height, width <= image.width, height <= image.height else { return image }
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        for y in 0..<height {
            let from = y * image.width * 4
            pixels.replaceSubrange((y * width * 4)..<((y + 1) * width * 4), with: image.pixels[from..<(from + width * 4)])
        }
        return RasterImage(width: width, height: height, validatedPixels: pixels)
    }

    // MARK: libavformat

    static func decodeWithLibAV(path: String, each: (RasterImage, Double) throws -> Void) throws -> DecodedVideo {
        var container: UnsafeMutablePointer<AVFormatContext>?
        var result = avformat_open_input(&container, path, nil, nil)
        guard result >= 0, let container else { throw RenderError("\(path): cannot open (\(describeAVError(result)))") }
        var input: UnsafeMutablePointer<AVFormatContext>? = container
        defer { avformat_close_input(&input) }
        result = avformat_find_stream_info(container, nil)
        guard result >= 0 else { throw RenderError("\(path): cannot read the streams (\(describeAVError(result)))") }
        let index = av_find_best_stream(container, AVMEDIA_TYPE_VIDEO, -1, -1, nil, 0)
        guard index >= 0, let stream = container.pointee.streams[Int(index)], let parameters = stream.pointee.codecpar else {
            throw RenderError("\(path): no video stream")
        }
        guard let decoder = avcodec_find_decoder(parameters.pointee.codec_id) else { throw RenderError("\(path): no decoder for its codec") }
        var codec = avcodec_alloc_context3(decoder)
        defer { avcodec_free_context(&codec) }
        guard let codec else { throw RenderError("\(path): cannot allocate a decoder") }
        guard avcodec_parameters_to_context(codec, parameters) >= 0, avcodec_open2(codec, decoder, nil) >= 0 else {
            throw RenderError("\(path): cannot open the decoder")
        }
        var packet = av_packet_alloc(), frame = av_frame_alloc()
        defer { av_packet_free(&packet); av_frame_free(&frame) }
        guard let packet, let frame else { throw RenderError("\(path): out of memory") }
        let width = Int(parameters.pointee.width), height = Int(parameters.pointee.height)
        let timeBase = stream.pointee.time_base
        var scaler: OpaquePointer?
        defer { if let scaler { sws_freeContext(scaler) } }
        var times: [Double] = []

        func receive() throws {
            while true {
                let status = avcodec_receive_frame(codec, frame)
                if status == transit_averror_eagain() || status == transit_averror_eof() { return }
                guard status >= 0 else { throw RenderError("\(path): decoding failed (\(describeAVError(status)))") }
                defer { av_frame_unref(frame) }
                let w = Int(frame.pointee.width), h = Int(frame.pointee.height)
                scaler = sws_getCachedContext(scaler, Int32(w), Int32(h), AVPixelFormat(frame.pointee.format),
                                              Int32(w), Int32(h), AV_PIX_FMT_RGBA, Int32(SWS_BICUBIC | SWS_ACCURATE_RND), nil, nil, nil)
                guard let scaler else { throw RenderError("\(path): cannot convert its pixel format to RGBA") }
                let coefficients = sws_getCoefficients(SWS_CS_ITU709)
                _ = sws_setColorspaceDetails(scaler, coefficients, 0, coefficients, 1, 0, 1 << 16, 1 << 16)
                var pixels = [UInt8](repeating: 0, count: w * h * 4)
                pixels.withUnsafeMutableBufferPointer { rgba in
                    var planes: [UnsafeMutablePointer<UInt8>?] = [rgba.baseAddress, nil, nil, nil]
                    var strides: [Int32] = [Int32(w * 4), 0, 0, 0]
                    withUnsafePointer(to: &frame.pointee.data) { data in
                        data.withMemoryRebound(to: UnsafePointer<UInt8>?.self, capacity: 8) { source in
                            withUnsafePointer(to: &frame.pointee.linesize) { lines in
                                lines.withMemoryRebound(to: Int32.self, capacity: 8) { sourceStrides in
                                    _ = sws_scale(scaler, source, sourceStrides, 0, Int32(h), &planes, &strides)
                                }
                            }
                        }
                    }
                }
                let pts = frame.pointee.best_effort_timestamp
                let time = pts == transit_av_nopts_value() ? Double(times.count) : Double(pts) * Double(timeBase.num) / Double(timeBase.den)
                times.append(time)
                try each(RasterImage(width: w, height: h, validatedPixels: pixels), time)
            }
        }

        while av_read_frame(container, packet) >= 0 {
            defer { av_packet_unref(packet) }
            guard packet.pointee.stream_index == index else { continue }
            let status = avcodec_send_packet(codec, packet)
            guard status >= 0 else { throw RenderError("\(path): decoding failed (\(describeAVError(status)))") }
            try receive()
        }
        _ = avcodec_send_packet(codec, nil)
        try receive()
        var duration = 0.0
        if container.pointee.duration != transit_av_nopts_value() {
            duration = Double(container.pointee.duration) / Double(transit_av_time_base())
        } else if stream.pointee.duration != transit_av_nopts_value() {
            duration = Double(stream.pointee.duration) * Double(timeBase.num) / Double(timeBase.den)
        }
        return DecodedVideo(width: width, height: height, frameCount: times.count, duration: duration, frameTimes: times)
    }

    // MARK: WebP

    static func decodeWebP(path: String, each: (RasterImage, Double) throws -> Void) throws -> DecodedVideo {
        guard let contents = FileManager.default.contents(atPath: path) else { throw RenderError("\(path): cannot read") }
        let bytes = [UInt8](contents)
        return try bytes.withUnsafeBufferPointer { buffer in
            var options = WebPAnimDecoderOptions()
            guard WebPAnimDecoderOptionsInit(&options) != 0 else { throw RenderError("WebP: this libwebpdemux does not match its headers") }
            options.color_mode = MODE_RGBA
            options.use_threads = 0
            var data = WebPData(bytes: buffer.baseAddress, size: buffer.count)
            guard let decoder = WebPAnimDecoderNew(&data, &options) else { throw RenderError("\(path): not an animated WebP libwebp can read") }
            defer { WebPAnimDecoderDelete(decoder) }
            var info = WebPAnimInfo()
            guard WebPAnimDecoderGetInfo(decoder, &info) != 0 else { throw RenderError("\(path): cannot read the animation's header") }
            let width = Int(info.canvas_width), height = Int(info.canvas_height)
            var times: [Double] = [], previousEnd: Int32 = 0
            while WebPAnimDecoderHasMoreFrames(decoder) != 0 {
                var canvas: UnsafeMutablePointer<UInt8>?, end: Int32 = 0
                guard WebPAnimDecoderGetNext(decoder, &canvas, &end) != 0, let canvas else {
                    throw RenderError("\(path): cannot decode frame \(times.count)")
                }
                let pixels = [UInt8](UnsafeBufferPointer(start: canvas, count: width * height * 4))
                times.append(Double(previousEnd) / 1000)
                try each(RasterImage(width: width, height: height, validatedPixels: pixels), Double(previousEnd) / 1000)
                previousEnd = end
            }
            return DecodedVideo(width: width, height: height, frameCount: times.count, duration: Double(previousEnd) / 1000, frameTimes: times)
        }
    }
}
