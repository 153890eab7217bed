import Foundation
#if canImport(Glibc)
import Glibc
#endif
import TransitRender

/// The encoder for `path`'s extension (case-insensitive): .mp4 → `MP4Encoder` (H.264),
/// .webm → `WebMEncoder` (VP9), .webp → `WebPAnimationEncoder`. Unknown extensions throw an
/// error that lists the supported ones.
public func makeFrameEncoder(forPath path: String, width: Int, height: Int, frameRate: Double,
                             options: EncoderOptions = EncoderOptions()) throws -> any FrameEncoder {
    let name = (path as NSString).lastPathComponent
    let dot = name.lastIndex(of: ".")
    let ext = dot.map { String(name[name.index(after: $0)...]).lowercased() } ?? ""
    switch ext {
    case "mp4": return try MP4Encoder(path: path, width: width, height: height, frameRate: frameRate, options: options)
    case "webm": return try WebMEncoder(path: path, width: width, height: height, frameRate: frameRate, options: options)
    case "webp": return try WebPAnimationEncoder(path: path, width: width, height: height, frameRate: frameRate, options: options)
    default:
        let given = ext.isEmpty ? "no extension" : "extension .\(ext)"
        throw RenderError("\(path): \(given) is not a video format Transit writes; supported: "
                          + supportedVideoExtensions.map { "." + $0 }.joined(separator: ", "))
    }
}

/// Checks shared by every encoder's initializer, so bad sizes and rates throw instead of trapping.
func validateEncoderArguments(_ format: String, width: Int, height: Int, frameRate: Double) throws {
    guard width > 0, height > 0, width <= 16384, height <= 16384 else {
        throw RenderError("\(format): cannot encode \(width)×\(height) frames (each side must be 1...16384)")
    }
    guard frameRate.isFinite, frameRate > 0, frameRate <= 1000 else {
        throw RenderError("\(format): frame rate \(frameRate) is not in (0, 1000]")
    }
}

func validateFrame(_ format: String, _ frame: RasterImage, width: Int, height: Int, index: Int, duration: Double) throws {
    guard frame.width == width, frame.height == height, frame.pixels.count == width * height * 4 else {
        throw RenderError("\(format): frame \(index) is \(frame.width)×\(frame.height), the encoder's size is \(width)×\(height)")
    }
    try validateDuration(format, index: index, duration: duration)
}

func validateDuration(_ format: String, index: Int, duration: Double) throws {
    guard duration.isFinite, duration >= 0, duration <= 86_400 else {
        throw RenderError("\(format): frame \(index) has duration \(duration) s (it must be finite and ≥ 0)")
    }
}

/// Turns per-frame durations (seconds) into integer ticks without drift: each frame starts where
/// the previous ended and ends at the rounded cumulative time, so N frames of 1/60 s at 60 000
/// ticks a second end at exactly N × 1000 ticks. A frame shorter than one tick still gets one
/// (timestamps must increase).
struct TickClock {
    let ticksPerSecond: Double
    private(set) var elapsed: Double = 0
    private(set) var nextTick: Int64 = 0

    init(ticksPerSecond: Double) { self.ticksPerSecond = ticksPerSecond }

    /// The frame's start tick and its length in ticks (≥ 1).
    mutating func advance(by duration: Double) -> (start: Int64, length: Int64) {
        elapsed += duration
        let start = nextTick
        let end = max(start + 1, Int64((elapsed * ticksPerSecond).rounded()))
        nextTick = end
        return (start, end - start)
    }
}

/// A hidden temporary file beside the destination (`.NAME.XXXXXX.tmp`, same directory, so the
/// final rename is atomic), removed on `discard()` or deinit unless committed.
final class AtomicTemporaryFile {
    let destination: String
    let path: String
    private var done = false

    init(destination: String) throws {
        self.destination = destination
        let url = URL(fileURLWithPath: destination)
        let directory = url.deletingLastPathComponent().path
        var template = Array((directory + "/." + url.lastPathComponent + ".XXXXXX.tmp").utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemps($0.baseAddress!, 4) }
        guard descriptor >= 0 else {
            throw RenderError("\(destination): cannot create a temporary file in \(directory) (\(String(cString: strerror(errno))))")
        }
        close(descriptor)
        path = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    }

    deinit { discard() }

    /// Renames the temporary file over the destination.
    func commit() throws {
        guard !done else { throw RenderError("\(destination): already finished") }
        // mkstemp creates 0600; the output is 0644 like the renderer's other files (reading
        // the umask would mean setting it, which races with other threads creating files).
        chmod(path, 0o644)
        guard rename(path, destination) == 0 else {
            let reason = String(cString: strerror(errno))
            discard()
            throw RenderError("\(destination): cannot move the encoded file into place (\(reason))")
        }
        done = true
    }

    func discard() {
        guard !done else { return }
        done = true
        unlink(path)
    }
}
