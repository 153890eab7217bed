import Foundation
import Testing
import TransitCore
@testable import TransitRender
@testable import TransitVideo

// The streaming video encoders (.mp4 H.264, .webm VP9, animated .webp), each checked by decoding
// its file back: frame count, timing, size, and the pixels against the frames that went in.
@Suite struct VideoEncoderTests {
    /// A moving square over a gradient, opaque: frame `index` of a synthetic animation.
    static func square(_ index: Int, width: Int = 64, height: Int = 48) -> RasterImage {
        var pixels = [UInt8](repeating: 255, count: width * height * 4)
        let left = 4 + (index * 2) % max(1, width - 20), top = 8 + index % max(1, height - 20)
        for y in 0..<height {
            for x in 0..<width {
                let offset = (y * width + x) * 4
                let inside = x >= left && x < left + 16 && y >= top && y < top + 16
                pixels[offset] = inside ? 250 : UInt8(x * 255 / width)
                pixels[offset + 1] = inside ? 220 : UInt8(y * 255 / height)
                pixels[offset + 2] = inside ? 40 : 96
            }
        }
        return RasterImage(width: width, height: height, validatedPixels: pixels)
    }

    static func directory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("transit-video-\(getpid())-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Encodes `count` frames of `square` at 60 fps into `name` and returns its path.
    static func encode(_ name: String, count: Int = 30, width: Int = 64, height: Int = 48,
                       options: EncoderOptions = EncoderOptions(), in directory: URL) throws -> String {
        let path = directory.appendingPathComponent(name).path
        let encoder = try makeFrameEncoder(forPath: path, width: width, height: height, frameRate: 60, options: options)
        for index in 0..<count { try encoder.append(square(index, width: width, height: height), duration: 1.0 / 60) }
        try encoder.finish()
        return path
    }

    static func size(_ path: String) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber)?.intValue ?? 0
    }

    /// Files in `directory` other than `keeping` (leftover temporary files).
    static func others(in directory: URL, keeping: [String]) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).filter { !keeping.contains($0) }
    }

    @Test(arguments: ["mp4", "webm"])
    func ffmpegFormatsDecodeBackWithTheirFramesAndDuration(ext: String) throws {
        let directory = try Self.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = try Self.encode("square.\(ext)", in: directory)
        #expect(Self.size(path) > 0)
        #expect(Self.others(in: directory, keeping: ["square.\(ext)"]).isEmpty)
        let mode = (try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? NSNumber)?.intValue
        #expect(mode == 0o644)
        let (decoded, quality) = try VideoMeasurement.compare(path: path) { Self.square($0) }
        #expect(decoded.frameCount == 30)
        #expect(decoded.width == 64 && decoded.height == 48)
        #expect(abs(decoded.duration - 0.5) <= 1.0 / 60, "duration \(decoded.duration)")
        for (index, time) in decoded.frameTimes.enumerated() {
            #expect(abs(time - Double(index) / 60) <= 0.001, "frame \(index) at \(time)")
        }
        // Measured: mp4 0.99, webm 0.99 at the default quality 75 (see docs/formats.md).
        #expect(quality.meanSSIM > 0.95, "SSIM \(quality.meanSSIM)")
        #expect(quality.psnr > 30, "PSNR \(quality.psnr)")
    }

    @Test func lossyWebPHasItsFramesAndMillisecondTimestamps() throws {
        let directory = try Self.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = try Self.encode("square.webp", in: directory)
        #expect(Self.size(path) > 0)
        let (decoded, quality) = try VideoMeasurement.compare(path: path) { Self.square($0) }
        #expect(decoded.frameCount == 30)
        #expect(decoded.width == 64 && decoded.height == 48)
        #expect(decoded.duration == 0.5)
        let expected: [Double] = (0..<30).map { index in (Double(index) * 1000 / 60).rounded() / 1000 }
        #expect(decoded.frameTimes == expected)
        #expect(quality.meanSSIM > 0.9, "SSIM \(quality.meanSSIM)")
        // Measured 27.7 dB at quality 75 on these 64×48 gradients (WebP's lossy mode is 4:2:0 too).
        #expect(quality.psnr > 26, "PSNR \(quality.psnr)")
    }

    @Test func losslessWebPGivesBackEveryPixel() throws {
        let directory = try Self.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = try Self.encode("square.webp", options: EncoderOptions(lossless: true), in: directory)
        let (decoded, quality) = try VideoMeasurement.compare(path: path) { Self.square($0) }
        #expect(decoded.frameCount == 30)
        #expect(quality.identicalFrames == 30)
        #expect(quality.psnr == .infinity)
    }

    @Test func losslessWebPKeepsTranslucentPixels() throws {
        let directory = try Self.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("alpha.webp").path
        func frame(_ index: Int) -> RasterImage {
            var image = Self.square(index, width: 20, height: 20)
            for offset in stride(from: 3, to: image.pixels.count, by: 4) { image.pixels[offset] = UInt8((offset / 4 * 7 + index) % 256) }
            return image
        }
        let encoder = try WebPAnimationEncoder(path: path, width: 20, height: 20, frameRate: 60, options: EncoderOptions(lossless: true))
        for index in 0..<5 { try encoder.append(frame(index), duration: 0.05) }
        try encoder.finish()
        let (decoded, quality) = try VideoMeasurement.compare(path: path) { frame($0) }
        #expect(decoded.frameCount == 5)
        #expect(quality.identicalFrames == 5)
        #expect(decoded.duration == 0.25)
    }

    /// yuv420p needs even sides: a 63×47 video is stored 64×48 with the last column and row
    /// repeated; WebP keeps the odd size.
    @Test(arguments: ["mp4", "webm", "webp"])
    func oddSizesArePaddedForYUVAndKeptForWebP(ext: String) throws {
        let directory = try Self.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = try Self.encode("odd.\(ext)", count: 6, width: 63, height: 47, in: directory)
        var last: RasterImage?
        let (decoded, quality) = try VideoMeasurement.compare(path: path) { Self.square($0, width: 63, height: 47) }
        try VideoMeasurement.decode(path: path) { frame, _ in last = frame }
        #expect(decoded.frameCount == 6)
        if ext == "webp" {
            #expect(decoded.width == 63 && decoded.height == 47)
        } else {
            #expect(decoded.width == 64 && decoded.height == 48)
            // The padding column repeats column 62 (within the codec's error).
            if let last {
                let padding = last.pixel(x: 63, y: 20), edge = last.pixel(x: 62, y: 20)
                #expect(abs(Int(padding.r) - Int(edge.r)) <= 12 && abs(Int(padding.g) - Int(edge.g)) <= 12, "\(padding) vs \(edge)")
            }
        }
        #expect(quality.meanSSIM > 0.9, "SSIM \(quality.meanSSIM)")
    }

    /// Frames carry their own durations: the container's timestamps are the cumulative sums.
    @Test(arguments: ["mp4", "webm", "webp"])
    func variableDurationsMapToTimestamps(ext: String) throws {
        let directory = try Self.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("variable.\(ext)").path
        let durations = [1.0 / 60, 1.0 / 30, 0.1, 1.0 / 60, 0.25, 1.0 / 60, 1.0 / 60, 0.05]
        let encoder = try makeFrameEncoder(forPath: path, width: 32, height: 32, frameRate: 60)
        for (index, duration) in durations.enumerated() { try encoder.append(Self.square(index * 3, width: 32, height: 32), duration: duration) }
        try encoder.finish()
        let decoded = try VideoMeasurement.decode(path: path)
        #expect(decoded.frameCount == durations.count)
        var start = 0.0
        for (index, duration) in durations.enumerated() {
            if index < decoded.frameTimes.count {
                #expect(abs(decoded.frameTimes[index] - start) <= 0.001, "frame \(index) at \(decoded.frameTimes[index]), expected \(start)")
            }
            start += duration
        }
        #expect(abs(decoded.duration - start) <= 0.001, "duration \(decoded.duration), expected \(start)")
    }

    /// Non-integer, very low and very high nominal rates still give a time base the codecs take.
    @Test(arguments: ["mp4", "webm", "webp"])
    func unusualFrameRatesEncode(ext: String) throws {
        let directory = try Self.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        for rate in [29.97, 24, 0.5, 1000] {
            let path = directory.appendingPathComponent("rate.\(ext)").path
            let encoder = try makeFrameEncoder(forPath: path, width: 16, height: 16, frameRate: rate)
            for index in 0..<4 {
                // Distinct frames: libwebp merges identical ones, and writes a lone frame as a still image.
                var frame = Self.square(index, width: 16, height: 16)
                for offset in stride(from: 0, to: frame.pixels.count, by: 4) { frame.pixels[offset + 1] = UInt8(index * 60) }
                try encoder.append(frame, duration: 1 / rate)
            }
            try encoder.finish()
            let decoded = try VideoMeasurement.decode(path: path)
            #expect(decoded.frameCount == 4, "\(ext) at \(rate) fps")
            #expect(abs(decoded.duration - 4 / rate) <= 0.002, "\(ext) at \(rate) fps lasts \(decoded.duration)")
        }
    }

    @Test func sixtyFramesPerSecondTicksAddUpExactly() {
        var clock = TickClock(ticksPerSecond: 60_000)
        for _ in 0..<600 { _ = clock.advance(by: 1.0 / 60) }
        #expect(clock.nextTick == 600_000)
        var milliseconds = TickClock(ticksPerSecond: 1000)
        let lengths = (0..<3).map { _ in milliseconds.advance(by: 1.0 / 60).length }
        #expect(lengths == [17, 16, 17])
        var zero = TickClock(ticksPerSecond: 1000)
        #expect(zero.advance(by: 0).length == 1)
        #expect(zero.advance(by: 0.0015).start == 1)
    }

    @Test func unknownExtensionsListTheSupportedOnes() throws {
        for path in ["/tmp/out.avi", "/tmp/out", "/tmp/dir.mp4/out"] {
            do {
                _ = try makeFrameEncoder(forPath: path, width: 10, height: 10, frameRate: 60)
                Issue.record("\(path) was accepted")
            } catch let error as RenderError {
                #expect(error.message.contains(".mp4, .webm, .webp"), "\(error.message)")
            }
        }
        let directory = try Self.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        #expect(try makeFrameEncoder(forPath: directory.appendingPathComponent("UPPER.MP4").path, width: 8, height: 8, frameRate: 60) is MP4Encoder)
        #expect(try makeFrameEncoder(forPath: directory.appendingPathComponent("a.WebM").path, width: 8, height: 8, frameRate: 60) is WebMEncoder)
        #expect(try makeFrameEncoder(forPath: directory.appendingPathComponent("a.webp").path, width: 8, height: 8, frameRate: 60) is WebPAnimationEncoder)
        #expect(Self.others(in: directory, keeping: []).isEmpty, "encoders released unfinished leave nothing behind")
    }

    /// A failure, or an encoder dropped before finish(), leaves the file that was there alone
    /// and no temporary file behind; finishing with no frames is an error, not a crash.
    @Test(arguments: ["mp4", "webm", "webp"])
    func failuresLeaveAnExistingFileUntouched(ext: String) throws {
        let directory = try Self.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let name = "existing.\(ext)", path = directory.appendingPathComponent(name).path
        let original = Data("the previous render".utf8)
        try original.write(to: URL(fileURLWithPath: path))

        do {
            let encoder = try makeFrameEncoder(forPath: path, width: 32, height: 32, frameRate: 60)
            try encoder.append(Self.square(0, width: 32, height: 32), duration: 1.0 / 60)
            #expect(throws: RenderError.self) { try encoder.append(Self.square(1, width: 30, height: 32), duration: 1.0 / 60) }
            #expect(throws: RenderError.self) { try encoder.finish() }
        }
        #expect(FileManager.default.contents(atPath: path) == original)
        #expect(Self.others(in: directory, keeping: [name]).isEmpty)

        do {
            let encoder = try makeFrameEncoder(forPath: path, width: 32, height: 32, frameRate: 60)
            try encoder.append(Self.square(0, width: 32, height: 32), duration: 1.0 / 60)
            #expect(throws: RenderError.self) { try encoder.append(Self.square(1, width: 32, height: 32), duration: .nan) }
        }
        #expect(FileManager.default.contents(atPath: path) == original)

        do {
            let encoder = try makeFrameEncoder(forPath: path, width: 32, height: 32, frameRate: 60)
            try encoder.append(Self.square(0, width: 32, height: 32), duration: 1.0 / 60)
            // Released without finish().
        }
        #expect(FileManager.default.contents(atPath: path) == original)
        #expect(Self.others(in: directory, keeping: [name]).isEmpty)

        let empty = try makeFrameEncoder(forPath: path, width: 32, height: 32, frameRate: 60)
        do {
            try empty.finish()
            Issue.record("finishing with no frames succeeded")
        } catch let error as RenderError {
            #expect(error.message.contains("no frames"), "\(error.message)")
        }
        #expect(FileManager.default.contents(atPath: path) == original)
        #expect(Self.others(in: directory, keeping: [name]).isEmpty)
        #expect(throws: RenderError.self) { try empty.append(Self.square(0, width: 32, height: 32), duration: 0.1) }

        // A successful encode replaces it.
        _ = try Self.encode(name, count: 3, width: 32, height: 32, in: directory)
        #expect(FileManager.default.contents(atPath: path) != original)
        #expect(try VideoMeasurement.decode(path: path).frameCount == 3)
    }

    @Test func badArgumentsThrow() throws {
        let directory = try Self.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        for ext in ["mp4", "webm", "webp"] {
            let path = directory.appendingPathComponent("bad.\(ext)").path
            for (width, height, rate) in [(0, 10, 60.0), (10, -1, 60), (20_000, 10, 60), (10, 10, 0), (10, 10, .nan), (10, 10, .infinity)] {
                #expect(throws: RenderError.self, "\(ext) \(width)×\(height) @ \(rate)") {
                    _ = try makeFrameEncoder(forPath: path, width: width, height: height, frameRate: rate)
                }
            }
            // 1×1 is odd on both sides and still encodes.
            let encoder = try makeFrameEncoder(forPath: path, width: 1, height: 1, frameRate: 30)
            try encoder.append(Self.square(0, width: 1, height: 1), duration: 1.0 / 30)
            try encoder.finish()
            #expect(try VideoMeasurement.decode(path: path).frameCount == 1)
        }
        #expect(Self.others(in: directory, keeping: ["bad.mp4", "bad.webm", "bad.webp"]).isEmpty)
    }

    /// 600 frames go through without the encoder keeping them: what it holds of frames in flight
    /// stays bounded by the codec's look-ahead, and none of its stored properties is an array of
    /// frames or pixel buffers.
    @Test(arguments: ["mp4", "webm", "webp"])
    func memoryStaysFlatInTheFrameCount(ext: String) throws {
        let directory = try Self.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("long.\(ext)").path
        let encoder = try makeFrameEncoder(forPath: path, width: 32, height: 32, frameRate: 60)
        var most = 0
        for index in 0..<600 {
            try encoder.append(Self.square(index, width: 32, height: 32), duration: 1.0 / 60)
            let inFlight = (encoder as? MP4Encoder)?.framesInFlight ?? (encoder as? WebMEncoder)?.framesInFlight ?? 0
            most = max(most, inFlight)
        }
        #expect(most < 100, "\(most) frames in flight")
        // The encoder's stored properties and theirs (LibAVWriter's), by type: an empty array
        // would pass any `is [T]` cast.
        let frameArrays = [ObjectIdentifier([RasterImage].self), ObjectIdentifier([[UInt8]].self), ObjectIdentifier([RasterFrame].self)]
        let top = Mirror(reflecting: encoder)
        for subject in [top] + top.children.map({ Mirror(reflecting: $0.value) }) {
            for child in subject.children {
                #expect(!frameArrays.contains(ObjectIdentifier(Swift.type(of: child.value))), "\(child.label ?? "?") holds frames")
            }
        }
        try encoder.finish()
        let decoded = try VideoMeasurement.decode(path: path)
        #expect(decoded.frameCount == 600)
        #expect(abs(decoded.duration - 10) <= 0.001, "\(decoded.duration)")
    }

    @Test func ssimAndPSNR() {
        let a = Self.square(0), b = Self.square(5)
        #expect(VideoMeasurement.ssim(a, a) == 1)
        #expect(VideoMeasurement.psnr(a, a) == .infinity)
        #expect((VideoMeasurement.ssim(a, b) ?? 1) < 0.95)
        #expect(VideoMeasurement.ssim(a, Self.square(0, width: 32, height: 32)) == nil)
        #expect(VideoMeasurement.ssim(RasterImage(width: 4, height: 4), RasterImage(width: 4, height: 4)) == nil)
    }

    /// A frame given as cairo's words (OpaqueFrame, what the player and `render -o x.webm|mp4`
    /// hand over) is converted by its own swscale context: it must make the same file, byte for
    /// byte, as the same frame given as a RasterImage, at an even and an odd width (padded).
    /// WebM and WebP only: MP4 goes through the same LibAVWriter conversion as WebM, and x264's
    /// output for these 64×48 frames is not always the same from one encode to the next in a
    /// test process, RasterImages alone included (2516 bytes, now and then 2536–2547).
    @Test(arguments: ["webm", "webp"])
    func opaqueWordsEncodeAsTheirImageDoes(ext: String) throws {
        let directory = try Self.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        for width in [64, 63] {
            func words(_ image: RasterImage) throws -> OpaqueFrame {
                let pixels = image.pixels
                let words = (0..<(image.width * image.height)).map { index -> UInt32 in
                    0xFF00_0000 | UInt32(pixels[4 * index]) << 16 | UInt32(pixels[4 * index + 1]) << 8 | UInt32(pixels[4 * index + 2])
                }
                return try OpaqueFrame(width: image.width, height: image.height, words: words)
            }
            let images = directory.appendingPathComponent("images-\(width).\(ext)").path
            let opaque = directory.appendingPathComponent("words-\(width).\(ext)").path
            let byImage = try makeFrameEncoder(forPath: images, width: width, height: 48, frameRate: 60, options: EncoderOptions())
            for index in 0..<12 { try byImage.append(Self.square(index, width: width), duration: 1.0 / 60) }
            try byImage.finish()
            let byWords = try makeFrameEncoder(forPath: opaque, width: width, height: 48, frameRate: 60, options: EncoderOptions())
            for index in 0..<12 {
                let frame = Self.square(index, width: width)
                #expect(try words(frame).rasterImage().pixels == frame.pixels)
                try byWords.append(opaque: try words(frame), duration: 1.0 / 60)
            }
            try byWords.finish()
            #expect(Self.size(images) > 0)
            #expect(FileManager.default.contents(atPath: images) == FileManager.default.contents(atPath: opaque), "\(ext) at width \(width)")
        }
    }
}

/// The table in docs/formats.md: `TRANSIT_MEASURE_VIDEO=1 swift test --filter VideoMeasurementTable`.
/// Prints size, encode time and SSIM per format; asserts nothing beyond the encodes working.
@Suite struct VideoMeasurementTable {
    /// A transition-like scene at phone size: GIFStreamingTests' card sliding up and fading in
    /// over list rows, rasterized at 3× (360×480 px).
    static func scene(_ index: Int, of count: Int) -> RasterImage {
        Rasterizer(scale: 3, background: Color(white: 0)).render(GIFStreamingTests.frame(index, of: count), size: GIFStreamingTests.size)
    }

    @Test(.enabled(if: ProcessInfo.processInfo.environment["TRANSIT_MEASURE_VIDEO"] != nil))
    func printTable() throws {
        let directory = try VideoEncoderTests.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let count = 60
        let first = Self.scene(0, of: count)
        var lines = ["| source | format | options | bytes | encode s | mean SSIM | min SSIM | PSNR dB | duration s |",
                     "| --- | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |"]
        let sources: [(String, Int, Int, (Int) -> RasterImage)] = [
            ("scene 360×480 ×60", first.width, first.height, { Self.scene($0, of: count) }),
            ("square 64×48 ×60", 64, 48, { VideoEncoderTests.square($0) }),
        ]
        for (label, width, height, source) in sources {
            for (ext, options, described) in [("mp4", EncoderOptions(), "q75 (crf 14)"), ("mp4", EncoderOptions(quality: 50), "q50 (crf 26)"),
                                               ("webm", EncoderOptions(), "q75 (crf 16)"), ("webm", EncoderOptions(quality: 50), "q50 (crf 32)"),
                                               ("webp", EncoderOptions(), "q75 lossy"), ("webp", EncoderOptions(lossless: true), "lossless")] {
                let path = directory.appendingPathComponent("measure.\(ext)").path
                let row = try VideoMeasurement.measure(path: path, width: width, height: height, frameRate: 60, count: count,
                                                       options: options, source: source)
                lines.append("| \(label) | .\(ext) | \(described) | \(row.bytes) | \(String(format: "%.2f", row.encodeSeconds)) | "
                             + "\(String(format: "%.4f", row.quality.meanSSIM)) | \(String(format: "%.4f", row.quality.minimumSSIM)) | "
                             + "\(row.quality.psnr.isInfinite ? "∞" : String(format: "%.1f", row.quality.psnr)) | \(String(format: "%.3f", row.decoded.duration)) |")
                #expect(row.decoded.frameCount == count)
            }
        }
        print(lines.joined(separator: "\n"))
    }

}

