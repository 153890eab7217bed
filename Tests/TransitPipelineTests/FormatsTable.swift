import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif
import TransitCore
import TransitLua
import TransitPipeline
import TransitRender
import TransitVideo

// The output formats side by side (docs/performance.md, "Output formats"): five shipped effects,
// each run once at 30 fps and its frames kept, then written as a GIF and in every video format;
// each file's size, its encode time (the GIF's thread CPU; the videos' as VideoMeasurement
// times them), and its SSIM and PSNR against the frames it was made from (the GIF decoded by
// TransitRender's decoder, the videos by libav and libwebp). A measurement, not a test: it runs
// with TRANSIT_MEASURE_FORMATS=1 (`TRANSIT_MEASURE_FORMATS=1 swift test -c release --filter
// FormatsTable`) and prints the Markdown table; it asserts only that every format decoded.

private let benchFormatEffects = ["animators/cube.lua", "animators/fold.lua", "animators/cardStack.lua",
                                  "presentations/bottomSheet.lua", "presentations/blurIn.lua"]

@Suite struct FormatsTable {
    @Test(.enabled(if: ProcessInfo.processInfo.environment["TRANSIT_MEASURE_FORMATS"] == "1"))
    func sizesEncodeTimesAndQualityPerFormat() throws {
        print(try formatsTable().joined(separator: "\n"))
    }
}

func formatsTable() throws -> [String] {
    guard let scripts = LuaRuntime.defaultScriptsDirectory else { throw RenderError("Transit's scripts directory was not found") }
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("transit-bench-formats-\(getpid())")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let formats: [(name: String, ext: String, options: EncoderOptions)] = [
        ("mp4", "mp4", EncoderOptions()), ("webm", "webm", EncoderOptions()),
        ("webp", "webp", EncoderOptions()), ("webp lossless", "webp", EncoderOptions(lossless: true)),
        ("webm q40", "webm", EncoderOptions(quality: 40)),
    ]
    var ratios: [String: [Double]] = [:], gifSizes: [Double] = []
    var table = ["| effect | frames | format | KiB | × GIF | encode ms | SSIM | PSNR dB |", "|---|---:|---|---:|---:|---:|---:|---:|"]
    for effect in benchFormatEffects {
        var configuration = RunConfiguration(file: scripts.appendingPathComponent(effect))
        configuration.fps = 30
        let frames = FrameCollector()
        try RenderJob.run(configuration, format: frames, to: nil, progress: false,
                          prepare: { session, _ in session.runtime.output = { _ in }; session.world.warningHandler = nil })
        let images = frames.images
        guard let first = images.first else { throw RenderError("\(effect) drew no frames") }
        let name = URL(fileURLWithPath: effect).deletingPathExtension().lastPathComponent
        // The GIF: one palette for all frames, as `render -o x.gif` writes it.
        let clock = ContinuousClock()
        var gif: [UInt8] = []
        let gifTime = try clock.measure { gif = try GIFEncoder.encode(frames: images, delaysInCentiseconds: GIFEncoder.frameDelays(count: images.count, fps: 30)) }
        let gifMilliseconds = Double(gifTime.components.attoseconds) / 1e15 + Double(gifTime.components.seconds) * 1000
        let decodedGIF = try GIFDecoder.decode(gif).frames
        let gifSSIM = zip(decodedGIF, images).map { VideoMeasurement.ssim($0, $1) ?? 0 }.reduce(0, +) / Double(images.count)
        let gifPSNR = psnr(decodedGIF, images)
        gifSizes.append(Double(gif.count))
        table.append(row(name, images.count, "gif", gif.count, 1, gifMilliseconds, gifSSIM, gifPSNR))
        for format in formats {
            let path = directory.appendingPathComponent("\(name)-\(format.name.replacingOccurrences(of: " ", with: "-")).\(format.ext)").path
            let measured = try VideoMeasurement.measure(path: path, width: first.width, height: first.height, frameRate: 30,
                                                        count: images.count, options: format.options) { images[min($0, images.count - 1)] }
            let ratio = Double(measured.bytes) / Double(gif.count)
            ratios[format.name, default: []].append(ratio)
            table.append(row(name, images.count, format.name, measured.bytes, ratio, measured.encodeSeconds * 1000,
                             measured.quality.meanSSIM, measured.quality.psnr))
        }
    }
    #expect(ratios.values.allSatisfy { $0.count == benchFormatEffects.count })
    return ["sizes against the GIF over " + benchFormatEffects.joined(separator: ", ") + " at 30 fps, scale 1:"] + table
}

private func row(_ effect: String, _ frames: Int, _ format: String, _ bytes: Int, _ ratio: Double, _ milliseconds: Double, _ ssim: Double, _ psnr: Double) -> String {
    func f(_ value: Double, _ digits: Int) -> String { value.isFinite ? String(format: "%.\(digits)f", value) : "∞" }
    return "| \(effect) | \(frames) | \(format) | \(bytes / 1024) | \(f(ratio, 2)) | \(f(milliseconds, 0)) | \(f(ssim, 4)) | \(f(psnr, 1)) |"
}

/// PSNR over RGB of decoded frames against their sources (∞ when identical).
private func psnr(_ decoded: [RasterImage], _ sources: [RasterImage]) -> Double {
    var sum = 0.0, count = 0
    for (a, b) in zip(decoded, sources) where a.pixels.count == b.pixels.count {
        for i in stride(from: 0, to: a.pixels.count, by: 4) {
            for c in 0..<3 {
                let d = Double(a.pixels[i + c]) - Double(b.pixels[i + c])
                sum += d * d
            }
            count += 3
        }
    }
    guard count > 0, sum > 0 else { return .infinity }
    return 10 * log10(255 * 255 / (sum / Double(count)))
}
